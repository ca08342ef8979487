// Where a resource sits in an operation's answer, read off the answer's schema: the answer itself (an
// item), one property of it (`{"data": item}`), the answer as an array (a list) or one array property
// of it (`{"items": [...], "total": 3}`), with the properties that count the whole list.
import { resolveRef, schemaProperties, type JsonObject, type OpenApiDocument } from 'cloud-platform-api/toolbox';

/** Where the resource or the list is: the answer itself (`at` undefined) or one of its properties. */
export interface Place {
  at: string | undefined;
}

/** Where a list's items are, and which integer properties beside them count the whole list. */
export interface ListPlace extends Place {
  totals: string[];
}

const typesOf = (schema: JsonObject): unknown[] => (Array.isArray(schema.type) ? schema.type : [schema.type]);
const isArraySchema = (schema: JsonObject) => typesOf(schema).includes('array') || schema.items !== undefined;

/** Property names that count a whole list, compared without case, `_` or `-`. */
const TOTAL_NAMES = new Set(['total', 'count', 'totalcount', 'totalitems', 'totalresults', 'totalelements']);
const plain = (name: string) => name.toLowerCase().replace(/[-_]/g, '');

/** Where an item with `idProperty` sits in the answer `schema` describes; undefined where it holds none. */
export function itemPlace(
  document: OpenApiDocument,
  schema: JsonObject,
  idProperty: string | undefined,
): Place | undefined {
  if (isArraySchema(schema)) return undefined;
  const properties = schemaProperties(document, schema);
  if (idProperty === undefined || Object.hasOwn(properties, idProperty)) return { at: undefined };
  const wrapper = Object.entries(properties).find(([, property]) =>
    Object.hasOwn(schemaProperties(document, resolveRef(document, property)), idProperty),
  );
  return wrapper ? { at: wrapper[0] } : undefined;
}

/** Where a list sits in the answer `schema` describes, and its counting properties; undefined where it holds none. */
export function listPlace(document: OpenApiDocument, schema: JsonObject): ListPlace | undefined {
  if (isArraySchema(schema)) return { at: undefined, totals: [] };
  const properties = Object.entries(schemaProperties(document, schema)).map(
    ([name, property]) => [name, resolveRef(document, property)] as const,
  );
  const list = properties.find(([, property]) => isArraySchema(property));
  if (!list) return undefined;
  const totals = properties
    .filter(([name, property]) => TOTAL_NAMES.has(plain(name)) && typesOf(property).includes('integer'))
    .map(([name]) => name);
  return { at: list[0], totals };
}

/** The value at `place` of an answer. */
export const atPlace = (answer: unknown, { at }: Place): unknown =>
  at === undefined ? answer : (answer as Record<string, unknown> | null)?.[at];

/** An answer with `value` at `place`, the rest of `answer` kept. */
export const withAtPlace = (answer: unknown, { at }: Place, value: unknown): unknown =>
  at === undefined ? value : { ...(answer as object), [at]: value };

/** The names of the properties a schema marks `readOnly`. */
export function readOnlyFields(document: OpenApiDocument, schema: JsonObject): string[] {
  return Object.entries(schemaProperties(document, resolveRef(document, schema)))
    .filter(([, property]) => resolveRef(document, property).readOnly === true)
    .map(([name]) => name);
}

/** The properties a schema requires, its own and its allOf parts'. */
export function requiredOf(document: OpenApiDocument, schema: JsonObject): string[] {
  const resolved = resolveRef(document, schema);
  const parts = [resolved, ...((resolved.allOf ?? []) as JsonObject[]).map((part) => resolveRef(document, part))];
  return parts.flatMap((part) => (Array.isArray(part.required) ? (part.required as string[]) : []));
}

/** The names of the properties a server fills: those a schema marks `readOnly`, and those it requires. */
export function serverFields(document: OpenApiDocument, schema: JsonObject): Set<string> {
  return new Set([...requiredOf(document, schema), ...readOnlyFields(document, schema)]);
}
