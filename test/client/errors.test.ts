// Non-2xx answers become ApiError (also with an empty body), and the API key never shows in an
// error, a stack, JSON.stringify(error) or a warning, even when the server echoes it back.
import { inspect } from 'node:util';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  ApiConnectionError,
  CloudApiError,
  ApiError,
  ApiTimeoutError,
  CloudClientOptionError,
  createCloudClient,
  isApiError,
  unwrap,
  type CloudClient,
} from '../../src/index.js';
import { PEER_BODY_LIMIT_BYTES } from '../../src/contract/bounded-body.js';
import { closedPort, sendJson, startServer, type TestServer } from '../../test-kit/http-server.js';

const API_KEY = 'sk-live-SECRET-4f7a9c2e';
let server: TestServer;

beforeAll(async () => {
  server = await startServer((request, res) => {
    if (request.url.startsWith('/fastedge/')) return void res.writeHead(404, { 'content-length': '0' }).end();
    if (request.url.startsWith('/cloud/')) {
      // A careless server that echoes the request's Authorization header back.
      return sendJson(res, 400, {
        exception_class: 'BadRequest',
        message: `bad header ${request.headers.authorization}`,
        request_id: 'req-42',
      });
    }
    if (request.url.startsWith('/streaming/videos/2'))
      return void res.writeHead(500, { 'content-type': 'text/plain' }).end(`echo: ${request.headers.authorization}`);
    if (request.url.startsWith('/streaming/'))
      return sendJson(res, 404, { error: 'Not found', status: 404 }, { 'x-request-id': 'hdr-7' });
    if (request.url.startsWith('/dns/')) return undefined; // hang
    sendJson(res, 200, {});
  });
});
afterAll(() => server.close());

const client = (extra: Parameters<typeof createCloudClient>[0] = {}): CloudClient =>
  createCloudClient({ apiKey: API_KEY, baseUrl: server.url, maxRetries: 0, ...extra });

function expectNoKey(value: unknown): void {
  const error = value as Error;
  const seen = [
    String(error),
    error.message,
    error.stack ?? '',
    JSON.stringify(error),
    JSON.stringify((error as ApiError).body ?? null),
  ].join('\n');
  expect(seen).not.toContain(API_KEY);
}

describe('ApiError', () => {
  it('is thrown by unwrap for an empty-body 404 (openapi-fetch reports error === undefined)', async () => {
    const result = await client().DELETE('/fastedge/v1/apps/{id}', { params: { path: { id: 9 } } });
    expect(result.error).toBeUndefined();
    expect(result.response.ok).toBe(false);
    const error = await unwrap(result).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 404, method: 'DELETE', path: '/fastedge/v1/apps/9', body: undefined });
    expect((error as ApiError).message).toBe('DELETE /fastedge/v1/apps/9 answered 404 with no body');
  });

  it("carries the area's parsed body and the request id (from the header when the body has none)", async () => {
    const error = await unwrap(
      client().GET('/streaming/videos/{video_id}', { params: { path: { video_id: 1 } } }),
    ).catch((e: unknown) => e);
    expect(error).toMatchObject({
      status: 404,
      method: 'GET',
      path: '/streaming/videos/1',
      body: { error: 'Not found', status: 404 },
      requestId: 'hdr-7',
    });
  });

  it('is thrown by the call itself with throwOnError, for empty and JSON bodies', async () => {
    const c = client({ throwOnError: true });
    await expect(c.DELETE('/fastedge/v1/apps/{id}', { params: { path: { id: 9 } } })).rejects.toMatchObject({
      name: 'NotFoundError',
      status: 404,
    });
    await expect(
      c.GET('/cloud/v2/client_quotas/{client_id}/notification_threshold', { params: { path: { client_id: 1 } } }),
    ).rejects.toMatchObject({
      name: 'BadRequestError',
      status: 400,
      requestId: 'req-42',
      body: { exception_class: 'BadRequest' },
    });
  });

  it('is recognised by isApiError for the operation that answered it, and only that one', async () => {
    const error = await unwrap(
      client().GET('/streaming/videos/{video_id}', { params: { path: { video_id: 1 } } }),
    ).catch((e: unknown) => e);
    expect(isApiError(error, 'getVideo')).toBe(true);
    expect(isApiError(error, 'getDnsZone')).toBe(false);
    expect(isApiError(error, 'deleteEdgeApp')).toBe(false);
    expect(isApiError(new Error('not from the API'), 'getVideo')).toBe(false);
    expect(isApiError(undefined, 'getVideo')).toBe(false);
  });

  it('returns the data of a 2xx', async () => {
    await expect(unwrap(client().GET('/storage/notifications/v1/events/configurator'))).resolves.toEqual({});
  });
});

describe('the API key', () => {
  it('is scrubbed from error bodies a server echoes it in, with unwrap and with throwOnError', async () => {
    const call = (c: CloudClient) =>
      c.GET('/cloud/v2/client_quotas/{client_id}/notification_threshold', { params: { path: { client_id: 1 } } });
    const viaUnwrap = await unwrap(call(client())).catch((e: unknown) => e);
    const viaThrow = await call(client({ throwOnError: true })).catch((e: unknown) => e);
    const plain = await client().GET('/streaming/videos/{video_id}', { params: { path: { video_id: 2 } } });
    for (const error of [viaUnwrap, viaThrow]) {
      expect(error).toBeInstanceOf(ApiError);
      expect((error as ApiError).body).toMatchObject({ message: 'bad header apikey [redacted]' });
      expectNoKey(error);
    }
    expect(plain.error).toBe('echo: apikey [redacted]');
  });

  it('is absent from timeout and connection errors', async () => {
    const timeout = await client({ timeoutMs: 50 })
      .GET('/dns/v2/zones/{name}', { params: { path: { name: 'x' } } })
      .catch((e: unknown) => e);
    expect(timeout).toBeInstanceOf(ApiTimeoutError);
    // A kind of connection error, as openai-node's APIConnectionTimeoutError: one catch for "no answer".
    expect(timeout).toBeInstanceOf(ApiConnectionError);
    expect(timeout).toMatchObject({ name: 'ApiTimeoutError', timeoutMs: 50, code: undefined });
    expect((timeout as ApiTimeoutError).message).toMatch(/^GET \/dns\/v2\/zones\/x timed out after 50 ms waiting for /);
    expectNoKey(timeout);
    const port = await closedPort();
    const refused = await createCloudClient({ apiKey: API_KEY, baseUrl: `http://127.0.0.1:${port}`, maxRetries: 0 })
      .GET('/streaming/streams')
      .catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(ApiConnectionError);
    expect(refused).toBeInstanceOf(CloudApiError);
    expectNoKey(refused);
  });

  it('is absent from option errors, including one for a key a header cannot hold', () => {
    const bad = `${API_KEY}\n`;
    const error = (() => {
      try {
        createCloudClient({ apiKey: bad });
      } catch (e) {
        return e;
      }
    })();
    expect(error).toBeInstanceOf(CloudClientOptionError);
    expect((error as Error).message).toBe(
      'apiKey must not contain control or non-Latin-1 characters, nor begin or end with whitespace',
    );
    expectNoKey(error);
  });

  it('is absent from what the client logs or warns', async () => {
    const warn = vi.spyOn(process, 'emitWarning');
    const log = vi.spyOn(console, 'warn');
    await client().DELETE('/cloud/v2/inference/deployments/{instance_id}', { params: { path: { instance_id: 'x' } } });
    for (const call of [...warn.mock.calls, ...log.mock.calls]) expect(JSON.stringify(call)).not.toContain(API_KEY);
    warn.mockRestore();
    log.mockRestore();
  });
});

describe('options', () => {
  it.each([
    [{ apiKey: '' }, 'apiKey is required: pass { apiKey } or set GCORE_API_KEY'],
    [{ apiKey: 'k', baseUrl: 'api.gcore.com' }, 'baseUrl must be an absolute http or https URL, got "api.gcore.com"'],
    [{ apiKey: 'k', baseUrl: 'ftp://x' }, 'baseUrl must be an absolute http or https URL, got "ftp://x"'],
    [
      { apiKey: 'k', baseUrl: 'https://user:s3cret@api.example/base' },
      'baseUrl must not carry credentials, a query or a fragment, got "https://***@api.example/base"',
    ],
    [
      { apiKey: 'k', baseUrl: 'https://api.example/base?token=q' },
      'baseUrl must not carry credentials, a query or a fragment, got "https://api.example/base?token=q"',
    ],
    [
      { apiKey: 'k', baseUrl: 'https://api.example/#top' },
      'baseUrl must not carry credentials, a query or a fragment, got "https://api.example/#top"',
    ],
    [{ apiKey: 'k', timeoutMs: 0 }, 'timeoutMs must be a number of milliseconds above 0 and at most 2147483647, got 0'],
    [{ apiKey: 'k', maxRetries: 1.5 }, 'maxRetries must be a whole number from 0 to 10, got 1.5'],
  ])('rejects %j with a message naming the option and the rule', (options, message) => {
    expect(() => createCloudClient(options)).toThrow(message);
  });

  it('reads GCORE_API_KEY and GCORE_BASE_URL from the environment', async () => {
    vi.stubEnv('GCORE_API_KEY', 'from-env');
    vi.stubEnv('GCORE_BASE_URL', server.url);
    try {
      const before = server.requests.length;
      await createCloudClient().GET('/storage/notifications/v1/events/configurator');
      expect(server.requests[before]!.headers.authorization).toBe('apikey from-env');
    } finally {
      vi.unstubAllEnvs();
    }
    expect(() => createCloudClient()).toThrow('apiKey is required');
  });

  it('sends extra headers but keeps its own Authorization', async () => {
    const before = server.requests.length;
    await client({ headers: { 'x-trace': 't1', authorization: 'apikey someone-else' } }).GET(
      '/storage/notifications/v1/events/configurator',
    );
    expect(server.requests[before]!.headers).toMatchObject({ 'x-trace': 't1', authorization: `apikey ${API_KEY}` });
  });
});

/** Everything of an error a person or a log could see: message, stack, inspect, JSON, its fields and causes. */
function everythingOf(error: unknown): string {
  const e = error as Error & { cause?: unknown };
  const causes: string[] = [];
  for (
    let cause = e.cause as (Error & { cause?: unknown; code?: unknown }) | undefined, depth = 0;
    cause && depth < 5;
    cause = cause.cause as typeof cause, depth++
  ) {
    causes.push(String(cause.message), String(cause.name), String(cause.code), cause.stack ?? '');
  }
  return [
    String(e),
    e.stack ?? '',
    inspect(e, { depth: 10 }),
    JSON.stringify(e),
    JSON.stringify({ ...e }),
    ...causes,
  ].join('\n');
}

describe('ApiConnectionError', () => {
  it('names the host and port, and keeps the code and a cause', async () => {
    const port = await closedPort();
    const error = await createCloudClient({ apiKey: API_KEY, baseUrl: `http://127.0.0.1:${port}`, maxRetries: 0 })
      .GET('/streaming/streams')
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiConnectionError);
    expect(error).toMatchObject({
      code: 'ECONNREFUSED',
      host: `127.0.0.1:${port}`,
      message: `GET /streaming/streams failed on the network reaching 127.0.0.1:${port} (ECONNREFUSED)`,
    });
    expect((error as Error).cause).toBeInstanceOf(Error);
    expect(everythingOf(error)).toContain('ECONNREFUSED');
  });

  it('says why when fetch gives no code: a port fetch refuses to use', async () => {
    const error = await createCloudClient({ apiKey: API_KEY, baseUrl: 'http://127.0.0.1:9', maxRetries: 0 })
      .GET('/streaming/streams')
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiConnectionError);
    expect(error).toMatchObject({
      code: undefined,
      host: '127.0.0.1:9',
      message: 'GET /streaming/streams failed on the network reaching 127.0.0.1:9 (bad port)',
    });
  });

  it('reads no answer past PEER_BODY_LIMIT_BYTES: it stops there, says so, and does not ask again', async () => {
    let calls = 0;
    let pulled = 0;
    const endless = () =>
      new ReadableStream<Uint8Array>({
        pull: (controller) => {
          pulled++;
          controller.enqueue(new Uint8Array(1024 * 1024).fill(32));
        },
      });
    const fetch = async () => {
      calls++;
      return new Response(endless(), { status: 200, headers: { 'content-type': 'application/json' } });
    };
    const error = await createCloudClient({ apiKey: API_KEY, baseUrl: 'https://api.example.test', fetch })
      .GET('/streaming/streams')
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiConnectionError);
    expect((error as Error).message).toBe(
      `GET /streaming/streams failed on the network reaching api.example.test:443 (the answer is longer than ${PEER_BODY_LIMIT_BYTES} bytes, decoded; reading stopped there)`,
    );
    expect(calls).toBe(1);
    expect(pulled).toBeLessThanOrEqual(PEER_BODY_LIMIT_BYTES / (1024 * 1024) + 3);
  });

  const failing = (thrown: unknown) =>
    createCloudClient({
      apiKey: API_KEY,
      baseUrl: 'https://api.example.test',
      maxRetries: 0,
      fetch: () => Promise.reject(thrown),
    });

  it.each([
    [
      'ENOTFOUND',
      new TypeError('fetch failed', {
        cause: Object.assign(new Error('getaddrinfo ENOTFOUND api.example.test'), { code: 'ENOTFOUND' }),
      }),
    ],
    [
      'UND_ERR_SOCKET',
      new TypeError('fetch failed', {
        cause: Object.assign(new Error('other side closed'), { code: 'UND_ERR_SOCKET' }),
      }),
    ],
  ])('takes %s from the cause, with the scheme default port', async (code, thrown) => {
    const error = await failing(thrown)
      .GET('/streaming/streams')
      .catch((e: unknown) => e);
    expect(error).toMatchObject({ code, host: 'api.example.test:443' });
    expect(((error as Error).cause as Error).cause).toMatchObject({ code });
  });

  it("scrubs the key from a custom fetch's error: its message, name, code and causes", async () => {
    const thrown = new Error(`refused ${API_KEY}`, {
      cause: Object.assign(new Error(`inner ${encodeURIComponent(API_KEY)}`), { code: `E_${API_KEY}` }),
    });
    const error = await failing(thrown)
      .GET('/streaming/streams')
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiConnectionError);
    expect(everythingOf(error)).not.toContain(API_KEY);
    expect(everythingOf(error)).toContain('refused [redacted]');
    expect((error as ApiConnectionError).code).toBe('E_[redacted]');
  });
});

describe('headers copied into errors', () => {
  it.each([
    [
      'x-request-id of an error answer (ApiError.requestId)',
      { status: 404, headers: { 'x-request-id': `id-${API_KEY}`, 'content-type': 'application/json' }, body: '{}' },
      'requestId',
    ],
    [
      'content-type of a 2xx that is not JSON (ApiResponseError.contentType)',
      { status: 200, headers: { 'content-type': `text/html; key=${API_KEY}` }, body: '<html>' },
      'contentType',
    ],
  ])('scrubs the key from the %s', async (_, answer, field) => {
    const fetch = async () => new Response(answer.body, { status: answer.status, headers: answer.headers });
    const error = await createCloudClient({
      apiKey: API_KEY,
      baseUrl: 'https://api.example.test',
      maxRetries: 0,
      fetch,
      throwOnError: true,
    })
      .GET('/streaming/streams')
      .catch((e: unknown) => e);
    expect((error as Record<string, unknown>)[field]).toContain('[redacted]');
    expect(everythingOf(error)).not.toContain(API_KEY);
  });
});

describe('in a browser', () => {
  afterAll(() => {
    delete (globalThis as { window?: unknown }).window;
    delete (globalThis as { document?: unknown }).document;
  });

  it('createCloudClient refuses to run unless dangerouslyAllowBrowser, saying why, without the key', () => {
    Object.assign(globalThis, { window: {}, document: {} });
    const error = (() => {
      try {
        createCloudClient({ apiKey: API_KEY, baseUrl: 'https://api.example.test' });
      } catch (e) {
        return e as Error;
      }
    })();
    expect(error?.message).toMatch(
      /^createCloudClient refuses to run in a browser: the API key would be sent to every visitor of the page/,
    );
    expect(everythingOf(error)).not.toContain(API_KEY);
    expect(
      createCloudClient({ apiKey: API_KEY, baseUrl: 'https://api.example.test', dangerouslyAllowBrowser: true }),
    ).toBeDefined();
  });
});

describe('an error for a response the client did not read itself', () => {
  it('names the call and keeps the x-request-id header, with throwOnError as with unwrap', async () => {
    const own = async () => new Response(null, { status: 404, headers: { 'x-request-id': 'req-own-9' } });
    const params = { params: { path: { video_id: 7 } }, fetch: own } as never;
    const thrown = await createCloudClient({ apiKey: API_KEY, baseUrl: 'https://api.example.test', throwOnError: true })
      .GET('/streaming/videos/{video_id}', params)
      .catch((e: unknown) => e);
    expect(thrown).toMatchObject({
      name: 'NotFoundError',
      method: 'GET',
      path: '/streaming/videos/7',
      requestId: 'req-own-9',
    });
    const unwrapped = await unwrap(
      createCloudClient({ apiKey: API_KEY, baseUrl: 'https://api.example.test' }).GET(
        '/streaming/videos/{video_id}',
        params,
      ),
    ).catch((e: unknown) => e);
    expect(unwrapped).toMatchObject({ name: 'NotFoundError', requestId: 'req-own-9' });
  });
});
