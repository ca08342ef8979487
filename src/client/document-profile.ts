// What a client of another document (createCloudClient's `document`, as the MCP server passes one) reads of
// it before a call is sent: its path parameters' rules and styles, which check and write path values, and
// each operation's security, the key placed where the operation's first requirement that asks for one
// says. Loaded with the client's first call (document-client.ts), so that an app calling this API alone
// ships none of it.
import { authorizationValue, secretsOfKey, securityOf, type CredentialSlot } from '../contract/auth-scheme.js';
import type { OpenApiDocument } from '../contract/document.js';
import { pathRulesOf, styledSegment } from '../contract/path-rules.js';
import { CallRequest } from './call-request.js';
import { createPathSerializer } from './path-values.js';

/** What a call is, as openapi-fetch hands it to middleware. */
export interface DocumentCall {
  schemaPath: string;
  /** The call's path values; undefined where it gave none. */
  path: Record<string, unknown> | undefined;
  /** Where the call goes: the client's base URL, or the call's own. */
  baseUrl: string;
}

export interface DocumentProfile {
  /**
   * The call's request with its path filled (each value checked by the document's rules, a
   * CloudClientOptionError otherwise) and the key in each slot the operation asks for; undefined where
   * the request needs neither.
   */
  prepare(request: Request, call: DocumentCall, apiKey: string): Promise<Request | undefined>;
  /** What the key stands for, to scrub from errors and logs: the key, and HTTP basic's password. */
  secrets(apiKey: string): string[];
}

/**
 * The request at `url`, with the key in each slot: a header, a query parameter added to its URL, or a
 * cookie. A CallRequest still, with the call's own timeout and retries.
 */
async function rebuilt(request: Request, url: string, slots: readonly CredentialSlot[], key: string): Promise<Request> {
  const headers = new Headers(request.headers);
  const cookies = [headers.get('cookie')].filter((cookie) => cookie !== null);
  for (const slot of slots) {
    if ('query' in slot)
      url += `${url.includes('?') ? '&' : '?'}${encodeURIComponent(slot.query)}=${encodeURIComponent(key)}`;
    else if ('cookie' in slot) cookies.push(`${slot.cookie}=${key}`);
    else headers.set(slot.header, authorizationValue(slot, key));
  }
  if (cookies.length > 0) headers.set('cookie', cookies.join('; '));
  const body = request.body === null ? undefined : await request.arrayBuffer();
  const { timeoutMs, maxRetries, callerMayAbort } = CallRequest.overridesOf(request);
  return new CallRequest(url, {
    method: request.method,
    headers,
    body,
    // The request openapi-fetch made has a signal nothing can abort: the new one needs none of it.
    signal: callerMayAbort ? request.signal : undefined,
    redirect: request.redirect,
    timeoutMs,
    maxRetries,
  });
}

/** The URL's query, with its `?`; '' for none. A base URL has none (the client refuses one), nor a template. */
const queryOf = (url: string) => (url.includes('?') ? url.slice(url.indexOf('?')) : '');

export function documentProfile(document: OpenApiDocument): DocumentProfile {
  const security = securityOf(document);
  const serialize = createPathSerializer(pathRulesOf(document), styledSegment);
  return {
    secrets: (apiKey) => [apiKey, ...security.schemes.flatMap(({ slot }) => secretsOfKey(slot, apiKey))],
    async prepare(request, { schemaPath, path, baseUrl }, apiKey) {
      // openapi-fetch left the template as it is (document-client.ts): it is filled here, values or none.
      const url = schemaPath.includes('{')
        ? serialize(`${baseUrl}${schemaPath}`, path ?? {}) + queryOf(request.url)
        : request.url;
      const slots = security
        .requirementOf({ method: request.method, path: schemaPath })
        .find((alternative) => alternative.length > 0)
        ?.map(({ slot }) => slot);
      if (url === request.url && !slots) return undefined;
      return rebuilt(request, url, slots ?? [], apiKey);
    },
  };
}
