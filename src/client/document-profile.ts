// What a client takes from the API it calls: where requests go by default, how a path template is filled
// (each parameter checked against the document's rules), and how the key travels. This API's profile is
// read by the build into generated/; another document's (createCloudClient's `document`, as the MCP server
// passes one) is read here at creation: its first server, its path parameters' rules, and each operation's
// security, the key placed where the operation's first requirement that asks for one says.
import type { Middleware } from 'openapi-fetch';
import { authorizationValue, secretsOfKey, securityOf, type CredentialSlot } from '../contract/auth-scheme.js';
import { serverUrlOf, type OpenApiDocument } from '../contract/document.js';
import { pathRulesOf, styledSegment } from '../contract/path-values.js';
import { createPathSerializer } from './path-values.js';

/** What a client of another document is made with, in place of this API's generated defaults. */
export interface DocumentProfile {
  /** The document's first server, or undefined where it declares no http(s) one. */
  baseUrl: string | undefined;
  serializePath: (url: string, values: Record<string, unknown>) => string;
  /** Puts the key where each operation's security says; a call's own headers never replace it. */
  credentials: (apiKey: string) => Middleware;
  /** What the key stands for, to scrub from errors and logs: the key, and HTTP basic's password. */
  secrets: (apiKey: string) => string[];
}

/** A request carrying the key in each slot: a header, a query parameter added to its URL, or a cookie. */
async function withKey(request: Request, slots: readonly CredentialSlot[], key: string): Promise<Request> {
  let url = request.url;
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
  return new Request(url, {
    method: request.method,
    headers,
    body,
    signal: request.signal,
    redirect: request.redirect,
  });
}

export function documentProfile(document: OpenApiDocument): DocumentProfile {
  const security = securityOf(document);
  const server = serverUrlOf(document);
  return {
    baseUrl: server !== undefined && /^https?:\/\//i.test(server) ? server : undefined,
    serializePath: createPathSerializer(pathRulesOf(document), styledSegment),
    secrets: (apiKey) => [apiKey, ...security.schemes.flatMap(({ slot }) => secretsOfKey(slot, apiKey))],
    credentials: (apiKey) => ({
      onRequest({ request, schemaPath }) {
        const slots = security
          .requirementOf({ method: request.method, path: schemaPath })
          .find((alternative) => alternative.length > 0)
          ?.map(({ slot }) => slot);
        return slots ? withKey(request, slots, apiKey) : undefined;
      },
    }),
  };
}
