// What the emulator keeps of a request body: only what the document declares, at any depth. A field
// the schemas do not list is accepted (they allow it) and dropped before a handler sees the body, so
// nothing stored or answered holds a client's arbitrary data, however deep or large.
import type { JsonObject, OpenApiDocument } from 'cloud-platform-api/toolbox';
import { EmulatorError } from '../../emulator-error.js';
import {
  ANYTHING,
  type Fields,
  fieldsByBranch,
  fieldsOf,
  fieldsWalk,
  type FieldsWalk,
  type Schema,
} from './schema-fields.js';

/** The most levels of declared fields `keep` follows (a recursive schema); a field undeclared is dropped, not followed. */
export const KEPT_DEPTH_LIMIT = 1000;

/** A value nested deeper than KEPT_DEPTH_LIMIT levels of fields its schema declares. */
export class NestedTooDeepError extends EmulatorError {
  override name = 'NestedTooDeepError';
}

/** The fields an object of a schema may hold, as `keep` reads them on every request. */
interface ObjectFields {
  properties: [string, Schema][];
  declared: Set<string>;
  patterns: Fields['patterns'];
  others: Schema | undefined;
}

/** What a schema says about the shape of a value, worked out once per schema object. */
interface Shape {
  /** Nothing to drop at any depth (a free-form value): the value is kept as it is, however deep. */
  keepsAll: boolean;
  prefixItems: Schema[];
  items: Schema | undefined;
  /** Every field any branch of the schema declares. */
  fields: ObjectFields;
  /** For a oneOf whose branches each give the discriminator a const: the fields of the branch a value names. */
  byBranch: { property: string; fields: Map<unknown, ObjectFields> } | undefined;
}

function objectFields({ properties, patterns, others }: Fields): ObjectFields {
  const entries = Object.entries(properties);
  return { properties: entries, declared: new Set(entries.map(([name]) => name)), patterns, others };
}

const holdsAnything = (schema: Schema | undefined) => schema === ANYTHING || schema === true;

/** The fields of the branch an object names, where its schema tells branches apart; else those of any branch. */
const fieldsFor = ({ byBranch, fields }: Shape, value: JsonObject): ObjectFields =>
  (byBranch ? byBranch.fields.get(value[byBranch.property]) : undefined) ?? fields;

/** What a name no property declares holds: the schema of the first pattern it matches, else the others'. */
const undeclared = (fields: ObjectFields, name: string): Schema | undefined =>
  fields.patterns.find(([pattern]) => pattern.test(name))?.[1] ?? fields.others;

/** Sets a kept field: as an own property where its name is `__proto__`, which assignment would take as the prototype. */
function setField(kept: JsonObject, name: string, value: unknown): void {
  if (name !== '__proto__') kept[name] = value;
  else Object.defineProperty(kept, name, { value, enumerable: true, writable: true, configurable: true });
}

/** What a schema says about the shape of a value. */
function shapeFrom(walk: FieldsWalk, schema: JsonObject): Shape {
  const fields = fieldsOf(walk, schema);
  const byBranch = fieldsByBranch(walk, schema);
  return {
    keepsAll:
      Object.keys(fields.properties).length === 0 &&
      fields.patterns.length === 0 &&
      holdsAnything(fields.others) &&
      fields.prefixItems.length === 0 &&
      (fields.items === undefined || holdsAnything(fields.items)) &&
      !byBranch,
    prefixItems: fields.prefixItems,
    items: fields.items,
    fields: objectFields(fields),
    byBranch: byBranch && {
      property: byBranch.property,
      fields: new Map([...byBranch.fields].map(([value, branch]) => [value, objectFields(branch)])),
    },
  };
}

/**
 * `keep(schema, value, at, dropped)`: a copy of a valid value with every object holding only the
 * properties its schema declares; the path of each field left out (`body.enabeld`) goes into `dropped`.
 */
/** A copy of a valid value holding only what its schema declares; each field left out goes into `dropped`. */
export type FieldFilter = (schema: Schema, value: unknown, at: string, dropped: string[]) => unknown;

export function createFieldFilter(document: OpenApiDocument): FieldFilter {
  const walk = fieldsWalk(document);
  const shapes = new WeakMap<JsonObject, Shape>();
  const shapeOf = (schema: JsonObject): Shape => {
    let shape = shapes.get(schema);
    if (shape) return shape;
    shape = shapeFrom(walk, schema);
    shapes.set(schema, shape);
    return shape;
  };

  // Only an object or an array can hold fields to drop: a scalar is kept as it is, without looking at
  // its schema or making its path.
  const hasFields = (value: unknown): value is object => value !== null && typeof value === 'object';

  function keepItems(shape: Shape, value: unknown[], at: string, dropped: string[], depth: number): unknown[] {
    const { prefixItems, items } = shape;
    if (prefixItems.length === 0 && items === undefined) return value;
    return value.map((item, i) => {
      const schema = i < prefixItems.length ? prefixItems[i] : items;
      return hasFields(item) && schema !== undefined ? keep(schema, item, `${at}[${i}]`, dropped, depth + 1) : item;
    });
  }

  function keep(schema: Schema, value: unknown, at: string, dropped: string[], depth = 0): unknown {
    if (!hasFields(value) || typeof schema !== 'object') return value;
    const shape = shapeOf(schema);
    if (shape.keepsAll) return value;
    if (depth === KEPT_DEPTH_LIMIT)
      throw new NestedTooDeepError(
        `The body nests deeper than ${KEPT_DEPTH_LIMIT} levels of fields the document declares`,
      );
    if (Array.isArray(value)) return keepItems(shape, value, at, dropped, depth);
    const fields = fieldsFor(shape, value as JsonObject);
    // Only names the document declares are copied, so a plain object is safe here, and faster to read
    // than a null-prototype one (the names a client sends never become keys).
    const kept: JsonObject = {};
    for (const [name, property] of fields.properties) {
      if (!Object.hasOwn(value, name)) continue;
      const field = (value as JsonObject)[name];
      setField(kept, name, hasFields(field) ? keep(property, field, `${at}.${name}`, dropped, depth + 1) : field);
    }
    for (const name of Object.keys(value)) {
      if (fields.declared.has(name)) continue;
      const held = undeclared(fields, name);
      if (held === undefined) {
        dropped.push(`${at}.${name}`);
        continue;
      }
      // A name of a map, or one a pattern allows: its own, as the schema allows.
      const field = (value as JsonObject)[name];
      setField(kept, name, hasFields(field) ? keep(held, field, `${at}.${name}`, dropped, depth + 1) : field);
    }
    return kept;
  }

  return keep;
}
