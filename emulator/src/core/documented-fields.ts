// What the emulator keeps of a request body: only what the document declares, at any depth. A field
// the schemas do not list is accepted (they allow it) and dropped before a handler sees the body, so
// nothing stored or answered holds a client's arbitrary data, however deep or large.
import { resolveRef, schemaProperties, type JsonObject, type OpenApiDocument } from 'cloud-platform-api/toolbox';
import { EmulatorError, EmulatorOptionError } from '../emulator-error.js';

/** What a schema says about the shape of a value, worked out once per schema object. */
interface Shape {
  items: JsonObject | undefined;
  /** For a discriminated oneOf: the discriminator, and each branch by its value. */
  union: { property: string; branches: Map<unknown, JsonObject> } | undefined;
  properties: [string, JsonObject][];
  declared: Set<string>;
  /** What any other name holds, where the schema allows other names (a map: `additionalProperties`); undefined where it lists them all. */
  others: JsonObject | undefined;
}

/** The schema of anything: one object, so that its shape is worked out once and a walk down it ends. */
const ANYTHING: JsonObject = Object.freeze({});

/**
 * What a name the schema does not list holds, where it allows one: its `additionalProperties`, or
 * anything for a schema that lists no property at all (free-form: "its keys are not documented", or
 * a shape the document does not know).
 */
function othersOf(schema: JsonObject, listed: number): JsonObject | undefined {
  const { additionalProperties: additional } = schema;
  const freeForm =
    additional === undefined &&
    listed === 0 &&
    (schema.type === undefined || schema.type === 'object') &&
    !schema.allOf &&
    !schema.oneOf &&
    !schema.anyOf;
  if (additional === true || freeForm) return ANYTHING;
  return additional !== null && typeof additional === 'object' ? additional : undefined;
}

/**
 * A oneOf's branches by the value of their discriminator, each branch's `const`: the only union whose
 * fields can be kept, since a valid value then names its branch. Anything else is refused, naming `at`.
 */
function unionOf(document: OpenApiDocument, resolved: JsonObject, at: string): Shape['union'] {
  if (!resolved.oneOf) return undefined;
  const unfollowable = (why: string) =>
    new EmulatorOptionError(
      `document: ${at} is a oneOf ${why}, so the emulator cannot tell which branch's fields a body keeps`,
    );
  const property: unknown = resolved.discriminator?.propertyName;
  if (typeof property !== 'string') throw unfollowable('without discriminator.propertyName');
  const branches = new Map<unknown, JsonObject>();
  for (const branch of resolved.oneOf as JsonObject[]) {
    const value = resolveRef(document, schemaProperties(document, branch)[property] ?? {}).const;
    if (value === undefined) throw unfollowable(`with a branch that gives "${property}" no const`);
    branches.set(value, branch);
  }
  return { property, branches };
}

/**
 * `keep(schema, value, at, dropped)`: a copy of a valid value with every object holding only the
 * properties its schema declares; the path of each field left out (`body.enabeld`) goes into `dropped`.
 * `checkFollowable(schema, at)`: throws an EmulatorOptionError, at creation rather than on a request,
 * where the schema or one under it is a union `keep` cannot follow.
 */
export function createFieldFilter(document: OpenApiDocument) {
  const shapes = new WeakMap<JsonObject, Shape>();
  const shapeOf = (schema: JsonObject, at: string): Shape => {
    let shape = shapes.get(schema);
    if (shape) return shape;
    const resolved = resolveRef(document, schema);
    const properties = Object.entries(schemaProperties(document, resolved));
    shape = {
      items: resolved.items,
      union: unionOf(document, resolved, at),
      properties,
      declared: new Set(properties.map(([name]) => name)),
      others: othersOf(resolved, properties.length),
    };
    shapes.set(schema, shape);
    return shape;
  };

  function checkFollowable(schema: JsonObject, at: string, seen = new Set<JsonObject>()): void {
    const resolved = resolveRef(document, schema);
    if (seen.has(resolved)) return;
    seen.add(resolved);
    const shape = shapeOf(schema, at);
    if (shape.items) checkFollowable(shape.items, `${at}[]`, seen);
    for (const [name, property] of shape.properties) checkFollowable(property, `${at}.${name}`, seen);
    if (shape.others) checkFollowable(shape.others, `${at}.*`, seen);
    for (const branch of shape.union?.branches.values() ?? []) checkFollowable(branch, at, seen);
  }

  // Only an object or an array can hold fields to drop: a scalar is kept as it is, without looking at
  // its schema or making its path.
  const hasFields = (value: unknown): value is object => value !== null && typeof value === 'object';

  function keep(schema: JsonObject, value: unknown, at: string, dropped: string[]): unknown {
    if (!hasFields(value)) return value;
    const shape = shapeOf(schema, at);
    if (Array.isArray(value))
      return shape.items
        ? value.map((item, i) => (hasFields(item) ? keep(shape.items!, item, `${at}[${i}]`, dropped) : item))
        : value;
    if (shape.union) {
      const branch = shape.union.branches.get((value as JsonObject)[shape.union.property]);
      // Validation has passed, so exactly one branch matched, and its const names it.
      if (!branch) throw new EmulatorError(`${at}: no branch of the union matches its ${shape.union.property}`);
      return keep(branch, value, at, dropped);
    }
    // Only names the document declares are copied, so a plain object is safe here, and faster to read
    // than a null-prototype one (the names a client sends never become keys).
    const kept: JsonObject = {};
    for (const [name, property] of shape.properties) {
      if (!Object.hasOwn(value, name)) continue;
      const field = (value as JsonObject)[name];
      kept[name] = hasFields(field) ? keep(property, field, `${at}.${name}`, dropped) : field;
    }
    for (const name of Object.keys(value)) {
      if (shape.declared.has(name)) continue;
      if (!shape.others) {
        dropped.push(`${at}.${name}`);
        continue;
      }
      // A name of a map: its own, as the schema allows. Defined as a property, so `__proto__` is only a key.
      const field = (value as JsonObject)[name];
      Object.defineProperty(kept, name, {
        value: hasFields(field) ? keep(shape.others, field, `${at}.${name}`, dropped) : field,
        enumerable: true,
        writable: true,
        configurable: true,
      });
    }
    return kept;
  }

  return { keep, checkFollowable };
}
