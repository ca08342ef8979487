// A listed schema carries only the formats JSON Schema defines (2020-12, 7.3): a client's validator knows
// those, and warns of any other (`unknown format "uint64" ignored`) on every tools/list. A format of the
// OpenAPI registry that names an integer range says it with minimum and maximum instead; any other is
// left to the description. The calls are still checked against the document's own schema (input-check.ts).
import type { JsonObject } from 'cloud-platform-api/toolbox';

const JSON_SCHEMA_FORMATS = new Set([
  'date-time',
  'date',
  'time',
  'duration',
  'email',
  'idn-email',
  'hostname',
  'idn-hostname',
  'ipv4',
  'ipv6',
  'uri',
  'uri-reference',
  'iri',
  'iri-reference',
  'uuid',
  'uri-template',
  'json-pointer',
  'relative-json-pointer',
  'regex',
]);

/** The integer formats of the OpenAPI format registry, as the range each allows. */
const RANGES: Record<string, [number, number]> = {
  int8: [-(2 ** 7), 2 ** 7 - 1],
  uint8: [0, 2 ** 8 - 1],
  int16: [-(2 ** 15), 2 ** 15 - 1],
  uint16: [0, 2 ** 16 - 1],
  int32: [-(2 ** 31), 2 ** 31 - 1],
  uint32: [0, 2 ** 32 - 1],
  int64: [-(2 ** 63), 2 ** 63 - 1],
  uint64: [0, 2 ** 64 - 1],
};

/** Keywords whose value is data, not a schema: kept as they are. */
const DATA_KEYWORDS = new Set(['enum', 'examples', 'example', 'default', 'const', 'required']);
/** Keywords whose value maps names to schemas: the names are data (a property may be called `example`). */
const SCHEMA_MAPS = new Set(['properties', 'patternProperties', '$defs', 'dependentSchemas']);

const isObject = (value: unknown): value is JsonObject =>
  value !== null && typeof value === 'object' && !Array.isArray(value);

/** One schema's own format as JSON Schema can say it. */
function ownFormat(schema: JsonObject): JsonObject {
  const { format, ...rest } = schema;
  if (typeof format !== 'string' || JSON_SCHEMA_FORMATS.has(format)) return schema;
  const range = RANGES[format];
  if (!range) {
    const said = `Format: ${format}.`;
    return { ...rest, description: [rest.description, said].filter(Boolean).join(' ') };
  }
  const [low, high] = range;
  return {
    ...rest,
    minimum: typeof rest.minimum === 'number' ? Math.max(rest.minimum, low) : low,
    maximum: typeof rest.maximum === 'number' ? Math.min(rest.maximum, high) : high,
  };
}

/** The schema, and every schema in it, with only JSON Schema's formats. */
export function withStandardFormats<T>(node: T): T {
  if (Array.isArray(node)) return node.map(withStandardFormats) as T;
  if (!isObject(node)) return node;
  const walked = Object.entries(node).map(([key, value]) => {
    if (DATA_KEYWORDS.has(key)) return [key, value];
    if (SCHEMA_MAPS.has(key) && isObject(value))
      return [
        key,
        Object.fromEntries(Object.entries(value).map(([name, schema]) => [name, withStandardFormats(schema)])),
      ];
    return [key, withStandardFormats(value)];
  });
  return ownFormat(Object.fromEntries(walked)) as T;
}
