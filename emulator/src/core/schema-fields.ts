// The fields an object of a schema may hold, however the document writes them: its own properties and
// those of every part (allOf) and branch (anyOf, oneOf, then, else, dependentSchemas), a name declared
// twice followed through both of its schemas. Lenient by design: a field any branch declares counts as
// declared, so the emulator never drops (or, with strict, refuses) what the document allows.
import { resolveRef, type JsonObject, type OpenApiDocument } from 'cloud-platform-api/toolbox';

/** A schema as JSON Schema 2020-12 allows one: an object, or `true` (anything) or `false` (nothing). */
export type Schema = JsonObject | boolean;

/** The schema of anything: one object, so that its shape is worked out once and a walk down it ends. */
export const ANYTHING: JsonObject = Object.freeze({});

export interface Fields {
  /** Each declared name's schema, in a record with no prototype: `constructor` is a name like any other. */
  properties: Record<string, Schema>;
  /** What any other name holds, where the schema allows other names; undefined where it lists them all. */
  others: Schema | undefined;
  /** What each item holds, where the schema describes an array. */
  items: Schema | undefined;
}

/** Two schemas a value must meet, or may meet, as one whose fields are those of both. */
function either(first: Schema | undefined, second: Schema | undefined): Schema | undefined {
  if (first === undefined || first === second) return second;
  if (second === undefined) return first;
  if (first === true || second === true || first === ANYTHING || second === ANYTHING) return ANYTHING;
  return { allOf: [first, second] };
}

/** A `$ref` with keywords beside it (allowed in 3.1) as both; any other `$ref` as what it names. */
function resolvedWithSiblings(document: OpenApiDocument, schema: JsonObject): JsonObject {
  if (typeof schema.$ref !== 'string' || Object.keys(schema).length === 1) return resolveRef(document, schema);
  const { $ref, ...siblings } = schema;
  return { ...siblings, allOf: [...((siblings.allOf as Schema[] | undefined) ?? []), { $ref }] };
}

/** The keywords beside `properties` that say which names an object holds. */
const LISTING_KEYWORDS = [
  'additionalProperties',
  'unevaluatedProperties',
  'patternProperties',
  'allOf',
  'anyOf',
  'oneOf',
  'then',
  'else',
  'dependentSchemas',
];

/** An object schema that lists nothing: an object whose keys are not documented. */
function listsNothing(schema: JsonObject): boolean {
  return (
    Object.keys(schema.properties ?? {}).length === 0 &&
    LISTING_KEYWORDS.every((keyword) => schema[keyword] === undefined)
  );
}

/** `type: object` and nothing listed: any object. */
const isPlainObject = (schema: JsonObject): boolean => schema.type === 'object' && listsNothing(schema);

/** What other names a schema's own keywords allow: `additionalProperties`, else `unevaluatedProperties`, or any where names follow patterns. */
function ownOthers(schema: JsonObject): Schema | undefined {
  const open = schema.additionalProperties ?? schema.unevaluatedProperties;
  if (open === true || (schema.patternProperties && open === undefined)) return ANYTHING;
  return open !== null && typeof open === 'object' ? open : undefined;
}

/** Its parts (allOf), then its branches: `branch` alone in place of the oneOf, where given. */
function partsOf(schema: JsonObject, branch: Schema | undefined): { parts: Schema[]; firstBranch: number } {
  const allOf = (schema.allOf as Schema[] | undefined) ?? [];
  const branches = [
    ...((schema.anyOf as Schema[] | undefined) ?? []),
    ...(branch === undefined ? ((schema.oneOf as Schema[] | undefined) ?? []) : [branch]),
    ...[schema.then, schema.else].filter((s): s is Schema => s !== undefined),
    ...Object.values((schema.dependentSchemas as Record<string, Schema> | undefined) ?? {}),
  ];
  return { parts: [...allOf, ...branches], firstBranch: allOf.length };
}

/**
 * The fields of `schema` and its parts. A part that lists nothing only constrains (`{ required: [...] }`)
 * and allows no other name, unless it says `type: object`; `additionalProperties: false` closes the rest.
 */
function gather(document: OpenApiDocument, schema: Schema, branch: Schema | undefined, seen: Set<object>): Fields {
  const fields: Fields = { properties: Object.create(null), others: undefined, items: undefined };
  if (typeof schema !== 'object' || schema === null) return fields;
  const resolved = resolvedWithSiblings(document, schema);
  if (seen.has(resolved)) return fields;
  seen.add(resolved);
  for (const [name, property] of Object.entries((resolved.properties as Record<string, Schema> | undefined) ?? {}))
    fields.properties[name] = either(fields.properties[name], property)!;
  fields.items = resolved.items;
  fields.others = ownOthers(resolved);
  const closed = resolved.additionalProperties === false;
  const { parts, firstBranch } = partsOf(resolved, branch);
  parts.forEach((part, index) => {
    const inner = gather(document, part, undefined, seen);
    for (const name of Object.keys(inner.properties))
      fields.properties[name] = either(fields.properties[name], inner.properties[name])!;
    fields.items = either(fields.items, inner.items);
    // `true` as a branch allows anything (as a part, it constrains nothing); so does a plain object.
    const opens =
      part === true ? index >= firstBranch : typeof part === 'object' && isPlainObject(resolveRef(document, part));
    if (!closed) fields.others = either(fields.others, inner.others ?? (opens ? ANYTHING : undefined));
  });
  return fields;
}

/** The fields of a schema a value is held by (of `branch` alone among its oneOf, where given); one that lists nothing at all holds anything. */
export function fieldsOf(document: OpenApiDocument, schema: Schema, branch?: Schema): Fields {
  const fields = gather(document, schema, branch, new Set());
  if (typeof schema !== 'object') return fields;
  const resolved = resolvedWithSiblings(document, schema);
  const freeForm = listsNothing(resolved) && (resolved.type === undefined || resolved.type === 'object');
  return freeForm ? { ...fields, others: ANYTHING } : fields;
}

/** The `const` a schema gives, directly or through its allOf parts. */
function constOf(document: OpenApiDocument, schema: Schema, seen = new Set<object>()): unknown {
  if (typeof schema !== 'object' || seen.has(schema)) return undefined;
  seen.add(schema);
  const resolved = resolvedWithSiblings(document, schema);
  if ('const' in resolved) return resolved.const;
  for (const part of (resolved.allOf as Schema[] | undefined) ?? []) {
    const value = constOf(document, part, seen);
    if (value !== undefined) return value;
  }
  return undefined;
}

/** Whether a discriminator's mapping value names this branch: by its reference, or by its schema's name. */
const mapsTo = (target: unknown, branch: Schema): boolean =>
  typeof branch === 'object' &&
  typeof branch.$ref === 'string' &&
  (target === branch.$ref || `#/components/schemas/${String(target)}` === branch.$ref);

/**
 * A oneOf's fields branch by branch (the union's own fields in each), where its discriminator names
 * each branch once: by the branch's `const` for it, or the discriminator's mapping. Undefined where it
 * does not: a value then keeps the fields of any branch.
 */
export function fieldsByBranch(
  document: OpenApiDocument,
  schema: JsonObject,
): { property: string; fields: Map<unknown, Fields> } | undefined {
  const resolved = resolvedWithSiblings(document, schema);
  const property: unknown = resolved.discriminator?.propertyName;
  if (!Array.isArray(resolved.oneOf) || typeof property !== 'string') return undefined;
  const mapping = Object.entries((resolved.discriminator.mapping ?? {}) as Record<string, unknown>);
  const fields = new Map<unknown, Fields>();
  for (const branch of resolved.oneOf as Schema[]) {
    const named = gather(document, branch, undefined, new Set()).properties[property];
    const key =
      (named === undefined ? undefined : constOf(document, named)) ?? mapping.find(([, to]) => mapsTo(to, branch))?.[0];
    if (key === undefined || fields.has(key)) return undefined;
    fields.set(key, fieldsOf(document, resolved, branch));
  }
  return { property, fields };
}
