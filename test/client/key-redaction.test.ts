// The key never reaches an error, however a server echoes it: in every encoded form, in a 2xx body that
// is not JSON, and for a short key only where it stands alone (so that text is not garbled).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiError, ApiResponseError, createCloudClient } from '../../src/index.js';
import { createRedactor, REDACTED, redactJson } from '../../src/contract/index.js';
import { sendJson, startServer, type TestServer } from '../helpers/http-server.js';

const hex = (n: number, width: number) => n.toString(16).padStart(width, '0');
const latin1Percent = (key: string) => [...key].map((c) => (c.charCodeAt(0) > 0x7f ? `%${hex(c.charCodeAt(0), 2).toUpperCase()}` : encodeURIComponent(c))).join('');

/** Each form in which a server could echo a key, as it would appear in the raw body text. */
const forms = (key: string): Record<string, string> => ({
  literal: key,
  'JSON-escaped': JSON.stringify(key).slice(1, -1),
  'every character \\u-escaped': [...key].map((c) => `\\u${hex(c.charCodeAt(0), 4)}`).join(''),
  'non-ASCII \\u-escaped, upper-case hex': JSON.stringify(key).slice(1, -1).replace(/[^\x20-\x7e]/g, (c) => `\\u${hex(c.charCodeAt(0), 4).toUpperCase()}`),
  'percent-encoded (UTF-8)': encodeURIComponent(key),
  'percent-encoded, lower-case hex': encodeURIComponent(key).replace(/%[0-9A-F]{2}/g, (p) => p.toLowerCase()),
  'percent-encoded (Latin-1)': latin1Percent(key),
});

const KEYS = ['sk-"quoted"\\back\\slash', 'sk-caf\u00e9-\u00ff\u00a1-latin1', 'sk-plain-0123456789'];

let server: TestServer;
let echo: { key: string; form: string; contentType: string; status: number } = { key: '', form: '', contentType: '', status: 400 };
beforeAll(async () => {
  server = await startServer((request, res) => {
    if (request.url.startsWith('/dns/')) {
      const body = echo.contentType.includes('json') ? `{"message":"echo ${echo.form}","error":"${echo.form}","${echo.form}":1}` : `echo ${echo.form}`;
      return void res.writeHead(echo.status, { 'content-type': echo.contentType }).end(body);
    }
    sendJson(res, 200, {});
  });
});
afterAll(() => server.close());

function everythingSeen(error: unknown, result?: { error?: unknown }): string {
  const e = error as ApiError;
  return [String(e), e.message, e.stack ?? '', JSON.stringify(e), JSON.stringify(e.body ?? null), JSON.stringify(result?.error ?? null)].join('\n');
}

describe('the key is scrubbed in every form a server can echo it in', () => {
  const cases = KEYS.flatMap((key) =>
    Object.entries(forms(key)).flatMap(([name, form]) => ['application/json', 'text/plain'].map((contentType) => [key, name, form, contentType] as const)),
  );
  it.each(cases)('key %j, %s, as %s', async (key, _name, form, contentType) => {
    echo = { key, form, contentType, status: 400 };
    const client = createCloudClient({ apiKey: key, baseUrl: server.url, maxRetries: 0 });
    const result = await client.GET('/dns/v2/zones/{name}', { params: { path: { name: 'x' } } });
    const error = await createCloudClient({ apiKey: key, baseUrl: server.url, maxRetries: 0, throwOnError: true })
      .GET('/dns/v2/zones/{name}', { params: { path: { name: 'x' } } })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    const seen = everythingSeen(error, result);
    for (const each of Object.values(forms(key))) expect(seen).not.toContain(each);
    expect(seen).toContain('[redacted]');
  });
});

describe('a 2xx whose body is not JSON', () => {
  it('is an ApiResponseError that does not quote the body, not a SyntaxError', async () => {
    const key = 'Sk-123';
    echo = { key, form: `apikey ${key}`, contentType: 'text/plain', status: 200 };
    const error = await createCloudClient({ apiKey: key, baseUrl: server.url, maxRetries: 0 })
      .GET('/dns/v2/zones/{name}', { params: { path: { name: 'x' } } })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiResponseError);
    expect(error).toMatchObject({ status: 200, contentType: 'text/plain', message: 'GET /dns/v2/zones/x answered 200 with a body that is not JSON (text/plain, 18 characters)' });
    expect(everythingSeen(error)).not.toContain(key);
  });
});

describe('short keys are redacted only where they stand alone', () => {
  it.each(['k', 'ab', 'xyz', 'abcd'])('key %j', async (key) => {
    echo = { key, form: `An API key named ${key}: rejected (key=${key}), ${key}.`, contentType: 'application/json', status: 400 };
    const thrown = (await createCloudClient({ apiKey: key, baseUrl: server.url, maxRetries: 0, throwOnError: true })
      .GET('/dns/v2/zones/{name}', { params: { path: { name: 'x' } } })
      .catch((e: unknown) => e)) as ApiError;
    expect((thrown.body as { message: string }).message).toBe('echo An API key named [redacted]: rejected (key=[redacted]), [redacted].');
  });

  it('a key of 8 or more characters is redacted even inside a word', async () => {
    const key = 'secret12';
    echo = { key, form: `x${key}y`, contentType: 'text/plain', status: 400 };
    const thrown = (await createCloudClient({ apiKey: key, baseUrl: server.url, maxRetries: 0, throwOnError: true })
      .GET('/dns/v2/zones/{name}', { params: { path: { name: 'x' } } })
      .catch((e: unknown) => e)) as ApiError;
    expect(thrown.body).toBe('echo x[redacted]y');
  });
});

describe('redactJson', () => {
  const redact = createRedactor('sk-redact-json-key');
  const value = { note: 'sk-redact-json-key', 'sk-redact-json-key': 1, items: [{ secret: 'abc', kept: 'abc' }], secret: null, nested: { secret: { deep: 'x' } } };

  it.each([
    ['no secret fields', undefined, { note: REDACTED, [REDACTED]: 1, items: [{ secret: 'abc', kept: 'abc' }], secret: null, nested: { secret: { deep: 'x' } } }],
    ['secret fields', new Set(['secret']), { note: REDACTED, [REDACTED]: 1, items: [{ secret: REDACTED, kept: 'abc' }], secret: null, nested: { secret: REDACTED } }],
  ])('redacts the key in strings and names, and with %s, their values at any depth (null kept)', (_, secretFields, expected) => {
    expect(redactJson(value, redact, secretFields)).toEqual(expected);
  });
});
