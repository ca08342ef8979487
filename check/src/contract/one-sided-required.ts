// OpenAPI's `readOnly` and `writeOnly` make `required` one-sided: a required `readOnly` property is
// required of an answer only, a required `writeOnly` one of a request only. JSON Schema (Ajv) knows no
// sides, so each side is checked against a copy of the document whose `required` lists leave the other
// side's properties out. A document with nothing to leave out is given back as it is (the same object:
// the per-document caches key on it).
import { everyProperty, resolveRef, type JsonObject, type OpenApiDocument } from 'cloud-platform-api/toolbox';
import type { SampleDirection } from './schema-sample.js';

/**
 * Keywords whose values hold no schema, never walked: data (an example may hold a `required` key), and
 * links, whose parameters and request body are data too.
 */
const DATA_KEYWORDS = new Set(['example', 'examples', 'default', 'const', 'enum', 'links']);

/**
 * Keywords whose values map names to what each name stands for (a schema, a response, a media type, a
 * path item): a name there may be any word (`default`, `example`, `required`). JSON Schema's; then
 * OpenAPI's: the paths and webhooks, an operation's responses, the content, headers and encoding of what
 * carries them, and the components' maps (their `examples` and `links` stay data).
 */
const NAME_MAPS = new Set([
  'properties',
  'patternProperties',
  'dependentSchemas',
  '$defs',
  'definitions',
  'paths',
  'webhooks',
  'responses',
  'content',
  'headers',
  'encoding',
  'schemas',
  'parameters',
  'requestBodies',
  'securitySchemes',
  'pathItems',
]);

/**
 * Keywords whose subschemas apply to the same value as the schema holding them, so their `required` may name
 * what it (or a part beside) declares: `allOf: [{ $ref: Base }, { required: [...] }]`, a union's branches, a
 * condition's outcomes. Not `if` nor `not`: leaving a name out of their lists would change what they decide.
 */
const APPLIED_BESIDE = new Set(['allOf', 'anyOf', 'oneOf', 'then', 'else']);

/** Keywords whose values map names to maps of names: callbacks, each a map of expressions to path items. */
const NAMES_OF_NAME_MAPS = new Set(['callbacks']);

/** What an object's keys are: keywords (of a schema or an OpenAPI object), names, or names of name maps. */
type Keys = 'keywords' | 'names' | 'namesOfNames';

/** What the keys of a value are, by the key it is found under and what that key is. */
function keysBelow(key: string, keys: Keys): Keys {
  if (keys === 'names') return 'keywords';
  if (keys === 'namesOfNames') return 'names';
  return NAME_MAPS.has(key) ? 'names' : NAMES_OF_NAME_MAPS.has(key) ? 'namesOfNames' : 'keywords';
}

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
  // `around` is what the schema a subschema applies beside declares: its `required` may name those properties.
  const walk = (node: unknown, keys: Keys, around?: Record<string, JsonObject>): unknown => {
    if (node === null || typeof node !== 'object') return node;
    if (Array.isArray(node)) {
      let items: unknown[] | undefined;
      for (let i = 0; i < node.length; i++) {
        const item = walk(node[i], 'keywords', around);
        if (item === node[i]) continue;
        items ??= [...node];
        items[i] = item;
      }
      return items ?? node;
    }
    const object = node as JsonObject;
    // A Map, made at the first change: a key such as `__proto__` is a name like any other.
    let changes: Map<string, unknown> | undefined;
    // What this schema declares (its parts and branches too), with what is around it: read once, where a
    // subschema applied beside it or its own `required` asks.
    let declared: Record<string, JsonObject> | undefined;
    const declaredHere = () => (declared ??= { ...around, ...everyProperty(document, object) });
    // Indexed, as every walk at start: it runs before the JIT has warmed, where an iterator costs.
    const names = Object.keys(object);
    for (let i = 0; i < names.length; i++) {
      const key = names[i]!;
      if (keys === 'keywords' && DATA_KEYWORDS.has(key)) continue;
      const value = object[key];
      // Only objects and arrays can change: most of a document is strings and numbers.
      if (value === null || typeof value !== 'object') continue;
      const beside = keys === 'keywords' && APPLIED_BESIDE.has(key) ? declaredHere() : undefined;
      const walked = walk(value, keysBelow(key, keys), beside);
      if (walked === value) continue;
      changes ??= new Map();
      changes.set(key, walked);
    }
    if (keys === 'keywords' && Array.isArray(object.required)) {
      const properties = declaredHere();
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
  return walk(document, 'keywords') as OpenApiDocument;
}
