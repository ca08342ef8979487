// The fields an object of a schema may hold, however the document writes them: its own properties and
// required names, and those of every part (allOf) and branch (anyOf, oneOf, if, then, else,
// dependentSchemas), a name declared twice followed through both of its schemas. Lenient by design: a
// field any branch declares counts as declared, so the emulator never drops (or, with strict, refuses)
// what the document allows.
import { refTarget, type JsonObject, type OpenApiDocument } from 'cloud-platform-api/toolbox';
import { documentPattern, type DocumentPattern } from 'cloud-platform-check/contract';

/** A schema as JSON Schema 2020-12 allows one: an object, or `true` (anything) or `false` (nothing). */
export type Schema = JsonObject | boolean;

/** The schema of anything: one object, so that its shape is worked out once and a walk down it ends. */
export const ANYTHING: JsonObject = Object.freeze({});

export interface Fields {
  /** Each declared name's schema, in a record with no prototype: `constructor` is a name like any other. */
  properties: Record<string, Schema>;
  /** `patternProperties`: a name that matches a pattern holds its schema. */
  patterns: [DocumentPattern, Schema][];
  /** What any other name holds, where the schema allows other names; undefined where it lists them all. */
  others: Schema | undefined;
  /** `prefixItems`, then `items`: what each item of an array holds. */
  prefixItems: Schema[];
  items: Schema | undefined;
}

/** The unions `either` made: each is flattened into the next, so 10,000 parts make no deep nesting. */
const unions = new WeakSet<object>();

/** Two schemas a value must meet, or may meet, as one whose fields are those of both. */
function either(first: Schema | undefined, second: Schema | undefined): Schema | undefined {
  if (first === undefined || first === second) return second;
  if (second === undefined) return first;
  if (first === true || second === true || first === ANYTHING || second === ANYTHING) return ANYTHING;
  const union = { allOf: [...(typeof first === 'object' && unions.has(first) ? first.allOf : [first]), second] };
  unions.add(union);
  return union;
}

/** What a local `$ref` names, one step: an object or a boolean schema. */
function referenced(document: OpenApiDocument, $ref: string): Schema {
  const target = refTarget(document, $ref);
  if (typeof target === 'boolean' || (target !== null && typeof target === 'object')) return target as Schema;
  throw new Error(`Unresolved $ref ${$ref}`);
}

/** More `$ref`s in a row than this is a loop. */
const MOST_REF_HOPS = 64;

/** A schema with its `$ref` followed: one with keywords beside it (3.1) as both, one alone as what it names. */
function resolved(document: OpenApiDocument, schema: Schema): Schema {
  let current = schema;
  for (let hops = 0; typeof current === 'object' && typeof current.$ref === 'string'; hops += 1) {
    const { $ref, ...siblings } = current;
    if (Object.keys(siblings).length > 0)
      return { ...siblings, allOf: [...((siblings.allOf as Schema[]) ?? []), { $ref }] };
    if (hops === MOST_REF_HOPS) throw new Error(`$ref loop at ${$ref}`);
    current = referenced(document, $ref);
  }
  return current;
}

const allowsObjects = (type: unknown) =>
  type === undefined || type === 'object' || (Array.isArray(type) && type.includes('object'));
const saysObject = (type: unknown) => type === 'object' || (Array.isArray(type) && type.includes('object'));

/** The keywords beside `properties` that say which names an object holds (allOf parts are looked into). */
const LISTING = [
  'additionalProperties',
  'unevaluatedProperties',
  'patternProperties',
  'anyOf',
  'oneOf',
  'if',
  'then',
  'else',
  'dependentSchemas',
];

/** A schema that lists no name, directly or through its allOf parts: where it holds an object, its keys are not documented. */
function listsNothing(document: OpenApiDocument, schema: Schema, depth = 0): boolean {
  const s = resolved(document, schema);
  if (typeof s !== 'object') return s;
  return (
    depth < MOST_REF_HOPS &&
    Object.keys(s.properties ?? {}).length === 0 &&
    LISTING.every((keyword) => s[keyword] === undefined) &&
    ((s.allOf as Schema[] | undefined) ?? []).every((part) => listsNothing(document, part, depth + 1))
  );
}

/** Its parts (allOf), then its branches: `branch` alone in place of the oneOf, where given. */
function partsOf(schema: JsonObject, branch: Schema | undefined): { parts: Schema[]; firstBranch: number } {
  const allOf = (schema.allOf as Schema[] | undefined) ?? [];
  const branches = [
    ...((schema.anyOf as Schema[] | undefined) ?? []),
    ...(branch === undefined ? ((schema.oneOf as Schema[] | undefined) ?? []) : [branch]),
    ...[schema.if, schema.then, schema.else].filter((s): s is Schema => s !== undefined),
    ...Object.values((schema.dependentSchemas as Record<string, Schema> | undefined) ?? {}),
  ];
  return { parts: [...allOf, ...branches], firstBranch: allOf.length };
}

/** `patternProperties` as the validator runs them (in linear time); one it cannot run is left out. */
function patternsOf(schema: JsonObject): [DocumentPattern, Schema][] {
  return Object.entries((schema.patternProperties as Record<string, Schema> | undefined) ?? {}).flatMap(
    ([source, s]) => {
      try {
        return [[documentPattern(source), s] as [DocumentPattern, Schema]];
      } catch {
        return [];
      }
    },
  );
}

/** A schema's own fields: its properties, its required names (holding anything where not described), patterns, items. */
function ownFields(schema: JsonObject): Fields {
  const properties: Record<string, Schema> = Object.create(null);
  for (const [name, property] of Object.entries((schema.properties as Record<string, Schema> | undefined) ?? {}))
    properties[name] = property;
  const dependentRequired = Object.values((schema.dependentRequired as Record<string, unknown[]> | undefined) ?? {});
  for (const name of [...((schema.required as unknown[]) ?? []), ...dependentRequired.flat()])
    if (typeof name === 'string' && !Object.hasOwn(properties, name)) properties[name] = true;
  const open = schema.additionalProperties ?? schema.unevaluatedProperties;
  return {
    properties,
    patterns: patternsOf(schema),
    others: open === true ? ANYTHING : open !== null && typeof open === 'object' ? open : undefined,
    prefixItems: (schema.prefixItems as Schema[] | undefined) ?? [],
    items: schema.items as Schema | undefined,
  };
}

/** How one walk reads a document: the schemas on the path it is on (a cycle ends there) and what it has read. */
export interface FieldsWalk {
  document: OpenApiDocument;
  onPath: Set<object>;
  /** How many times a cycle was cut: a result read while one was is not kept for later. */
  cuts: number;
  read: WeakMap<object, Fields>;
}

export const fieldsWalk = (document: OpenApiDocument): FieldsWalk => ({
  document,
  onPath: new Set(),
  cuts: 0,
  read: new WeakMap(),
});

const noFields = (): Fields => ({
  properties: Object.create(null),
  patterns: [],
  others: undefined,
  prefixItems: [],
  items: undefined,
});

/**
 * The fields of `schema` and its parts. A part that lists nothing only constrains (`{ required: [...] }`)
 * and allows no other name, unless it says `type: object`; `true` as a branch allows any;
 * `additionalProperties: false` closes the rest.
 */
function gather(walk: FieldsWalk, schema: Schema, branch?: Schema): Fields {
  if (typeof schema !== 'object') return noFields();
  const known = branch === undefined ? walk.read.get(schema) : undefined;
  if (known) return known;
  if (walk.onPath.has(schema)) {
    walk.cuts += 1;
    return noFields();
  }
  const s = resolved(walk.document, schema);
  if (typeof s !== 'object') return noFields();
  const cutsBefore = walk.cuts;
  walk.onPath.add(schema);
  try {
    const fields = withParts(walk, s, branch);
    if (branch === undefined && walk.cuts === cutsBefore) walk.read.set(schema, fields);
    return fields;
  } finally {
    walk.onPath.delete(schema);
  }
}

/** A resolved schema's own fields, with those of its parts and branches. */
function withParts(walk: FieldsWalk, s: JsonObject, branch: Schema | undefined): Fields {
  const fields = ownFields(s);
  const { parts, firstBranch } = partsOf(s, branch);
  parts.forEach((part, index) => {
    const inner = gather(walk, part);
    for (const name of Object.keys(inner.properties))
      fields.properties[name] = either(fields.properties[name], inner.properties[name])!;
    fields.patterns.push(...inner.patterns);
    fields.items = either(fields.items, inner.items);
    if (fields.prefixItems.length === 0) fields.prefixItems = inner.prefixItems;
    const target = resolved(walk.document, part);
    const opens =
      target === true
        ? index >= firstBranch
        : typeof target === 'object' && saysObject(target.type) && listsNothing(walk.document, target);
    if (s.additionalProperties !== false)
      fields.others = either(fields.others, inner.others ?? (opens ? ANYTHING : undefined));
  });
  return fields;
}

/** The fields of a schema a value is held by (of `branch` alone among its oneOf, where given); one that lists nothing holds anything. */
export function fieldsOf(walk: FieldsWalk, schema: Schema, branch?: Schema): Fields {
  const fields = gather(walk, schema, branch);
  const s = resolved(walk.document, schema);
  const freeForm = typeof s === 'object' ? allowsObjects(s.type) && listsNothing(walk.document, s) : s;
  return freeForm ? { ...fields, others: ANYTHING, items: fields.items ?? ANYTHING } : fields;
}

/** The `const` a schema gives, directly or through its allOf parts. */
function constOf(document: OpenApiDocument, schema: Schema, depth = 0): unknown {
  const s = resolved(document, schema);
  if (typeof s !== 'object' || depth === MOST_REF_HOPS) return undefined;
  if ('const' in s) return s.const;
  for (const part of (s.allOf as Schema[] | undefined) ?? []) {
    const value = constOf(document, part, depth + 1);
    if (value !== undefined) return value;
  }
  return undefined;
}

/**
 * A oneOf's fields branch by branch (the union's own fields in each), where each branch gives the
 * discriminator a `const` of its own: a valid value then matches the branch its value names (a mapping
 * alone is no proof, as validation does not check it). Undefined otherwise: a value keeps the fields
 * of any branch.
 */
export function fieldsByBranch(
  walk: FieldsWalk,
  schema: Schema,
): { property: string; fields: Map<unknown, Fields> } | undefined {
  const s = resolved(walk.document, schema);
  if (typeof s !== 'object') return undefined;
  const property: unknown = s.discriminator?.propertyName;
  if (!Array.isArray(s.oneOf) || typeof property !== 'string') return undefined;
  const fields = new Map<unknown, Fields>();
  for (const branch of s.oneOf as Schema[]) {
    const named = gather(walk, branch).properties[property];
    const value = named === undefined ? undefined : constOf(walk.document, named);
    if (value === undefined || fields.has(value)) return undefined;
    fields.set(value, fieldsOf(walk, s, branch));
  }
  return { property, fields };
}
