// What the emulator keeps of a request body: only what the document declares, at any depth. A field
// the schemas do not list is accepted (they allow it) and dropped before a handler sees the body, so
// nothing stored or answered holds a client's arbitrary data, however deep or large.
import type { JsonObject, OpenApiDocument } from 'cloud-platform-api/toolbox';
import { ANYTHING, type Fields, fieldsByBranch, fieldsOf, type Schema } from './schema-fields.js';

/** The fields an object of a schema may hold, as `keep` reads them on every request. */
interface ObjectFields {
  properties: [string, Schema][];
  declared: Set<string>;
  others: Schema | undefined;
}

/** What a schema says about the shape of a value, worked out once per schema object. */
interface Shape {
  /** Nothing to drop at any depth (a free-form object): the value is kept as it is, however deep. */
  keepsAll: boolean;
  items: Schema | undefined;
  /** Every field any branch of the schema declares. */
  fields: ObjectFields;
  /** For a oneOf whose discriminator names each branch: the fields of the branch a value names. */
  byBranch: { property: string; fields: Map<unknown, ObjectFields> } | undefined;
}

function objectFields({ properties, others }: Fields): ObjectFields {
  const entries = Object.entries(properties);
  return { properties: entries, declared: new Set(entries.map(([name]) => name)), others };
}

/** The fields of the branch an object names, where its schema tells branches apart; else those of any branch. */
const fieldsFor = ({ byBranch, fields }: Shape, value: JsonObject): ObjectFields =>
  (byBranch ? byBranch.fields.get(value[byBranch.property]) : undefined) ?? fields;

/** Sets a kept field: as an own property where its name is `__proto__`, which assignment would take as the prototype. */
function setField(kept: JsonObject, name: string, value: unknown): void {
  if (name !== '__proto__') kept[name] = value;
  else Object.defineProperty(kept, name, { value, enumerable: true, writable: true, configurable: true });
}

/**
 * `keep(schema, value, at, dropped)`: a copy of a valid value with every object holding only the
 * properties its schema declares; the path of each field left out (`body.enabeld`) goes into `dropped`.
 */
export function createFieldFilter(document: OpenApiDocument) {
  const shapes = new WeakMap<JsonObject, Shape>();
  const shapeOf = (schema: JsonObject): Shape => {
    let shape = shapes.get(schema);
    if (shape) return shape;
    const fields = fieldsOf(document, schema);
    const byBranch = fieldsByBranch(document, schema);
    shape = {
      keepsAll:
        Object.keys(fields.properties).length === 0 &&
        fields.others === ANYTHING &&
        (fields.items === undefined || fields.items === ANYTHING || fields.items === true) &&
        !byBranch,
      items: fields.items,
      fields: objectFields(fields),
      byBranch: byBranch && {
        property: byBranch.property,
        fields: new Map([...byBranch.fields].map(([value, branch]) => [value, objectFields(branch)])),
      },
    };
    shapes.set(schema, shape);
    return shape;
  };

  // Only an object or an array can hold fields to drop: a scalar is kept as it is, without looking at
  // its schema or making its path.
  const hasFields = (value: unknown): value is object => value !== null && typeof value === 'object';

  function keep(schema: Schema, value: unknown, at: string, dropped: string[]): unknown {
    if (!hasFields(value) || typeof schema !== 'object') return value;
    const shape = shapeOf(schema);
    if (shape.keepsAll) return value;
    if (Array.isArray(value)) {
      const { items } = shape;
      return items === undefined
        ? value
        : value.map((item, i) => (hasFields(item) ? keep(items, item, `${at}[${i}]`, dropped) : item));
    }
    const fields = fieldsFor(shape, value as JsonObject);
    // Only names the document declares are copied, so a plain object is safe here, and faster to read
    // than a null-prototype one (the names a client sends never become keys).
    const kept: JsonObject = {};
    for (const [name, property] of fields.properties) {
      if (!Object.hasOwn(value, name)) continue;
      const field = (value as JsonObject)[name];
      setField(kept, name, hasFields(field) ? keep(property, field, `${at}.${name}`, dropped) : field);
    }
    for (const name of Object.keys(value)) {
      if (fields.declared.has(name)) continue;
      if (!fields.others) {
        dropped.push(`${at}.${name}`);
        continue;
      }
      // A name of a map: its own, as the schema allows.
      const field = (value as JsonObject)[name];
      setField(kept, name, hasFields(field) ? keep(fields.others, field, `${at}.${name}`, dropped) : field);
    }
    return kept;
  }

  return keep;
}
