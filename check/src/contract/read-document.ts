// readDocument(): an OpenAPI 3.0 or 3.1 document made into what every tool reads, once, where a `document`
// option comes in (createEmulator, checkContract, the MCP server): 3.0 upgraded to 3.1, `paths` and
// `components` always objects, each operation with an operationId of its own. What the tools cannot
// read is a DocumentError of one line naming the place. Browser-safe.
import { upgradeFromThreeToThreeOne } from '@scalar/openapi-upgrader/3.0-to-3.1';
import { HTTP_METHODS, jsonPointer, kindOf, type JsonObject, type OpenApiDocument } from 'cloud-platform-api/toolbox';

/** A document the tools cannot read; its message is one line, naming the document and the place. */
export class DocumentError extends Error {
  override name = 'DocumentError';
}

/** The OpenAPI versions the tools read: 3.0.x is upgraded to 3.1 as it is read. */
const SUPPORTED = /^3\.[01]\.\d+$/;

const isObject = (value: unknown): value is JsonObject =>
  value !== null && typeof value === 'object' && !Array.isArray(value);

/** Why `value` is not an OpenAPI 3.0 or 3.1 document by its version fields, or undefined when it is one. */
export function versionProblem(value: unknown): string | undefined {
  if (!isObject(value)) return `must be an OpenAPI document (an object), got ${kindOf(value)}`;
  const only = 'only OpenAPI 3.0.x and 3.1.x are read';
  if (value.swagger !== undefined && value.openapi === undefined)
    return `is Swagger ${String(value.swagger)}: ${only} (convert it to OpenAPI 3 first)`;
  if (typeof value.openapi !== 'string') return `has no "openapi" version field: ${only}`;
  if (!SUPPORTED.test(value.openapi)) return `is OpenAPI ${JSON.stringify(value.openapi)}: ${only}`;
  return undefined;
}

/** Why the paths' shape cannot be read (a path item or an operation that is not an object, an operationId missing or twice), or undefined. */
function pathsProblem(paths: JsonObject): string | undefined {
  const seen = new Map<string, string>();
  for (const [route, item] of Object.entries(paths)) {
    if (!isObject(item)) return `${jsonPointer('paths', route)} must be a path item (an object), got ${kindOf(item)}`;
    for (const method of HTTP_METHODS) {
      if (item[method] === undefined) continue;
      const at = jsonPointer('paths', route, method);
      const operation = item[method] as unknown;
      if (!isObject(operation)) return `${at} must be an operation (an object), got ${kindOf(operation)}`;
      const id = operation.operationId;
      if (typeof id !== 'string' || id === '') return `${at} has no operationId: every operation needs one`;
      const before = seen.get(id);
      if (before) return `${at} has the operationId ${JSON.stringify(id)} of ${before} too: each must be unique`;
      seen.set(id, at);
    }
  }
  return undefined;
}

/** Why the document's shape cannot be read, or undefined when it can. */
function shapeProblem(value: unknown): string | undefined {
  const version = versionProblem(value);
  if (version) return version;
  const document = value as JsonObject;
  for (const part of ['paths', 'components'])
    if (document[part] !== undefined && !isObject(document[part]))
      return `"${part}" must be an object, got ${kindOf(document[part])}`;
  return document.paths === undefined ? undefined : pathsProblem(document.paths);
}

/** What readDocument made of each document it was given: the same one in, the same one out (the per-document caches key on it). */
const read = new WeakMap<object, OpenApiDocument>();

/** The 3.1 form of a 3.0 document, on a copy (the upgrade changes what it is given). */
const upgraded = (document: JsonObject): JsonObject =>
  upgradeFromThreeToThreeOne(structuredClone(document) as never) as unknown as JsonObject;

/**
 * The document as every tool reads it: a 3.0 one upgraded to 3.1 (`nullable`, boolean
 * `exclusiveMinimum`/`exclusiveMaximum`, `example`), no `paths` read as none (a webhooks-only document),
 * no `components` as none. A 3.1 document with both is returned as it is, the same object. A document
 * that is not OpenAPI 3.0 or 3.1, or whose paths cannot be read, is a DocumentError naming `source` and the place.
 *
 * @example
 * const document = readDocument(JSON.parse(text), 'api.json');
 */
export function readDocument(value: unknown, source = 'document'): OpenApiDocument {
  const known = isObject(value) ? read.get(value) : undefined;
  if (known) return known;
  const problem = shapeProblem(value);
  if (problem) throw new DocumentError(`${source}: ${problem}`);
  const given = value as JsonObject;
  const document = (given.openapi as string).startsWith('3.0.') ? upgraded(given) : given;
  const whole = (
    isObject(document.paths) && isObject(document.components)
      ? document
      : { ...document, paths: document.paths ?? {}, components: document.components ?? {} }
  ) as OpenApiDocument;
  read.set(given, whole);
  read.set(whole, whole);
  return whole;
}
