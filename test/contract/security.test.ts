// securityOf, the one reader of a document's security: each kind of scheme read into where its key
// travels, each operation's requirement (its own `security`, `security: []` included, else the document's),
// and a document it cannot serve refused in one line naming the place.
import { describe, expect, it } from 'vitest';
import {
  authorizationValue,
  credentialHint,
  secretsOfKey,
  securityOf,
  SecurityError,
  type CredentialSlot,
} from '../../src/contract/auth-scheme.js';
import type { JsonObject } from '../../src/contract/document.js';
import { bundled } from '../../test-kit/document.js';
import { SECURITY_KINDS } from '../../test-kit/security-kinds.js';

const operation = (security?: unknown) => ({
  operationId: 'getThing',
  responses: { 200: { description: 'ok' } },
  ...(security === undefined ? {} : { security }),
});

/** A document with one scheme, `top` as its top-level security, and GET /things with `own`. */
function documentOf(scheme: JsonObject, top?: unknown, own?: unknown): JsonObject {
  return {
    openapi: '3.1.0',
    info: { title: 't', version: '1' },
    paths: { '/things': { get: operation(own) } },
    components: { securitySchemes: { auth: scheme } },
    ...(top === undefined ? {} : { security: top }),
  };
}

const GET_THINGS = { method: 'GET', path: '/things' };

describe('the slot each kind of scheme puts its key in', () => {
  const expected: CredentialSlot[] = [
    { header: 'Authorization', scheme: 'token' },
    { header: 'X-Api-Key' },
    { query: 'api_key' },
    { cookie: 'session' },
    { header: 'Authorization', scheme: 'Bearer' },
    { header: 'Authorization', scheme: 'Basic', basic: true },
    { header: 'Authorization', scheme: 'Bearer' },
    { header: 'Authorization', scheme: 'Bearer' },
  ];
  it.each(SECURITY_KINDS.map((kind, index) => [kind.kind, kind, expected[index]!] as const))('%s', (_, kind, slot) => {
    const security = securityOf(documentOf(kind.scheme, [{ auth: [] }]));
    expect(security.schemes).toEqual([{ name: 'auth', slot }]);
    expect(security.requirementOf(GET_THINGS)).toEqual([[{ name: 'auth', slot }]]);
    expect(credentialHint(slot)).toBe(kind.hint);
    const carried = kind.carry(kind.key);
    if ('header' in slot) expect(carried.headers[slot.header.toLowerCase()]).toBe(authorizationValue(slot, kind.key));
    expect(secretsOfKey(slot, kind.key)).toEqual(kind.secrets);
  });

  it("reads this repository's document as the apikey word in Authorization, on every operation", () => {
    const security = securityOf(bundled);
    const slot = { header: 'Authorization', scheme: 'apikey' };
    const name = Object.keys(bundled.security![0]!)[0];
    expect(security.schemes.map((scheme) => scheme.slot)).toEqual([slot]);
    for (const [path, item] of Object.entries(bundled.paths))
      for (const method of Object.keys(item as JsonObject))
        expect(security.requirementOf({ method, path })).toEqual([[{ name, slot }]]);
  });
});

describe('the requirement of an operation', () => {
  const scheme = { type: 'http', scheme: 'bearer' };
  const bearer = [{ name: 'auth', slot: { header: 'Authorization', scheme: 'Bearer' } }];
  it.each([
    ['no security anywhere: none', undefined, undefined, [[]]],
    ['the top-level security', [{ auth: [] }], undefined, [bearer]],
    ['its own security over the top-level one', [], [{ auth: [] }], [bearer]],
    ['its own `security: []` over the top-level one', [{ auth: [] }], [], [[]]],
    ['an empty requirement among others: optional', [{}, { auth: [] }], undefined, [[], bearer]],
    ['two schemes in one requirement: both', undefined, [{ auth: [], other: [] }], 'both'],
  ])('%s', (_, top, own, expected) => {
    const document = documentOf(scheme, top, own);
    document.components.securitySchemes.other = { type: 'apiKey', in: 'query', name: 'k' };
    const requirement = securityOf(document).requirementOf(GET_THINGS);
    if (expected === 'both') expect(requirement).toEqual([[...bearer, { name: 'other', slot: { query: 'k' } }]]);
    else expect(requirement).toEqual(expected);
  });
});

describe('a security it cannot serve, refused in one line naming the place', () => {
  it.each([
    [
      'an HTTP digest scheme',
      { type: 'http', scheme: 'digest' },
      '#/components/securitySchemes/auth: HTTP scheme "digest" is not supported (bearer and basic are)',
    ],
    ['mutual TLS', { type: 'mutualTLS' }, '#/components/securitySchemes/auth: "mutualTLS" is not a scheme'],
    [
      'an apiKey in the path',
      { type: 'apiKey', in: 'path', name: 'k' },
      '#/components/securitySchemes/auth: "apiKey" is not a scheme',
    ],
    [
      'an apiKey with no name',
      { type: 'apiKey', in: 'header' },
      '#/components/securitySchemes/auth: "apiKey" is not a scheme',
    ],
    ['a scheme with no type', {}, '#/components/securitySchemes/auth: null is not a scheme'],
  ])('%s', (_, scheme, message) => {
    const read = () => securityOf(documentOf(scheme, [{ auth: [] }]));
    expect(read).toThrow(SecurityError);
    expect(read).toThrow(message);
  });

  it.each([
    ['at the top level', [{ nowhere: [] }], undefined, '#/security/0: names the scheme "nowhere"'],
    [
      'on an operation',
      undefined,
      [{}, { nowhere: [] }],
      '#/paths/~1things/get/security/1: names the scheme "nowhere"',
    ],
    ['a requirement that is no list', { auth: [] }, undefined, '#/security: security must be a list of requirements'],
  ])('a requirement %s that names no declared scheme, or is no list', (_, top, own, message) => {
    expect(() => securityOf(documentOf({ type: 'http', scheme: 'bearer' }, top, own))).toThrow(message);
  });

  it('leaves alone a scheme it cannot serve that no requirement names', () => {
    const document = documentOf({ type: 'http', scheme: 'digest' });
    expect(securityOf(document).schemes).toEqual([]);
  });

  it('reads a document with no paths and no components (webhooks only)', () => {
    expect(securityOf({ openapi: '3.1.0', webhooks: {} }).schemes).toEqual([]);
  });
});
