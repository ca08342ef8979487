// Every kind of security scheme the tools serve, one row each: the scheme as a document declares it, a key
// of that kind, and how a client carries the key on the wire, written out here by hand (not with the
// toolbox's writer, so a test does not share its mistakes). `withSecurity` grafts a kind onto the bundled
// document: every operation asks for it, but getVideo asks for nothing (`security: []`) and listStreams
// takes it optionally (`[{}, {scheme}]`).
import type { OpenApiDocument } from '../src/contract/document.js';
import { bundled } from './document.js';

/** The parts of a request that carry a key: headers, and a query string (without its `?`). */
export interface Carried {
  headers: Record<string, string>;
  query: string;
}

export interface SecurityKind {
  kind: string;
  scheme: Record<string, unknown>;
  /** A key as this kind's users hold one (HTTP basic: the whole `user:password` pair). */
  key: string;
  /** The secrets the key stands for, each of which must never be kept: the key, and basic's password. */
  secrets: string[];
  carry(key: string): Carried;
  /** What a 401 for a request without the key tells to send. */
  hint: string;
}

const header = (name: string, value: string): Carried => ({ headers: { [name]: value }, query: '' });
const bearer = (key: string) => header('authorization', `Bearer ${key}`);
const KEY = 'sk-kind-é/"q"-4711';

export const SECURITY_KINDS: SecurityKind[] = [
  {
    kind: 'apiKey in a header, with a scheme word',
    scheme: { type: 'apiKey', in: 'header', name: 'Authorization', 'x-authorization-scheme': 'token' },
    key: KEY,
    secrets: [KEY],
    carry: (key) => header('authorization', `token ${key}`),
    hint: 'Authorization: token <token>',
  },
  {
    kind: 'apiKey in a header of its own',
    scheme: { type: 'apiKey', in: 'header', name: 'X-Api-Key' },
    key: KEY,
    secrets: [KEY],
    carry: (key) => header('x-api-key', key),
    hint: 'X-Api-Key: <token>',
  },
  {
    kind: 'apiKey in the query',
    scheme: { type: 'apiKey', in: 'query', name: 'api_key' },
    key: KEY,
    secrets: [KEY],
    carry: (key) => ({ headers: {}, query: `api_key=${encodeURIComponent(key)}` }),
    hint: '?api_key=<token>',
  },
  {
    kind: 'apiKey in a cookie',
    scheme: { type: 'apiKey', in: 'cookie', name: 'session' },
    key: KEY,
    secrets: [KEY],
    carry: (key) => header('cookie', `theme=dark; session=${key}`),
    hint: 'Cookie: session=<token>',
  },
  {
    kind: 'HTTP bearer',
    scheme: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' },
    key: KEY,
    secrets: [KEY],
    carry: bearer,
    hint: 'Authorization: Bearer <token>',
  },
  {
    kind: 'HTTP basic',
    scheme: { type: 'http', scheme: 'basic' },
    key: `alice:${KEY}`,
    secrets: [`alice:${KEY}`, KEY],
    carry: (key) => header('authorization', `Basic ${Buffer.from(key, 'utf8').toString('base64')}`),
    hint: 'Authorization: Basic <base64 of user:password>',
  },
  {
    kind: 'OAuth2',
    scheme: {
      type: 'oauth2',
      flows: { clientCredentials: { tokenUrl: 'https://auth.example.test/token', scopes: { read: 'read' } } },
    },
    key: KEY,
    secrets: [KEY],
    carry: bearer,
    hint: 'Authorization: Bearer <token>',
  },
  {
    kind: 'OpenID Connect',
    scheme: { type: 'openIdConnect', openIdConnectUrl: 'https://auth.example.test/.well-known/openid-configuration' },
    key: KEY,
    secrets: [KEY],
    carry: bearer,
    hint: 'Authorization: Bearer <token>',
  },
];

/** The operation that asks for nothing, and the one whose credentials are optional, in `withSecurity`'s documents. */
export const OPEN_OPERATION = { operationId: 'getVideo', path: '/streaming/videos/1444' } as const;
export const OPTIONAL_OPERATION = { operationId: 'listStreams', path: '/streaming/streams' } as const;

/** The bundled document with `kind` as its only scheme, asked for by every operation but OPEN_ and OPTIONAL_OPERATION. */
export function withSecurity(kind: SecurityKind): OpenApiDocument {
  const document = structuredClone(bundled);
  const requirement = { testAuth: kind.scheme.type === 'oauth2' ? ['read'] : [] };
  document.components!.securitySchemes = { testAuth: kind.scheme };
  document.security = [requirement];
  document.paths['/streaming/videos/{video_id}']!.get!.security = [];
  document.paths['/streaming/streams']!.get!.security = [{}, requirement];
  return document;
}

/** A request's URL with the carried query, and its headers with `more`. */
export function carriedRequest(url: string, carried: Carried, more: Record<string, string> = {}) {
  const query = carried.query === '' ? '' : `${url.includes('?') ? '&' : '?'}${carried.query}`;
  return { url: `${url}${query}`, headers: { ...more, ...carried.headers } };
}
