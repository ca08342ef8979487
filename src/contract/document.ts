// Answers the questions code asks of the OpenAPI document at run time: which operations exist, which
// response definition covers a given status, what a schema's properties are. Browser-safe: reading
// the bundled file from disk is bundled-document.ts's job.
import { pathPattern } from './path-template.js';
import { jsonPointer, pointerTokens } from './pointer.js';

/** A JSON object read by path, as the document's parts are. */
export type JsonObject = Record<string, any>;

/** An OpenAPI 3.1 document as JSON: the bundled one (`cloud-platform-api/openapi.json`) or a copy of it. */
export interface OpenApiDocument extends JsonObject {
  paths: Record<string, Record<string, JsonObject>>;
  components: Record<string, Record<string, JsonObject>>;
}

/** The methods a path item may hold, in the order OpenAPI lists them. */
export const HTTP_METHODS = ['get', 'put', 'post', 'delete', 'patch', 'options', 'head', 'trace'] as const;

/** What a local `$ref` ("#/components/...") names, one step, by own properties only; undefined where nothing is. */
export function refTarget(document: JsonObject, $ref: string): unknown {
  if (!$ref.startsWith('#')) return undefined;
  let at: unknown = document;
  for (const token of pointerTokens($ref))
    at = at !== null && typeof at === 'object' && Object.hasOwn(at, token) ? (at as JsonObject)[token] : undefined;
  return at;
}

/** Follows a local `$ref` ("#/components/...") to the object it names; a `$ref` loop is an error. */
export function resolveRef<T extends JsonObject>(document: JsonObject, node: T | { $ref: string }): T {
  let current: JsonObject = node;
  const followed = new Set<string>();
  while (typeof current.$ref === 'string') {
    if (followed.has(current.$ref)) throw new Error(`$ref loop at ${current.$ref}`);
    followed.add(current.$ref);
    const target = refTarget(document, current.$ref);
    if (target === null || typeof target !== 'object') throw new Error(`Unresolved $ref ${current.$ref}`);
    current = target as JsonObject;
  }
  return current as T;
}

/** The properties a schema declares, its own and its allOf parts', following `$ref`s. */
export function schemaProperties(document: JsonObject, schema: JsonObject): Record<string, JsonObject> {
  const resolved = resolveRef(document, schema);
  const merged: Record<string, JsonObject> = { ...(resolved.properties ?? {}) };
  for (const part of (resolved.allOf ?? []) as JsonObject[]) Object.assign(merged, schemaProperties(document, part));
  return merged;
}

/** Every property a schema can have, across allOf parts and oneOf/anyOf branches (the first schema of a name wins). */
export function everyProperty(document: OpenApiDocument, schema: JsonObject): Record<string, JsonObject> {
  const s = resolveRef(document, schema);
  const merged = { ...schemaProperties(document, s) };
  for (const branch of [...(s.oneOf ?? []), ...(s.anyOf ?? [])] as JsonObject[]) {
    for (const [name, property] of Object.entries(everyProperty(document, branch))) merged[name] ??= property;
  }
  return merged;
}

/** The example a schema gives: `examples[0]`, `example`, `const`, the first `enum` value or `default`. */
export function schemaExample(document: JsonObject, schema: JsonObject): unknown {
  const s = resolveRef(document, schema);
  if (Array.isArray(s.examples) && s.examples.length > 0) return s.examples[0];
  for (const keyword of ['example', 'const', 'default']) if (keyword in s) return s[keyword];
  return Array.isArray(s.enum) ? s.enum[0] : undefined;
}

/** One operation of a document: where it is (method, path) and its own object. */
export interface OperationRef {
  operationId: string;
  method: string;
  path: string;
  operation: JsonObject;
}

/** Every operation of the document, in the order of its paths and methods. */
export function listOperations(document: Pick<OpenApiDocument, 'paths'>): OperationRef[] {
  return Object.entries(document.paths).flatMap(([route, item]) =>
    HTTP_METHODS.filter((m) => item[m]).map((m) => ({
      operationId: item[m]!.operationId as string,
      method: m.toUpperCase(),
      path: route,
      operation: item[m]!,
    })),
  );
}

/** The operations whose path template a request path matches, whatever their methods. */
export function operationsAt(document: Pick<OpenApiDocument, 'paths'>, pathname: string): OperationRef[] {
  return listOperations(document).filter((op) => pathPattern(op.path).test(pathname));
}

/** The operation's success status: its one 2xx response code. */
export function successStatus(operation: JsonObject): number {
  return Number(Object.keys(operation.responses ?? {}).find((code) => /^2\d\d$/.test(code)));
}

/** The links of an operation's success response, by name, each resolved: where its answer leads next. */
export function successLinks(document: JsonObject, op: OperationRef): Record<string, JsonObject> {
  const responses = (op.operation.responses ?? {}) as Record<string, JsonObject>;
  const response = resolveRef<JsonObject>(document, responses[String(successStatus(op.operation))] ?? {});
  return Object.fromEntries(
    Object.entries((response.links ?? {}) as Record<string, JsonObject>).map(([name, link]) => [
      name,
      resolveRef(document, link),
    ]),
  );
}

/** A response the document declares for an operation, as the checks read it. */
export interface ResponseDefinition {
  /** The key it is declared under: '404', '4XX' or 'default'. */
  key: string;
  /** Pointer to the JSON body schema, or undefined when the response has no JSON body. */
  jsonSchema: string | undefined;
  /** Media types the response declares; empty when it has no body. */
  mediaTypes: string[];
  /** Names of the headers the response declares. */
  headers: string[];
  /** Each header it declares: whether it is required, and a pointer to its schema. */
  declaredHeaders: { name: string; required: boolean; schema: string | undefined }[];
  /** The example of its JSON body, where it gives one: its `example`, else its first named one. */
  jsonExample: unknown;
  /** Its JSON body's named examples (`examples`), by name. */
  namedExamples: Record<string, unknown>;
}

/** The response definition of an operation for a status: the exact code, else its range (4XX), else default. */
export function responseFor(
  document: OpenApiDocument,
  op: OperationRef,
  status: number,
): ResponseDefinition | undefined {
  const responses = op.operation.responses as Record<string, JsonObject>;
  const key = [String(status), `${String(status)[0]}XX`, 'default'].find((k) => responses[k] !== undefined);
  if (!key) return undefined;
  const response = resolveRef(document, responses[key]!);
  const content = (response.content ?? {}) as Record<string, JsonObject>;
  const mediaTypes = Object.keys(content);
  const json = mediaTypes.find((t) => /json/.test(t));
  // A $ref's tokens read back (`~1` is `/`), so that jsonPointer escapes each once.
  const base = responses[key]!.$ref
    ? pointerTokens(String(responses[key]!.$ref))
    : ['paths', op.path, op.method.toLowerCase(), 'responses', key];
  return {
    key,
    mediaTypes,
    jsonSchema: json ? jsonPointer(...base, 'content', json, 'schema') : undefined,
    headers: Object.keys(response.headers ?? {}),
    declaredHeaders: Object.entries((response.headers ?? {}) as Record<string, JsonObject>).map(([name, header]) => {
      const at = header.$ref ? pointerTokens(String(header.$ref)) : [...base, 'headers', name];
      const definition = resolveRef(document, header);
      return {
        name,
        required: definition.required === true,
        schema: definition.schema ? jsonPointer(...at, 'schema') : undefined,
      };
    }),
    ...jsonExamples(document, json ? content[json]! : undefined),
  };
}

/** The JSON body a response shows: its example, its first named example, or its schema's; undefined where it has no JSON body. */
export function responseExample(document: OpenApiDocument, response: ResponseDefinition | undefined): unknown {
  if (!response?.jsonSchema) return undefined;
  return response.jsonExample ?? schemaExample(document, { $ref: response.jsonSchema });
}

/** The example and the named examples of a JSON body (an entry of `examples` may be a `$ref`). */
function jsonExamples(
  document: OpenApiDocument,
  media: JsonObject | undefined,
): Pick<ResponseDefinition, 'jsonExample' | 'namedExamples'> {
  const entries = Object.entries((media?.examples ?? {}) as Record<string, JsonObject>);
  const namedExamples = Object.fromEntries(
    entries.map(([name, example]) => [name, resolveRef(document, example).value]),
  );
  return { jsonExample: media && 'example' in media ? media.example : Object.values(namedExamples)[0], namedExamples };
}
