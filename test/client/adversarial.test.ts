// Regression tests for what an adversarial review found in the client: the key echoed in encoded
// forms, a non-JSON 2xx, short keys garbling text, an aborted signal that still sent, a timeout
// past what a timer holds, and a GET cut off mid-body that was not retried.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiConnectionError, ApiError, ApiResponseError, createCloudClient } from '../../src/index.js';
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
let hits = 0;
beforeAll(async () => {
  server = await startServer((request, res) => {
    hits++;
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

describe('the key is scrubbed in every form a server can echo it in (client 1)', () => {
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

describe('a 2xx whose body is not JSON (client 2)', () => {
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

describe('short keys are redacted only where they stand alone (client 3)', () => {
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

describe('an aborted signal sends nothing (client 4)', () => {
  it.each(['GET', 'POST'] as const)('%s', async (method) => {
    const client = createCloudClient({ apiKey: 'k-abort', baseUrl: server.url });
    const before = hits;
    const signal = AbortSignal.abort(new Error('caller gave up'));
    const call =
      method === 'GET'
        ? client.GET('/storage/notifications/v1/events/configurator', { signal })
        : client.POST('/cdn/logs_uploader/configs', { body: { name: 'n', policy: 1, target: 2 }, signal });
    await expect(call).rejects.toThrow('caller gave up');
    expect(hits).toBe(before);
  });
});

describe('every numeric option is checked, naming it (client 5)', () => {
  it.each([
    [{ timeoutMs: 2 ** 31 }, 'timeoutMs must be a number of milliseconds above 0 and at most 2147483647, got 2147483648'],
    [{ timeoutMs: Number.POSITIVE_INFINITY }, 'timeoutMs must be a number of milliseconds above 0 and at most 2147483647, got Infinity'],
    [{ timeoutMs: Number.NaN }, 'timeoutMs must be a number of milliseconds above 0 and at most 2147483647, got NaN'],
    [{ timeoutMs: -1 }, 'timeoutMs must be a number of milliseconds above 0 and at most 2147483647, got -1'],
    [{ timeoutMs: '5000' as unknown as number }, 'timeoutMs must be a number of milliseconds above 0 and at most 2147483647, got "5000"'],
    [{ maxRetries: 11 }, 'maxRetries must be a whole number from 0 to 10, got 11'],
    [{ maxRetries: -1 }, 'maxRetries must be a whole number from 0 to 10, got -1'],
    [{ maxRetries: Number.NaN }, 'maxRetries must be a whole number from 0 to 10, got NaN'],
    [{ maxRetries: '2' as unknown as number }, 'maxRetries must be a whole number from 0 to 10, got "2"'],
  ])('%j', (options, message) => {
    expect(() => createCloudClient({ apiKey: 'k', ...options })).toThrow(message);
  });

  it('accepts the largest timeout a timer holds, and it does not fire at once', async () => {
    const client = createCloudClient({ apiKey: 'k-timer', baseUrl: server.url, timeoutMs: 2 ** 31 - 1 });
    await expect(client.GET('/storage/notifications/v1/events/configurator')).resolves.toMatchObject({ data: {} });
  });
});

describe('a response cut off mid-body (client 6)', () => {
  let cutting: TestServer;
  let attempts = 0;
  beforeAll(async () => {
    cutting = await startServer((_request, res) => {
      attempts++;
      if (attempts % 2 === 1) {
        res.writeHead(200, { 'content-type': 'application/json', 'content-length': '100' });
        res.write('{"structure":');
        return void setTimeout(() => res.socket?.destroy(), 20);
      }
      sendJson(res, 200, { structure: [] });
    });
  });
  afterAll(() => cutting.close());

  it('is retried for a GET, which then succeeds', async () => {
    attempts = 0;
    const client = createCloudClient({ apiKey: 'k-cut', baseUrl: cutting.url, maxRetries: 2 });
    const { data } = await client.GET('/storage/notifications/v1/events/configurator');
    expect(data).toEqual({ structure: [] });
    expect(attempts).toBe(2);
  });

  it('is never retried for a POST: ApiConnectionError after one attempt', async () => {
    attempts = 0;
    const client = createCloudClient({ apiKey: 'k-cut', baseUrl: cutting.url, maxRetries: 2 });
    await expect(client.POST('/cdn/logs_uploader/configs', { body: { name: 'n', policy: 1, target: 2 } })).rejects.toBeInstanceOf(ApiConnectionError);
    expect(attempts).toBe(1);
  });
});
