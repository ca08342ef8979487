// OpenAPI's `readOnly` and `writeOnly` make `required` one-sided: a required `readOnly` property is
// required of an answer only, a required `writeOnly` one of a request only. JSON Schema (Ajv) knows no
// sides, so each side is checked against a copy of the document whose `required` lists leave the other
// side's properties out. A document with nothing to leave out is given back as it is (the same object:
// the per-document caches key on it).
import { everyProperty, resolveRef, type JsonObject, type OpenApiDocument } from 'cloud-platform-api/toolbox';
import type { SampleDirection } from './schema-sample.js';

/** Keywords whose values are data, not schemas: never walked (an example may hold a `required` key). */
const DATA_KEYWORDS = new Set(['example', 'examples', 'default', 'const', 'enum']);

/** Keywords whose values map names to schemas: a name there may be any word (`example`, `required`). */
const NAME_MAPS = new Set(['properties', 'patternProperties', '$defs', 'definitions', 'schemas']);

/** Which property is the other side's alone: `readOnly` where a request is checked, `writeOnly` for an answer. */
const keywordOf = (direction: SampleDirection) => (direction === 'request' ? 'readOnly' : 'writeOnly');

/**
 * The document as `direction`'s side checks it: every `required` list without the properties the other side
 * alone carries (found beside a `$ref` or in what it names, across `allOf` parts and union branches).
 */
export function oneSidedDocument(document: OpenApiDocument, direction: SampleDirection): OpenApiDocument {
  const keyword = keywordOf(direction);
  const otherSide = (property: JsonObject) =>
    property[keyword] === true || resolveRef(document, property)[keyword] === true;
  // Returns the node itself where nothing below it changes, so an untouched document is not copied.
  const walk = (node: unknown, names: boolean): unknown => {
    if (node === null || typeof node !== 'object') return node;
    if (Array.isArray(node)) {
      let items: unknown[] | undefined;
      for (let i = 0; i < node.length; i++) {
        const item = walk(node[i], false);
        if (item === node[i]) continue;
        items ??= [...node];
        items[i] = item;
      }
      return items ?? node;
    }
    const object = node as JsonObject;
    // A Map, made at the first change: a key such as `__proto__` is a name like any other.
    let changes: Map<string, unknown> | undefined;
    // Indexed, as every walk at start: it runs before the JIT has warmed, where an iterator costs.
    const keys = Object.keys(object);
    for (let i = 0; i < keys.length; i++) {
      const key = keys[i]!;
      if (!names && DATA_KEYWORDS.has(key)) continue;
      const value = object[key];
      // Only objects and arrays can change: most of a document is strings and numbers.
      if (value === null || typeof value !== 'object') continue;
      const walked = walk(value, !names && NAME_MAPS.has(key));
      if (walked === value) continue;
      changes ??= new Map();
      changes.set(key, walked);
    }
    if (!names && Array.isArray(object.required)) {
      const properties = everyProperty(document, object);
      const kept = (object.required as string[]).filter(
        (name) => !(Object.hasOwn(properties, name) && otherSide(properties[name]!)),
      );
      if (kept.length !== object.required.length) {
        changes ??= new Map();
        changes.set('required', kept);
      }
    }
    const changed = changes;
    if (changed === undefined) return object;
    return Object.fromEntries(Object.entries(object).map(([key, value]) => [key, changed.get(key) ?? value]));
  };
  return walk(document, false) as OpenApiDocument;
}
