// What a test knows of a document's REST-shaped collections, read from the document alone (never from
// the emulator's own inference, which is what the walk judges): a list path `/things` whose item path
// `/things/{id}` reads and deletes, created by POST on the list or PUT on the item, changed by PATCH or
// PUT; and a client that calls a server with the document's credential.
import { type JsonObject, type OpenApiDocument, resolveRef, schemaProperties } from 'cloud-platform-api/toolbox';
import { schemaSample } from 'cloud-platform-check/contract';
import type { Credential } from './documents.js';

export interface Collection {
  list: string;
  item: string;
  create: 'post' | 'put';
  update: 'patch' | 'put';
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** The document's REST-shaped collections, in the order of its paths. */
export function restCollections(document: OpenApiDocument): Collection[] {
  const paths = document.paths as Record<string, JsonObject>;
  return Object.keys(paths).flatMap((list): Collection[] => {
    if (list.endsWith('}')) return [];
    const item = Object.keys(paths).find((p) => new RegExp(`^${escapeRegExp(list)}/\\{[^/{}]+\\}$`).test(p));
    if (!item) return [];
    const [onList, onItem] = [paths[list]!, paths[item]!];
    const create = onList.post ? 'post' : onItem.put ? 'put' : undefined;
    const update = onItem.patch ? 'patch' : onItem.put ? 'put' : undefined;
    return create && update && onList.get && onItem.get && onItem.delete ? [{ list, item, create, update }] : [];
  });
}

/** A JSON body the operation accepts: its example where it gives one, else a value made from its schema. */
export function requestBody(document: OpenApiDocument, operation: JsonObject): Record<string, unknown> {
  const media = resolveRef(document, operation.requestBody as JsonObject).content['application/json'] as JsonObject;
  const named = Object.values((media.examples ?? {}) as Record<string, JsonObject>)[0];
  const body = media.example ?? resolveRef(document, named ?? {}).value;
  return structuredClone(body ?? schemaSample(document, media.schema as JsonObject, 'request')) as Record<
    string,
    unknown
  >;
}

const UPDATED = 'walk-updated';

/** A property of the operation's body that takes any short string: the one an update changes, to see it change. */
export function freeTextProperty(document: OpenApiDocument, operation: JsonObject): string {
  const media = resolveRef(document, operation.requestBody as JsonObject).content['application/json'] as JsonObject;
  const properties = schemaProperties(document, media.schema as JsonObject);
  const free = Object.entries(properties).find(([, raw]) => {
    const schema = resolveRef(document, raw);
    const types = [schema.type].flat();
    const plain = !('enum' in schema || 'format' in schema || 'pattern' in schema || schema.readOnly);
    return types.includes('string') && plain && (schema.maxLength ?? UPDATED.length) >= UPDATED.length;
  });
  if (!free) throw new Error('the body has no free-text property for the walk to change');
  return free[0];
}

export const updatedText = UPDATED;

export interface Answer {
  status: number;
  contentType: string;
  body: unknown;
}

export type Call = (method: string, path: string, body?: unknown) => Promise<Answer>;

/** Calls `baseUrl` with the document's credential (none for a document without security). */
export function caller(baseUrl: string, credential: Credential | undefined, token: string): Call {
  return async (method, path, body) => {
    const url = new URL(path, baseUrl);
    const headers: Record<string, string> = { accept: 'application/json' };
    if (credential?.in === 'query') url.searchParams.set(credential.name, credential.value(token));
    if (credential?.in === 'header') headers[credential.name] = credential.value(token);
    if (body !== undefined) headers['content-type'] = 'application/json';
    const response = await fetch(url, {
      method,
      headers,
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    const text = await response.text();
    const contentType = response.headers.get('content-type') ?? '';
    return { status: response.status, contentType, body: parsed(text) };
  };
}

/** A body as JSON where it is JSON, else as its text: a wrong answer is shown, not thrown on. */
function parsed(text: string): unknown {
  if (text === '') return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

/** The properties a body schema requires, its own and its allOf parts'. */
function requiredOf(document: OpenApiDocument, schema: JsonObject): string[] {
  const resolved = resolveRef(document, schema);
  const parts = ((resolved.allOf ?? []) as JsonObject[]).flatMap((part) => requiredOf(document, part));
  return [...((resolved.required ?? []) as string[]), ...parts];
}

/** A property of `sent` the operation's body may leave out, with no default: what a PUT that replaces drops. */
export function droppableProperty(
  document: OpenApiDocument,
  operation: JsonObject,
  sent: Record<string, unknown>,
  keep: string,
): string | undefined {
  const schema = (resolveRef(document, operation.requestBody as JsonObject).content['application/json'] as JsonObject)
    .schema as JsonObject;
  const required = new Set(requiredOf(document, schema));
  const properties = schemaProperties(document, schema);
  // Not one that may be null either: a server may show a property it no longer has as null.
  const droppable = (schema: JsonObject) =>
    !('default' in schema) && schema.nullable !== true && ![schema.type].flat().includes('null');
  return Object.keys(sent).find(
    (name) => name !== keep && !required.has(name) && droppable(resolveRef(document, properties[name] ?? {})),
  );
}

/** The items of a list's answer: the answer itself when it is an array, else its first array property. */
export function listedItems(body: unknown): JsonObject[] {
  if (Array.isArray(body)) return body as JsonObject[];
  const found = Object.values((body ?? {}) as JsonObject).find(Array.isArray);
  return (found ?? []) as JsonObject[];
}

/** The media types the operation declares for an answer of `status`, as written. */
export function declaredMediaTypes(document: OpenApiDocument, operation: JsonObject, status: number): string[] {
  const responses = (operation.responses ?? {}) as Record<string, JsonObject>;
  const response = responses[String(status)] ?? responses[`${String(status)[0]}XX`] ?? responses.default;
  return response ? Object.keys(resolveRef(document, response).content ?? {}) : [];
}
