// readDocument(): an OpenAPI 3.0 or 3.1 document made into what every tool reads, once, where a `document`
// option comes in (createEmulator, checkContract, the MCP server): 3.0 upgraded to 3.1, `paths` and
// `components` always objects, each operation with an operationId of its own (one made from its method
// and path where it has none). What the tools cannot
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
  // Where each operationId was met, as a pointer only when a message names it.
  const seen = new Map<string, [route: string, method: string]>();
  for (const [route, item] of Object.entries(paths)) {
    if (!isObject(item)) return `${jsonPointer('paths', route)} must be a path item (an object), got ${kindOf(item)}`;
    for (const method of HTTP_METHODS) {
      if (item[method] === undefined) continue;
      const at = () => jsonPointer('paths', route, method);
      const operation = item[method] as unknown;
      if (!isObject(operation)) return `${at()} must be an operation (an object), got ${kindOf(operation)}`;
      const id = operation.operationId;
      if (id === undefined) continue;
      if (typeof id !== 'string' || id === '') return `${at()} has an operationId that is not a name: ${kindOf(id)}`;
      const before = seen.get(id);
      if (before)
        return `${at()} has the operationId ${JSON.stringify(id)} of ${jsonPointer('paths', ...before)} too: each must be unique`;
      seen.set(id, [route, method]);
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

/** Keywords whose values are data, not schemas: nothing under them is read as a schema. */
const DATA_KEYWORDS = new Set(['example', 'examples', 'default', 'const', 'enum', 'value']);

/** Whether any schema in `node` says `nullable` without a `type` (Ajv refuses it; as 3.0 means it, it allows anything). */
function hasUntypedNullable(node: unknown): boolean {
  if (node === null || typeof node !== 'object') return false;
  const object = node as JsonObject;
  if (typeof object.nullable === 'boolean' && object.type === undefined) return true;
  // Indexed keys, not entries: this walks every node of a large document as it is read, before the JIT has warmed.
  const keys = Object.keys(object);
  for (let i = 0; i < keys.length; i++)
    if (!DATA_KEYWORDS.has(keys[i]!) && hasUntypedNullable(object[keys[i]!])) return true;
  return false;
}

/** Removes each `nullable` without a `type`, in place: the schema allows anything, null included, without it. */
function dropUntypedNullable(node: unknown): void {
  if (node === null || typeof node !== 'object') return;
  const object = node as JsonObject;
  if (typeof object.nullable === 'boolean' && object.type === undefined) delete object.nullable;
  for (const [key, inner] of Object.entries(object)) if (!DATA_KEYWORDS.has(key)) dropUntypedNullable(inner);
}

/** Each operation without an operationId, where it is. */
function unnamedOperations(paths: unknown): { route: string; method: string; operation: JsonObject }[] {
  if (!isObject(paths)) return [];
  return Object.entries(paths).flatMap(([route, item]) =>
    HTTP_METHODS.filter((method) => isObject(item[method]) && item[method].operationId === undefined).map((method) => ({
      route,
      method,
      operation: item[method] as JsonObject,
    })),
  );
}

/** A word of a path segment, capitalised: `{petId}` is `ByPetId`, `user-photos` is `UserPhotos`. */
const segmentWords = (segment: string): string => {
  const words = segment
    .replace(/^\{(.*)\}$/, 'by $1')
    .split(/[^A-Za-z0-9]+/)
    .filter(Boolean);
  return words.map((word) => word[0]!.toUpperCase() + word.slice(1)).join('');
};

/**
 * The operationId given to an operation that has none: its method and its path's words, camelCased
 * (`GET /pets/{petId}` is `getPetsByPetId`), with 2, 3... after it where that name is taken.
 */
export function operationIdFor(method: string, route: string, taken: ReadonlySet<string>): string {
  const base = method.toLowerCase() + route.split('/').map(segmentWords).join('');
  let name = base;
  for (let n = 2; taken.has(name); n++) name = `${base}${n}`;
  return name;
}

/**
 * The document with what the tools could not read otherwise made readable: a name for each operation
 * without one, and no `nullable` without a `type`. On a copy where anything changes (`copied` is
 * already one when it is not `given`); the same object where nothing does.
 */
function repaired(document: JsonObject, given: JsonObject): JsonObject {
  const untyped = hasUntypedNullable(document.paths) || hasUntypedNullable(document.components);
  if (!untyped && unnamedOperations(document.paths).length === 0) return document;
  const copy = document === given ? structuredClone(document) : document;
  dropUntypedNullable(copy.paths);
  dropUntypedNullable(copy.components);
  const taken = new Set(
    Object.values((copy.paths ?? {}) as JsonObject).flatMap((item) =>
      HTTP_METHODS.map((method) => (item as JsonObject)[method]?.operationId).filter((id) => typeof id === 'string'),
    ),
  );
  for (const { route, method, operation } of unnamedOperations(copy.paths)) {
    operation.operationId = operationIdFor(method, route, taken);
    taken.add(operation.operationId);
  }
  return copy;
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
  const document = repaired((given.openapi as string).startsWith('3.0.') ? upgraded(given) : given, given);
  const whole = (
    isObject(document.paths) && isObject(document.components)
      ? document
      : { ...document, paths: document.paths ?? {}, components: document.components ?? {} }
  ) as OpenApiDocument;
  read.set(given, whole);
  read.set(whole, whole);
  return whole;
}
