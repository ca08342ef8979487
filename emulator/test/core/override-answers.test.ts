// What an override may answer: headers that are well-formed HTTP (RFC 9110) and leave the framing to the
// emulator, a Content-Type the document declares, a body within the request limits, and no more overrides
// than MAX_OVERRIDES. Anything else is refused when it is set, naming the field and the rule: it never
// reaches an adapter, where it could break the connection or the server.
import { describe, expect, it } from 'vitest';
import { builtInFixtures, createEmulator, MAX_OVERRIDES, OverrideError } from '../../src/index.js';
import { startEmulator } from '../helpers/emulator.js';

const video = builtInFixtures.videos[0]!;
const AUTH = { authorization: 'apikey override-token' };
/** A JSON value `depth` objects deep. */
const nested = (depth: number): unknown => JSON.parse(`${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}`);
const manyHeaders = Object.fromEntries(Array.from({ length: 33 }, (_, i) => [`x-header-${i}`, 'v']));

describe('an override answer that is not well-formed HTTP, or not the document’s, is refused when set', () => {
  it.each([
    ['CR LF in a value', 'getVideo', 200, { 'x-note': 'a\r\nset-cookie: s=1' }, /headers\.x-note: .*\(field-value\)/],
    ['a bare LF', 'getVideo', 200, { 'x-note': 'a\nb' }, /headers\.x-note: .*\(field-value\)/],
    ['a bare CR', 'getVideo', 200, { 'x-note': 'a\rb' }, /headers\.x-note: .*\(field-value\)/],
    ['NUL', 'getVideo', 200, { 'x-note': 'a\0b' }, /headers\.x-note: .*\(field-value\)/],
    ['an obs-fold', 'getVideo', 200, { 'x-note': 'a\r\n b' }, /headers\.x-note: .*\(field-value\)/],
    ['a leading space', 'getVideo', 200, { 'x-note': ' a' }, /headers\.x-note: .*\(field-value\)/],
    ['a character past ASCII', 'getVideo', 200, { 'x-note': 'caf\u00e9' }, /headers\.x-note: .*\(field-value\)/],
    ['a space in a name', 'getVideo', 200, { 'x note': 'a' }, /headers: "x note" is not a header name.*\(token\)/],
    ['a colon in a name', 'getVideo', 200, { 'x:y': 'a' }, /headers: "x:y" is not a header name.*\(token\)/],
    ['an empty name', 'getVideo', 200, { '': 'a' }, /headers: "" is not a header name.*\(token\)/],
    ['a value not a string', 'getVideo', 200, { 'x-count': 1 }, /headers\.x-count: must be a string, got 1 \(type\)/],
    [
      'headers not an object',
      'getVideo',
      200,
      'x-note: a',
      /headers: must be a plain object of names and string values, got "x-note: a" \(type\)/,
    ],
    ['Content-Length', 'getVideo', 200, { 'Content-Length': '1' }, /headers\.content-length: .*\(framing\)/],
    ['Transfer-Encoding', 'getVideo', 200, { 'transfer-encoding': 'chunked' }, /transfer-encoding: .*\(framing\)/],
    ['Connection', 'getVideo', 200, { connection: 'close' }, /headers\.connection: .*\(framing\)/],
    ['Keep-Alive', 'getVideo', 200, { 'keep-alive': 'timeout=5' }, /headers\.keep-alive: .*\(framing\)/],
    ['Upgrade', 'getVideo', 200, { upgrade: 'websocket' }, /headers\.upgrade: .*\(framing\)/],
    ['TE', 'getVideo', 200, { te: 'trailers' }, /headers\.te: .*\(framing\)/],
    ['Trailer', 'getVideo', 200, { trailer: 'x-sum' }, /headers\.trailer: .*\(framing\)/],
    ['Host', 'getVideo', 200, { host: 'example.com' }, /headers\.host: .*\(framing\)/],
    ['one name twice, in two cases', 'getVideo', 200, { 'X-Note': 'a', 'x-note': 'b' }, /x-note: .*\(duplicate\)/],
    [
      'a Content-Type the status does not declare',
      'getVideo',
      200,
      { 'content-type': 'text/html' },
      /headers\.content-type: text\/html is not a Content-Type getVideo declares for 200 \(declared: application\/json\) \(content-type\)/,
    ],
    [
      'a Content-Type on an answer declared without a body',
      'deleteEdgeApp',
      204,
      { 'content-type': 'application/json' },
      /headers\.content-type: .* deleteEdgeApp declares for 204 \(declared: none\)/,
    ],
    ['too many headers', 'getVideo', 200, manyHeaders, /headers: at most 32 \(MAX_OVERRIDE_HEADERS\)/],
    ['too large a header', 'getVideo', 200, { 'x-big': 'a'.repeat(9000) }, /MAX_OVERRIDE_HEADER_BYTES/],
  ])('%s', async (_what, operationId, status, headers, message) => {
    const emulator = await createEmulator();
    const body = status === 204 ? undefined : video;
    const set = () => emulator.override(operationId as 'getVideo', { status, body, headers } as never);
    expect(set).toThrow(OverrideError);
    expect(set).toThrow(message);
    expect(emulator.overrides.list()).toEqual([]);
  });

  it.each([
    ['nested 5,000 deep', 'getVideo', 200, nested(5000), /body: nested deeper than 32 levels \(MAX_NESTING\)/],
    ['nested 33 deep', 'getVideo', 200, nested(33), /body: nested deeper than 32 levels \(MAX_NESTING\)/],
    ['over 1 MiB', 'deleteEdgeApp', 503, 'a'.repeat(1024 * 1024 + 1), /body: .*1048576 bytes \(BODY_LIMIT_BYTES\)/],
  ])('a body %s', async (_what, operationId, status, body, message) => {
    const emulator = await createEmulator();
    expect(() => emulator.override(operationId as 'getVideo', { status, body } as never)).toThrow(message);
  });

  it('takes well-formed headers in any case, sent once under the lower-case name', async () => {
    const emulator = await createEmulator();
    emulator.override('getVideo', {
      status: 200,
      body: video,
      headers: { 'X-Note': 'a\tb c', 'Content-Type': 'application/json; charset=utf-8' },
    });
    const answer = await emulator.fetch('http://emulator.local/streaming/videos/1444', { headers: AUTH });
    expect([answer.status, answer.headers.get('x-note')]).toEqual([200, 'a\tb c']);
    expect(answer.headers.get('content-type')).toBe('application/json; charset=utf-8');
  });

  it(`keeps at most MAX_OVERRIDES (${MAX_OVERRIDES}) at once, and says so`, async () => {
    const emulator = await createEmulator();
    for (let i = 0; i < MAX_OVERRIDES; i++) emulator.override('getVideo', { status: 200, body: video });
    expect(() => emulator.override('getVideo', { status: 200, body: video })).toThrow(
      /overrides: at most 100 at once \(MAX_OVERRIDES\); remove or clear some first/,
    );
    emulator.overrides.clear();
    expect(emulator.override('getVideo', { status: 200, body: video }).id).toBeGreaterThan(MAX_OVERRIDES);
  });

  it("checks a function's answers as they are made: a 500 saying what is off, never a broken connection", async () => {
    const emulator = await createEmulator();
    emulator.override('getVideo', () => ({ status: 200, body: video, headers: { 'x-note': 'a\r\nb' } }));
    const answer = await emulator.fetch('http://emulator.local/streaming/videos/1444', { headers: AUTH });
    expect(answer.status).toBe(500);
    expect(await answer.text()).toMatch(/headers\.x-note: .*\(field-value\)/);
  });
});

/** A JSON array `depth` arrays deep: JSON.stringify and String() overflow the stack on it. */
const deepArray = (depth: number): unknown => JSON.parse(`${'['.repeat(depth)}${']'.repeat(depth)}`);
const throwingText = {
  toString() {
    throw new Error('boom');
  },
};

describe('an override is a closed shape, each field checked for its type before anything reads it', () => {
  it.each([
    [
      'a typo: header for headers',
      { status: 200, body: video, header: { 'retry-after': '1' } },
      /answer: unknown key "header"; the keys are "status", "body", "headers"/,
    ],
    ['a typo: bodyy for body', { status: 404, bodyy: { error: 'x' } }, /answer: unknown key "bodyy"/],
    [
      'an unknown key holding an array 20,000 deep',
      { status: 200, body: video, z: deepArray(20_000) },
      /answer: unknown key "z"/,
    ],
    [
      'a status 20,000 deep',
      { status: deepArray(20_000), body: video },
      /status: must be a whole number, got an array \(type\)/,
    ],
    [
      'a header value 20,000 deep',
      { status: 200, body: video, headers: { 'x-a': deepArray(20_000) } },
      /headers\.x-a: must be a string, got an array \(type\)/,
    ],
    [
      'a header value whose toString throws',
      { status: 200, body: video, headers: { 'x-a': throwingText } },
      /headers\.x-a: must be a string, got an object \(type\)/,
    ],
    [
      'headers as a Map',
      { status: 200, body: video, headers: new Map([['x-a', '1']]) },
      /headers: must be a plain object of names and string values/,
    ],
    [
      'headers as a Headers',
      { status: 200, body: video, headers: new Headers({ 'x-a': '1' }) },
      /headers: must be a plain object of names and string values/,
    ],
    ['no body where the status declares one', { status: 404 }, /^(?!.*status:).*: body: /],
    [
      'a status the operation does not declare',
      { status: 299, body: video },
      /status: 299 is not a status getVideo declares/,
    ],
  ])('%s: an OverrideError naming the field', async (_what, answer, message) => {
    const emulator = await createEmulator();
    const set = () => emulator.override('getVideo', answer as never);
    expect(set).toThrow(OverrideError);
    expect(set).toThrow(message);
    expect(emulator.overrides.list()).toEqual([]);
  });

  it.each([
    ['a function', () => video],
    ['a bigint', 1444n],
    ['an object whose toJSON throws', { toJSON: throwingText.toString }],
  ])('a body that is not JSON data, %s: an OverrideError naming body', async (_what, body) => {
    const emulator = await createEmulator();
    const set = () => emulator.override('getVideo', { status: 200, body } as never);
    expect(set).toThrow(OverrideError);
    expect(set).toThrow(/body: must be JSON data \(type\)/);
  });

  it('keeps a copy of a fixed answer: changing the object given, or the one listed, changes nothing sent', async () => {
    const emulator = await createEmulator();
    const body = { ...video, name: 'Given' };
    emulator.override('getVideo', { status: 200, body });
    body.name = 'Changed';
    (emulator.overrides.list()[0]!.answer!.body as { name: string }).name = 'Changed too';
    const got = await emulator.fetch('http://emulator.local/streaming/videos/1444', { headers: AUTH });
    expect(await got.json()).toMatchObject({ name: 'Given' });
  });

  it.each([
    ['an operationId 20,000 deep', deepArray(20_000), {}, /operationId: must be a string, got an array/],
    ['an operationId whose toString throws', throwingText, {}, /operationId: must be a string, got an object/],
    [
      'a count 20,000 deep',
      'getVideo',
      { count: deepArray(20_000) },
      /count: must be a whole number from 1, got an array/,
    ],
    ['a count as text', 'getVideo', { count: '2' }, /count: must be a whole number from 1, got "2"/],
  ])('%s: an OverrideError naming the field', async (_what, operationId, options, message) => {
    const emulator = await createEmulator();
    const set = () => emulator.override(operationId as 'getVideo', { status: 200, body: video }, options as never);
    expect(set).toThrow(OverrideError);
    expect(set).toThrow(message);
  });

  it("refuses a function's answer with an unknown key: a 500 naming it", async () => {
    const emulator = await createEmulator();
    emulator.override('getVideo', () => ({ status: 200, body: video, header: { 'retry-after': '1' } }) as never);
    const answer = await emulator.fetch('http://emulator.local/streaming/videos/1444', { headers: AUTH });
    expect(answer.status).toBe(500);
    expect(await answer.text()).toMatch(/answer: unknown key \\"header\\"/);
  });
});

describe('a string body labelled JSON is held to the same nesting limit as any body', () => {
  const json = { 'content-type': 'application/json' };
  it.each([
    [
      'JSON text nested 200,000 deep',
      `{"error":"x","more":${'['.repeat(200_000)}${']'.repeat(200_000)}}`,
      json,
      /body: nested deeper than 32 levels \(MAX_NESTING\)/,
    ],
    ['JSON text nested 33 deep', JSON.stringify(nested(33)), json, /body: nested deeper than 32 levels/],
    [
      'text labelled JSON that is not JSON',
      '{"error":',
      json,
      /body: a body labelled JSON that does not parse \(.*\) \(json\)/,
    ],
    [
      'text labelled JSON with a charset, 33 deep',
      `${'['.repeat(33)}${']'.repeat(33)}`,
      { 'Content-Type': 'application/json; charset=utf-8' },
      /body: nested deeper than 32 levels/,
    ],
  ])('%s: refused naming body', async (_what, body, headers, message) => {
    const emulator = await createEmulator();
    expect(() => emulator.override('getVideo', { status: 404, headers, body } as never)).toThrow(message);
  });

  it('takes JSON text within the limit, and text of another Content-Type as it is', async () => {
    const emulator = await createEmulator();
    emulator.override('getVideo', { status: 200, headers: json, body: JSON.stringify(video) } as never);
    const text = '[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[ not JSON';
    emulator.override('deleteEdgeApp', { status: 503, headers: { 'content-type': 'text/plain' }, body: text });
    const got = await emulator.fetch('http://emulator.local/streaming/videos/1444', { headers: AUTH });
    expect(await got.json()).toEqual(video);
    const unavailable = await emulator.fetch('http://emulator.local/fastedge/v1/apps/1', {
      method: 'DELETE',
      headers: AUTH,
    });
    expect([unavailable.status, await unavailable.text()]).toEqual([503, text]);
  });
});

describe('over HTTP: a hostile override is a 400, and the server keeps answering', () => {
  const post = (url: string, body: string) =>
    fetch(`${url}/__emulator/overrides`, { method: 'POST', headers: { 'content-type': 'application/json' }, body });
  const DEEP_TEXT = `${'['.repeat(20_000)}${']'.repeat(20_000)}`;

  // Each case is the JSON text of what the override adds to a valid answer: a nested body is written out,
  // as JSON.stringify would overflow the stack first.
  it.each([
    ['a CR LF in a header value', '"headers":{"x-note":"a\\r\\nb"}', /headers\.x-note: .*\(field-value\)/],
    ['two Content-Length headers', '"headers":{"Content-Length":"1","content-length":"2"}', /content-length/],
    ['Transfer-Encoding', '"headers":{"transfer-encoding":"chunked"}', /\(framing\)/],
    ['a body nested 5,000 deep', `"body":${'{"a":'.repeat(5000)}1${'}'.repeat(5000)}`, /body: nested deeper than 32/],
    [
      'an unknown key 20,000 deep',
      `"z":${DEEP_TEXT}`,
      /override: unknown key "z"; the keys are "operationId", "status", "body", "headers", "count"/,
    ],
    ['the typo header', '"header":{"retry-after":"1"}', /override: unknown key "header"/],
    ['a header value 20,000 deep', `"headers":{"x-a":${DEEP_TEXT}}`, /headers\.x-a: must be a string, got an array/],
    ['an operationId 20,000 deep', `"operationId":${DEEP_TEXT}`, /operationId: must be a string, got an array/],
    ['a count 20,000 deep', `"count":${DEEP_TEXT}`, /count: must be a whole number from 1, got an array/],
  ])('%s', async (_what, added, message) => {
    const server = await startEmulator();
    try {
      const refused = await post(
        server.url,
        `{"operationId":"getVideo","status":200,"body":${JSON.stringify(video)},${added}}`,
      );
      expect(refused.status).toBe(400);
      expect(((await refused.json()) as { message: string }).message).toMatch(message);
      expect((await fetch(`${server.url}/streaming/videos/1444`, { headers: AUTH })).status).toBe(200);
    } finally {
      await server.close();
    }
  });
});

describe('in proxy mode, where every call goes to the upstream, an override is refused', () => {
  const message = /overrides: not applied in proxy mode, where every call is answered by the upstream/;

  it('in process, with an OverrideError', async () => {
    const emulator = await createEmulator({ proxy: { baseUrl: 'http://127.0.0.1:9' } });
    expect(() => emulator.override('getVideo', { status: 200, body: video })).toThrow(message);
    expect(emulator.overrides.list()).toEqual([]);
  });

  it('over HTTP, with a 400 naming the reason', async () => {
    const server = await startEmulator({ proxy: { baseUrl: 'http://127.0.0.1:9' } });
    try {
      const refused = await fetch(`${server.url}/__emulator/overrides`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ operationId: 'getVideo', status: 200, body: video }),
      });
      expect(refused.status).toBe(400);
      expect(((await refused.json()) as { message: string }).message).toMatch(message);
    } finally {
      await server.close();
    }
  });
});

describe("an answer is checked against the document's answer side", () => {
  // A required writeOnly property is asked of a request only (OpenAPI 3.1): an answer without it is the document's.
  const account = {
    type: 'object',
    required: ['id', 'password'],
    properties: { id: { type: 'integer' }, password: { type: 'string', writeOnly: true } },
  };
  const document = {
    openapi: '3.1.0',
    info: { title: 'accounts', version: '1.0.0' },
    paths: {
      '/accounts/{id}': {
        get: {
          operationId: 'getAccount',
          parameters: [{ name: 'id', in: 'path', required: true, schema: { type: 'integer' } }],
          responses: { '200': { description: 'ok', content: { 'application/json': { schema: account } } } },
        },
      },
    },
  };

  it.each([
    ['without the writeOnly property it requires', true, { id: 1 }],
    ['without a required property of both sides', false, { password: 'p' }],
  ])('an override answer %s: taken %s', async (_case, taken, body) => {
    const emulator = await createEmulator({ document, warn: () => {} });
    const set = () => emulator.override('getAccount' as never, { status: 200, body } as never);
    if (taken) expect(set).not.toThrow();
    else expect(set).toThrow(OverrideError);
  });
});

describe('where an allOf part requires what its sibling part declares (a base by $ref, then a part listing what is required)', () => {
  const base = {
    type: 'object',
    properties: {
      id: { type: 'integer', readOnly: true },
      name: { type: 'string' },
      password: { type: 'string', writeOnly: true },
    },
  };
  const account = { allOf: [{ $ref: '#/components/schemas/Base' }, { required: ['id', 'name', 'password'] }] };
  const json = (schema: object) => ({ 'application/json': { schema } });
  const document = {
    openapi: '3.1.0',
    info: { title: 'accounts', version: '1.0.0' },
    components: { schemas: { Base: base, Account: account } },
    paths: {
      '/accounts': {
        post: {
          operationId: 'createAccount',
          requestBody: { required: true, content: json({ $ref: '#/components/schemas/Account' }) },
          responses: { '201': { description: 'made', content: json({ $ref: '#/components/schemas/Account' }) } },
        },
      },
    },
  };

  it.each([
    ['an override answer without the writeOnly password', true, { id: 1, name: 'n' }],
    ['an override answer without the required name', false, { id: 1, password: 'p' }],
  ])('%s: taken %s', async (_case, taken, body) => {
    const emulator = await createEmulator({ document, warn: () => {} });
    const set = () => emulator.override('createAccount' as never, { status: 201, body } as never);
    if (taken) expect(set).not.toThrow();
    else expect(set).toThrow(OverrideError);
  });

  it.each([
    ['without the readOnly id', { name: 'n', password: 'p' }, false],
    ['without the required name', { password: 'p' }, true],
  ])('a request %s: refused with a 400 %s', async (_case, body, refused) => {
    const emulator = await createEmulator({ document, warn: () => {} });
    const response = await emulator.fetch('http://emulator.local/accounts', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    expect(response.status === 400).toBe(refused);
  });
});
