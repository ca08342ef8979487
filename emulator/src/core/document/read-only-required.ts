// OpenAPI: a property that is `readOnly` and required is required in answers only. The emulator checks
// requests against a copy of the document whose `required` lists leave such properties out, so a
// create that (rightly) omits the server's `id` is not refused for it.
import { resolveRef, schemaProperties, type JsonObject, type OpenApiDocument } from 'cloud-platform-api/toolbox';

function isReadOnly(document: OpenApiDocument, property: JsonObject): boolean {
  try {
    return resolveRef(document, property).readOnly === true;
  } catch {
    // A `$ref` that leads nowhere is the document check's to name, not this one's.
    return false;
  }
}

function loosen(document: OpenApiDocument, node: unknown): void {
  if (Array.isArray(node)) {
    for (const item of node) loosen(document, item);
    return;
  }
  if (node === null || typeof node !== 'object') return;
  const schema = node as JsonObject;
  if (Array.isArray(schema.required) && schema.required.every((name) => typeof name === 'string')) {
    const properties = schemaProperties(document, schema);
    schema.required = (schema.required as string[]).filter(
      (name) => !(Object.hasOwn(properties, name) && isReadOnly(document, properties[name]!)),
    );
  }
  // Examples are data, not schemas.
  for (const [key, child] of Object.entries(schema))
    if (key !== 'example' && key !== 'examples') loosen(document, child);
}

/** `document` (a copy the caller owns) with readOnly properties left out of every `required`; the same object. */
export function withoutReadOnlyRequired(document: OpenApiDocument): OpenApiDocument {
  loosen(document, document.paths);
  loosen(document, document.components);
  return document;
}
