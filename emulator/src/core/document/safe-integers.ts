// Integers the emulator can hold exactly: a JSON number above 2^53 - 1 is already rounded by the time
// it is parsed (9007199254740993 reads as 9007199254740992), so two different ids would act as one.
// The emulator validates requests against a copy of the document whose integer schemas are bounded
// to the safe range: such a value is a 400 that names the field and the rule (maximum or minimum).
import type { OpenApiDocument } from 'cloud-platform-api/toolbox';

const isInteger = (type: unknown) => type === 'integer' || (Array.isArray(type) && type.includes('integer'));

/** The copy with `key` set as its own property: a key `__proto__` defined, as assigning it would set the prototype. */
function withKey(copy: Record<string, unknown>, key: string, value: unknown): Record<string, unknown> {
  if (key !== '__proto__') copy[key] = value;
  else Object.defineProperty(copy, key, { value, enumerable: true, writable: true, configurable: true });
  return copy;
}

/**
 * The node with every integer schema in it bounded, copied only where something changes: the copies
 * share the rest with the document (a large document is mostly left as it is). Indexed loops: this
 * walks every node of a document once, at start, before the JIT has warmed.
 */
function bounded(node: unknown): unknown {
  if (node === null || typeof node !== 'object') return node;
  if (Array.isArray(node)) {
    let items: unknown[] | undefined;
    for (let i = 0; i < node.length; i++) {
      const item = bounded(node[i]);
      if (item === node[i]) continue;
      items ??= [...node];
      items[i] = item;
    }
    return items ?? node;
  }
  const schema = node as Record<string, unknown>;
  let own: Record<string, unknown> | undefined;
  const keys = Object.keys(schema);
  for (let i = 0; i < keys.length; i++) {
    const key = keys[i]!;
    // Examples are data, not schemas: an example object with a `type` field is left as it is.
    if (key === 'example' || key === 'examples') continue;
    const child = bounded(schema[key]);
    if (child !== schema[key]) own = withKey(own ?? { ...schema }, key, child);
  }
  if (isInteger(schema.type)) {
    own ??= { ...schema };
    own.maximum = Math.min(Number(schema.maximum ?? Infinity), Number.MAX_SAFE_INTEGER);
    own.minimum = Math.max(Number(schema.minimum ?? -Infinity), Number.MIN_SAFE_INTEGER);
  }
  return own ?? node;
}

/** The document with its integer schemas bounded to the safe range; the document given is left as it is. */
export function withSafeIntegers(document: OpenApiDocument): OpenApiDocument {
  return { ...document, paths: bounded(document.paths), components: bounded(document.components) } as OpenApiDocument;
}
