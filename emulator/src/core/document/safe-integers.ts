// Integers the emulator can hold exactly: a JSON number above 2^53 - 1 is already rounded by the time
// it is parsed (9007199254740993 reads as 9007199254740992), so two different ids would act as one.
// The emulator validates requests against a copy of the document whose integer schemas are bounded
// to the safe range: such a value is a 400 that names the field and the rule (maximum or minimum).
import type { OpenApiDocument } from 'cloud-platform-api/toolbox';

const isInteger = (type: unknown) => type === 'integer' || (Array.isArray(type) && type.includes('integer'));

function bound(node: unknown): void {
  if (Array.isArray(node)) {
    for (const item of node) bound(item);
    return;
  }
  if (node === null || typeof node !== 'object') return;
  const schema = node as Record<string, unknown>;
  if (isInteger(schema.type)) {
    schema.maximum = Math.min(Number(schema.maximum ?? Infinity), Number.MAX_SAFE_INTEGER);
    schema.minimum = Math.max(Number(schema.minimum ?? -Infinity), Number.MIN_SAFE_INTEGER);
  }
  // Examples are data, not schemas: an example object with a `type` field is left as it is.
  for (const [key, child] of Object.entries(schema)) if (key !== 'example' && key !== 'examples') bound(child);
}

export function withSafeIntegers(document: OpenApiDocument): OpenApiDocument {
  const copy = structuredClone(document);
  bound(copy.paths);
  bound(copy.components);
  return copy;
}
