// What the emulator keeps of a request body: only what the document declares, at any depth. A field
// the schemas do not list is accepted (they allow it) and dropped before a handler sees the body, so
// nothing stored or answered holds a client's arbitrary data, however deep or large.
import { resolveRef, type JsonObject, type OpenApiDocument } from 'cloud-platform-api/toolbox';

/** The fields an object of a schema may hold: by name, and what any other name holds. */
interface ObjectFields {
  properties: [string, JsonObject][];
  declared: Set<string>;
  /** What any other name holds, where the schema allows other names (a map: `additionalProperties`); undefined where it lists them all. */
  others: JsonObject | undefined;
}

/** What a schema says about the shape of a value, worked out once per schema object. */
interface Shape {
  items: JsonObject | undefined;
  /** Every field any branch of the schema declares. */
  fields: ObjectFields;
  /** For a oneOf whose discriminator names each branch: the fields of the branch a value names. */
  byBranch: { property: string; fields: Map<unknown, ObjectFields> } | undefined;
}

/** The schema of anything: one object, so that its shape is worked out once and a walk down it ends. */
const ANYTHING: JsonObject = Object.freeze({});

type Fields = { properties: Record<string, JsonObject>; others: JsonObject | undefined };

/** A schema that lists no field, no part and no `additionalProperties`: an object whose keys are not documented. */
function listsNothing(schema: JsonObject): boolean {
  return (
    schema.additionalProperties === undefined &&
    Object.keys(schema.properties ?? {}).length === 0 &&
    !schema.allOf &&
    !schema.anyOf &&
    !schema.oneOf
  );
}

/**
 * The fields of a resolved schema: its own properties, then those of its allOf parts and of each anyOf
 * and oneOf branch (only `branch`, where given), the first schema of a name followed. Other names are
 * kept where its `additionalProperties` allows them, or a part's does, or a branch is a plain object.
 * A part that lists nothing, such as `{ required: [...] }`, only constrains: it allows no other name.
 */
function gatherFields(
  document: OpenApiDocument,
  resolved: JsonObject,
  branch: JsonObject | undefined,
  seen: Set<JsonObject>,
): Fields {
  const { additionalProperties: additional } = resolved;
  const properties: Record<string, JsonObject> = { ...(resolved.properties ?? {}) };
  let others = additional === true ? ANYTHING : typeof additional === 'object' && additional ? additional : undefined;
  if (seen.has(resolved)) return { properties, others };
  seen.add(resolved);
  const alternatives = [...(resolved.anyOf ?? []), ...(branch ? [branch] : (resolved.oneOf ?? []))] as JsonObject[];
  for (const part of [...((resolved.allOf ?? []) as JsonObject[]), ...alternatives]) {
    const partSchema = resolveRef(document, part);
    const inner = gatherFields(document, partSchema, undefined, seen);
    for (const [name, property] of Object.entries(inner.properties)) properties[name] ??= property;
    const plainObject = alternatives.includes(part) && partSchema.type === 'object' && listsNothing(partSchema);
    if (additional === undefined) others ??= inner.others ?? (plainObject ? ANYTHING : undefined);
  }
  return { properties, others };
}

/** The fields of a schema a value is held by, which holds anything where it lists nothing at all. */
function fieldsOf(document: OpenApiDocument, resolved: JsonObject, branch?: JsonObject): Fields {
  const fields = gatherFields(document, resolved, branch, new Set());
  const freeForm = listsNothing(resolved) && (resolved.type === undefined || resolved.type === 'object');
  return freeForm ? { properties: fields.properties, others: ANYTHING } : fields;
}

function objectFields({ properties, others }: Fields): ObjectFields {
  const entries = Object.entries(properties);
  return { properties: entries, declared: new Set(entries.map(([name]) => name)), others };
}

/**
 * A oneOf's fields branch by branch, where its discriminator names each branch: by the branch's `const`
 * for the discriminator, or its entry in the discriminator's `mapping`. Undefined where one branch has
 * neither: a value then keeps the fields of any branch.
 */
function fieldsByBranch(document: OpenApiDocument, resolved: JsonObject): Shape['byBranch'] {
  const property: unknown = resolved.discriminator?.propertyName;
  if (!Array.isArray(resolved.oneOf) || typeof property !== 'string') return undefined;
  const mapping = Object.entries((resolved.discriminator.mapping ?? {}) as Record<string, unknown>);
  const fields = new Map<unknown, ObjectFields>();
  for (const branch of resolved.oneOf as JsonObject[]) {
    const branchFields = fieldsOf(document, resolved, branch);
    const named = branchFields.properties[property];
    const value = named ? resolveRef(document, named).const : undefined;
    const key = value ?? mapping.find(([, target]) => target === branch.$ref)?.[0];
    if (key === undefined) return undefined;
    fields.set(key, objectFields(branchFields));
  }
  return { property, fields };
}

/** The fields of the branch an object names, where its schema tells branches apart; else those of any branch. */
const fieldsFor = ({ byBranch, fields }: Shape, value: JsonObject): ObjectFields =>
  (byBranch ? byBranch.fields.get(value[byBranch.property]) : undefined) ?? fields;

/**
 * `keep(schema, value, at, dropped)`: a copy of a valid value with every object holding only the
 * properties its schema declares; the path of each field left out (`body.enabeld`) goes into `dropped`.
 */
export function createFieldFilter(document: OpenApiDocument) {
  const shapes = new WeakMap<JsonObject, Shape>();
  const shapeOf = (schema: JsonObject): Shape => {
    let shape = shapes.get(schema);
    if (shape) return shape;
    const resolved = resolveRef(document, schema);
    shape = {
      items: resolved.items,
      fields: objectFields(fieldsOf(document, resolved)),
      byBranch: fieldsByBranch(document, resolved),
    };
    shapes.set(schema, shape);
    return shape;
  };

  // Only an object or an array can hold fields to drop: a scalar is kept as it is, without looking at
  // its schema or making its path.
  const hasFields = (value: unknown): value is object => value !== null && typeof value === 'object';

  function keep(schema: JsonObject, value: unknown, at: string, dropped: string[]): unknown {
    if (!hasFields(value)) return value;
    const shape = shapeOf(schema);
    if (Array.isArray(value))
      return shape.items
        ? value.map((item, i) => (hasFields(item) ? keep(shape.items!, item, `${at}[${i}]`, dropped) : item))
        : value;
    const fields = fieldsFor(shape, value as JsonObject);
    // Only names the document declares are copied, so a plain object is safe here, and faster to read
    // than a null-prototype one (the names a client sends never become keys).
    const kept: JsonObject = {};
    for (const [name, property] of fields.properties) {
      if (!Object.hasOwn(value, name)) continue;
      const field = (value as JsonObject)[name];
      kept[name] = hasFields(field) ? keep(property, field, `${at}.${name}`, dropped) : field;
    }
    for (const name of Object.keys(value)) {
      if (fields.declared.has(name)) continue;
      if (!fields.others) {
        dropped.push(`${at}.${name}`);
        continue;
      }
      // A name of a map: its own, as the schema allows. Defined as a property, so `__proto__` is only a key.
      const field = (value as JsonObject)[name];
      Object.defineProperty(kept, name, {
        value: hasFields(field) ? keep(fields.others, field, `${at}.${name}`, dropped) : field,
        enumerable: true,
        writable: true,
        configurable: true,
      });
    }
    return kept;
  }

  return keep;
}
