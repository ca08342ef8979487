// Between web Requests and Responses and the core: what the in-process fetch and the MSW handlers share.
import type { CoreRequest, CoreResponse } from '../core/create-core.js';
import { bodyText } from '../core/serialize.js';

/** A repeated query parameter becomes an array; keys go in a null-prototype object, so `__proto__` is a key. */
export function queryOf(params: URLSearchParams): CoreRequest['query'] {
  const query = Object.create(null) as CoreRequest['query'];
  for (const [name, value] of params) {
    const before = query[name];
    query[name] = before === undefined ? value : Array.isArray(before) ? [...before, value] : [before, value];
  }
  return query;
}

export async function toCoreRequest(request: Request): Promise<CoreRequest> {
  const url = new URL(request.url);
  const headers: CoreRequest['headers'] = Object.create(null);
  request.headers.forEach((value, name) => (headers[name] = value));
  return {
    method: request.method,
    path: url.pathname,
    query: queryOf(url.searchParams),
    headers,
    body: request.body === null ? undefined : await request.text(),
  };
}

export function toWebResponse(answer: CoreResponse): Response {
  return new Response(bodyText(answer) ?? null, { status: answer.status, headers: answer.headers });
}
