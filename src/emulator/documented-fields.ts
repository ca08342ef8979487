// What the emulator keeps of a request body: only what the document declares, at any depth. A field
// the schemas do not list is accepted (they allow it) and dropped before a handler sees the body, so
// nothing stored or answered holds a client's arbitrary data, however deep or large.
import { resolveRef, schemaProperties, type JsonObject, type OpenApiDocument } from '../contract/document.js';
import { dictionary } from './dictionary.js';

/** The branch of a discriminated oneOf that a value names, or undefined when it names none. */
function chosenBranch(document: OpenApiDocument, schema: JsonObject, value: JsonObject): JsonObject | undefined {
  const property: string | undefined = schema.discriminator?.propertyName;
  if (!property) return undefined;
  return (schema.oneOf as JsonObject[]).find((branch) => resolveRef(document, schemaProperties(document, branch)[property] ?? {}).const === value[property]);
}

/** A copy of a valid value with every object holding only the properties its schema declares. */
export function documentedOnly(document: OpenApiDocument, schema: JsonObject, value: unknown): unknown {
  const resolved = resolveRef(document, schema);
  if (Array.isArray(value)) return resolved.items ? value.map((item) => documentedOnly(document, resolved.items, item)) : value;
  if (value === null || typeof value !== 'object') return value;
  if (resolved.oneOf) {
    const branch = chosenBranch(document, resolved, value as JsonObject);
    if (!branch) throw new Error('documentedOnly needs a discriminated oneOf: the emulator cannot tell which fields to keep');
    return documentedOnly(document, branch, value);
  }
  const properties = schemaProperties(document, resolved);
  const kept = dictionary<unknown>();
  for (const [name, property] of Object.entries(properties)) {
    if (Object.hasOwn(value, name)) kept[name] = documentedOnly(document, property, (value as JsonObject)[name]);
  }
  return kept;
}
