// Values for a schema of the document: the example it gives, random values it allows (fast-check),
// and candidates that break one of its rules. Nothing here decides validity: the runner keeps a
// value only after the document's own validator (Ajv) has said it is valid, or invalid, so a
// candidate this module gets wrong is dropped, never sent under the wrong label.
import fc from 'fast-check';
import {
  resolveRef,
  schemaExample,
  schemaProperties,
  type JsonObject,
  type OpenApiDocument,
} from 'cloud-platform-api/toolbox';

/** Deeper than this, an object's random value is its example: bodies here nest two or three levels. */
const MAX_DEPTH = 4;
/** Bounds that fast-check's integer arbitrary takes (32-bit); a schema's wider range is met by its boundaries. */
const INT32 = { min: -(2 ** 31), max: 2 ** 31 - 1 };
const LONGEST_RANDOM_STRING = 40;

export const typesOf = (schema: JsonObject): string[] =>
  Array.isArray(schema.type) ? schema.type : typeof schema.type === 'string' ? [schema.type] : [];

/** The names a schema requires, its own and its allOf parts'. */
export function requiredNames(document: OpenApiDocument, schema: JsonObject): string[] {
  const s = resolveRef(document, schema);
  return [...(s.required ?? []), ...((s.allOf ?? []) as JsonObject[]).flatMap((part) => requiredNames(document, part))];
}

function integerArbitrary(s: JsonObject): fc.Arbitrary<number> {
  const min = typeof s.exclusiveMinimum === 'number' ? s.exclusiveMinimum + 1 : (s.minimum as number | undefined);
  const max = typeof s.exclusiveMaximum === 'number' ? s.exclusiveMaximum - 1 : (s.maximum as number | undefined);
  const inRange = fc.integer({
    min: Math.max(min ?? INT32.min, INT32.min),
    max: Math.min(max ?? INT32.max, INT32.max),
  });
  const bounds = [min, max].filter((n): n is number => n !== undefined);
  return bounds.length === 0 ? inRange : fc.oneof(inRange, fc.constantFrom(...bounds));
}

const dateTime = fc
  .date({ min: new Date('2000-01-01T00:00:00Z'), max: new Date('2099-12-31T23:59:59Z'), noInvalidDate: true })
  .map((d) => d.toISOString().replace(/\.\d{3}Z$/, 'Z'));

function stringArbitrary(s: JsonObject): fc.Arbitrary<string> {
  if (s.format === 'date-time') return dateTime;
  if (s.format === 'date') return dateTime.map((text) => text.slice(0, 10));
  if (s.format === 'uuid') return fc.uuid();
  if (s.format === 'email') return fc.emailAddress();
  if (s.format === 'uri') return fc.webUrl();
  if (typeof s.pattern === 'string') {
    // fast-check generates from a subset of regular expressions (no \b, say): for another pattern, plain
    // strings, of which the judge keeps only those the pattern takes.
    try {
      return fc.stringMatching(new RegExp(s.pattern, 'u'));
    } catch {
      return fc.string({ maxLength: LONGEST_RANDOM_STRING });
    }
  }
  const minLength = (s.minLength as number | undefined) ?? 0;
  return fc.string({
    minLength,
    maxLength: Math.max(
      minLength,
      Math.min((s.maxLength as number | undefined) ?? LONGEST_RANDOM_STRING, LONGEST_RANDOM_STRING),
    ),
  });
}

function objectArbitrary(document: OpenApiDocument, s: JsonObject, depth: number): fc.Arbitrary<unknown> {
  if (depth >= MAX_DEPTH) return fc.constant(schemaExample(document, s) ?? {});
  // Values for requests: a `readOnly` property is the server's to set, never sent.
  const properties = Object.fromEntries(
    Object.entries(schemaProperties(document, s)).filter(
      ([, property]) => property.readOnly !== true && resolveRef(document, property).readOnly !== true,
    ),
  );
  const required = new Set(requiredNames(document, s));
  const fields = Object.fromEntries(
    Object.entries(properties).map(([name, property]) => [name, valueArbitrary(document, property, depth + 1)]),
  );
  return fc.record(fields, { requiredKeys: Object.keys(properties).filter((name) => required.has(name)) });
}

function typeArbitrary(document: OpenApiDocument, s: JsonObject, type: string, depth: number): fc.Arbitrary<unknown> {
  switch (type) {
    case 'null':
      return fc.constant(null);
    case 'boolean':
      return fc.boolean();
    case 'integer':
      return integerArbitrary(s);
    case 'number':
      return fc.double({
        min: (s.minimum as number | undefined) ?? -1e9,
        max: (s.maximum as number | undefined) ?? 1e9,
        noNaN: true,
        noDefaultInfinity: true,
      });
    case 'string':
      return stringArbitrary(s);
    case 'array': {
      const items = s.items
        ? valueArbitrary(document, s.items as JsonObject, depth + 1)
        : fc.jsonValue({ maxDepth: 1 });
      const constraints = {
        minLength: (s.minItems as number | undefined) ?? 0,
        maxLength: Math.max(
          (s.minItems as number | undefined) ?? 0,
          Math.min((s.maxItems as number | undefined) ?? 3, 3),
        ),
      };
      return s.uniqueItems
        ? fc.uniqueArray(items, { ...constraints, comparator: 'SameValueZero' })
        : fc.array(items, constraints);
    }
    default:
      return objectArbitrary(document, s, depth);
  }
}

/** Random values of a schema: mostly what it allows; the runner drops any the document's validator refuses. */
export function valueArbitrary(document: OpenApiDocument, schema: JsonObject, depth = 0): fc.Arbitrary<unknown> {
  const s = resolveRef(document, schema);
  if ('const' in s) return fc.constant(s.const);
  if (Array.isArray(s.enum)) return fc.constantFrom(...(s.enum as unknown[]));
  const branches = (s.oneOf ?? s.anyOf) as JsonObject[] | undefined;
  if (branches && branches.length > 0)
    return fc.oneof(...branches.map((branch) => valueArbitrary(document, branch, depth + 1)));
  const types = typesOf(s);
  if (types.length === 0)
    return s.allOf || s.properties ? objectArbitrary(document, s, depth) : fc.jsonValue({ maxDepth: 1 });
  return fc.oneof(...types.map((type) => typeArbitrary(document, s, type, depth)));
}

/** One value of each JSON type, for breaking a schema's `type`. */
const ONE_OF_EACH_TYPE: [string, unknown][] = [
  ['string', 'not-a-number'],
  ['integer', 12345],
  ['number', 1.5],
  ['boolean', true],
  ['null', null],
  ['array', []],
  ['object', {}],
];

/** Values that may break one rule of a schema: its bounds crossed, its enum missed, its format or type broken. */
export function invalidCandidates(document: OpenApiDocument, schema: JsonObject): unknown[] {
  const s = resolveRef(document, schema);
  const candidates: unknown[] = [];
  if (typeof s.minimum === 'number') candidates.push(s.minimum - 1);
  if (typeof s.maximum === 'number') candidates.push(s.maximum + 1);
  if (typeof s.exclusiveMinimum === 'number') candidates.push(s.exclusiveMinimum);
  if (typeof s.exclusiveMaximum === 'number') candidates.push(s.exclusiveMaximum);
  if (typeof s.minLength === 'number' && s.minLength > 0) candidates.push('x'.repeat(s.minLength - 1));
  if (typeof s.maxLength === 'number') candidates.push('x'.repeat(s.maxLength + 1));
  if (typeof s.minItems === 'number' && s.minItems > 0) candidates.push([]);
  if (typeof s.maxItems === 'number')
    candidates.push(Array.from({ length: s.maxItems + 1 }, () => schemaExample(document, s.items ?? {}) ?? 1));
  if (Array.isArray(s.enum) || 'const' in s) candidates.push('not-one-of-the-allowed-values');
  if (typeof s.format === 'string' || typeof s.pattern === 'string') candidates.push('!not a valid value!');
  const types = typesOf(s);
  for (const [type, value] of ONE_OF_EACH_TYPE)
    if (!types.includes(type) && !(type === 'number' && types.length === 0)) candidates.push(value);
  return candidates;
}

/**
 * Values at the edges of what a schema allows: its bounds and lengths reached, each enum value, a null
 * where it takes one, and for a bare integer zero, a negative and the largest exact one. Like the
 * invalid candidates, each is used only once the document's validator has said the request is valid.
 */
export function boundaryCandidates(document: OpenApiDocument, schema: JsonObject): unknown[] {
  const s = resolveRef(document, schema);
  if ('const' in s) return [s.const];
  if (Array.isArray(s.enum)) return [...(s.enum as unknown[])];
  const types = typesOf(s);
  const candidates: unknown[] = [];
  const step = types.includes('integer') ? 1 : Number.EPSILON;
  if (typeof s.minimum === 'number') candidates.push(s.minimum);
  if (typeof s.maximum === 'number') candidates.push(s.maximum);
  if (typeof s.exclusiveMinimum === 'number') candidates.push(s.exclusiveMinimum + step);
  if (typeof s.exclusiveMaximum === 'number') candidates.push(s.exclusiveMaximum - step);
  if (types.includes('integer') && s.minimum === undefined && s.exclusiveMinimum === undefined) candidates.push(0, -1);
  if (types.includes('integer') && s.maximum === undefined && s.exclusiveMaximum === undefined)
    candidates.push(Number.MAX_SAFE_INTEGER);
  if (types.includes('string') && s.format === undefined && s.pattern === undefined)
    candidates.push('x'.repeat(s.minLength ?? 0), 'x'.repeat(Math.min(s.maxLength ?? 255, 10_000)));
  if (types.includes('boolean')) candidates.push(true, false);
  if (types.includes('null')) candidates.push(null);
  if (types.includes('array')) {
    const item = schemaExample(document, s.items ?? {}) ?? 1;
    candidates.push(Array.from({ length: s.minItems ?? 0 }, () => item));
    if (typeof s.maxItems === 'number') candidates.push(Array.from({ length: s.maxItems }, () => item));
  }
  return candidates;
}
