// The retry policy under injected faults, against a real server on 127.0.0.1: a create is never
// sent twice once it may have reached the server.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { retryWait } from '../../src/client/failure-path.js';
import { ApiConnectionError, ApiTimeoutError, createCloudClient, type CloudClient } from '../../src/index.js';
import { onFakeClock } from '../../test-kit/fake-clock.js';
import { closedPort, sendJson, startServer, type Handler, type TestServer } from '../../test-kit/http-server.js';

const servers: TestServer[] = [];
afterEach(async () => {
  vi.restoreAllMocks();
  await Promise.all(servers.splice(0).map((s) => s.close()));
});

/**
 * The waits before retries that the calls ask for from now, each passed at once: a backoff (0.5 s less up to 25 %
 * jitter, with no Retry-After to read) is asked for, not waited out. retry-policy.test.ts holds the waits' values.
 */
function backoffsAskedFor(): number[] {
  const asked: number[] = [];
  vi.spyOn(retryWait, 'sleep').mockImplementation(async (ms) => void asked.push(ms));
  return asked;
}
const FIRST_BACKOFF = expect.toSatisfy((ms: number) => ms > 375 && ms <= 500);

/** A server that answers the n-th request (0-based) with script[n], and the last entry after that. */
async function scripted(script: Handler[]): Promise<TestServer> {
  let n = 0;
  const server = await startServer((request, res, req) => script[Math.min(n++, script.length - 1)]!(request, res, req));
  servers.push(server);
  return server;
}

const ok: Handler = (_r, res) => sendJson(res, 200, { id: 1 });
const status =
  (code: number, headers: Record<string, string> = {}): Handler =>
  (_r, res) =>
    sendJson(res, code, { error: `status ${code}` }, { 'retry-after-ms': '5', ...headers });
const reset: Handler = (_r, _res, req) => req.socket.destroy();
const hang: Handler = () => undefined;

/** A handler that never answers, and the moment a request reached it: from then on, it went out. */
function heldAtServer(): { hold: Handler; reached: Promise<void> } {
  let reach!: () => void;
  const reached = new Promise<void>((resolve) => (reach = resolve));
  return { hold: () => reach(), reached };
}

/** Runs `call` on fake timers: its attempt's deadline passes only when `ready` has and the clock is moved. */
async function outcomeOnFakeClock(ready: Promise<void>, call: () => Promise<unknown>): Promise<unknown> {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'performance'] });
  try {
    const pending = call().catch((error: unknown) => error);
    await ready;
    return await onFakeClock(pending);
  } finally {
    vi.useRealTimers();
  }
}

const client = (server: TestServer | string, extra: Parameters<typeof createCloudClient>[0] = {}): CloudClient =>
  createCloudClient({ apiKey: 'k', baseUrl: typeof server === 'string' ? server : server.url, ...extra });

const getVideo = (c: CloudClient) => c.GET('/streaming/videos/{video_id}', { params: { path: { video_id: 1 } } });
const createConfig = (c: CloudClient) =>
  c.POST('/cdn/logs_uploader/configs', { body: { name: 'n', policy: 1, target: 2 } });

describe('GET and DELETE', () => {
  it('retry a 503 with Retry-After, then succeed', async () => {
    const server = await scripted([status(503, { 'retry-after': '0', 'retry-after-ms': '' }), ok]);
    const { response } = await getVideo(client(server));
    expect(response.status).toBe(200);
    expect(server.requests).toHaveLength(2);
  });

  it('retry a 429 and a 500', async () => {
    const server = await scripted([status(429), status(500), ok]);
    expect((await getVideo(client(server))).response.status).toBe(200);
    expect(server.requests).toHaveLength(3);
  });

  it('retry a connection reset before any response', async () => {
    const server = await scripted([reset, ok]);
    const backoffs = backoffsAskedFor();
    const { response } = await client(server).DELETE('/fastedge/v1/apps/{id}', { params: { path: { id: 1 } } });
    expect(response.status).toBe(200);
    expect(server.requests).toHaveLength(2);
    expect(backoffs).toEqual([FIRST_BACKOFF]);
  });

  it('retry a timed-out attempt, and give up with ApiTimeoutError after maxRetries', async () => {
    const backoffs = backoffsAskedFor();
    const recovering = await scripted([hang, ok]);
    expect((await getVideo(client(recovering, { timeoutMs: 150 }))).response.status).toBe(200);
    expect(recovering.requests).toHaveLength(2);

    const stuck = await scripted([hang]);
    await expect(getVideo(client(stuck, { timeoutMs: 100, maxRetries: 1 }))).rejects.toBeInstanceOf(ApiTimeoutError);
    expect(stuck.requests).toHaveLength(2);
    expect(backoffs).toEqual([FIRST_BACKOFF, FIRST_BACKOFF]);
  });

  it('time out a body that stalls after the headers, as ApiTimeoutError', async () => {
    const server = await scripted([
      (_r, res) => {
        res.writeHead(200, { 'content-type': 'application/json', 'content-length': '100' });
        res.write('{"id":');
      },
    ]);
    // The clock is moved once the headers are in: the deadline passes while the body is read.
    let headersIn!: () => void;
    const answered = new Promise<void>((resolve) => (headersIn = resolve));
    const fetchSeeingHeaders = (request: Request, init: { signal: AbortSignal }) =>
      fetch(request, init).then((response) => {
        headersIn();
        return response;
      });
    const outcome = await outcomeOnFakeClock(answered, () =>
      getVideo(client(server, { timeoutMs: 150, maxRetries: 0, fetch: fetchSeeingHeaders })),
    );
    expect(outcome).toBeInstanceOf(ApiTimeoutError);
  });

  it('stop after maxRetries and hand back the last error response', async () => {
    const server = await scripted([status(502)]);
    const { response, error } = await getVideo(client(server, { maxRetries: 2 }));
    expect(response.status).toBe(502);
    expect(error).toEqual({ error: 'status 502' });
    expect(server.requests).toHaveLength(3);
  });

  it('obey x-should-retry: false', async () => {
    const server = await scripted([status(503, { 'x-should-retry': 'false' }), ok]);
    expect((await getVideo(client(server))).response.status).toBe(503);
    expect(server.requests).toHaveLength(1);
  });
});

describe('POST and PATCH', () => {
  it('retry 429: a rate limit refuses before acting', async () => {
    const server = await scripted([status(429), status(429), ok]);
    expect((await createConfig(client(server))).response.status).toBe(200);
    expect(server.requests).toHaveLength(3);
    expect(new Set(server.requests.map((r) => r.body)).size).toBe(1);
  });

  it('never retry a 503 (a proxy may answer it for a server that acted), unless x-should-retry: true', async () => {
    const plain = await scripted([status(503), ok]);
    expect((await createConfig(client(plain))).response.status).toBe(503);
    expect(plain.requests).toHaveLength(1);
    const hinted = await scripted([status(503, { 'x-should-retry': 'true' }), ok]);
    expect((await createConfig(client(hinted))).response.status).toBe(200);
    expect(hinted.requests).toHaveLength(2);
  });

  it('never retry a 500: the server may have acted', async () => {
    const server = await scripted([status(500), ok]);
    expect((await createConfig(client(server))).response.status).toBe(500);
    expect(server.requests).toHaveLength(1);
  });

  it('never retry a reset once the request went out', async () => {
    const server = await scripted([reset, ok]);
    const failure = await createConfig(client(server)).catch((e: unknown) => e);
    expect(failure).toBeInstanceOf(ApiConnectionError);
    expect(server.requests).toHaveLength(1);
  });

  it('never retry a timeout', async () => {
    // Timed out once the request is at the server (so it went out): a retry would be answered at once,
    // and the call would end in a 200.
    const { hold, reached } = heldAtServer();
    const server = await scripted([hold, ok]);
    const outcome = await outcomeOnFakeClock(reached, () =>
      client(server, { timeoutMs: 100 }).PATCH('/cdn/logs_uploader/configs/{config_id}', {
        params: { path: { config_id: 1 } },
        body: { enabled: true },
      }),
    );
    expect(outcome).toBeInstanceOf(ApiTimeoutError);
    expect(server.requests).toHaveLength(1);
  });

  it('retry a refused connection: nothing was sent', async () => {
    let attempts = 0;
    const counting = (request: Request, init: { signal: AbortSignal }) => {
      attempts++;
      return fetch(request, init);
    };
    const port = await closedPort();
    const backoffs = backoffsAskedFor();
    const failure = await createConfig(client(`http://127.0.0.1:${port}`, { fetch: counting, maxRetries: 1 })).catch(
      (e: unknown) => e,
    );
    expect(failure).toBeInstanceOf(ApiConnectionError);
    expect((failure as ApiConnectionError).code).toBe('ECONNREFUSED');
    expect(attempts).toBe(2);
    expect(backoffs).toEqual([FIRST_BACKOFF]);
  });

  it('honour x-should-retry: true', async () => {
    const server = await scripted([status(500, { 'x-should-retry': 'true' }), ok]);
    expect((await createConfig(client(server))).response.status).toBe(200);
    expect(server.requests).toHaveLength(2);
  });
});

describe("the caller's signal", () => {
  it('aborts without retrying', async () => {
    const { hold, reached } = heldAtServer();
    const server = await scripted([hold]);
    const controller = new AbortController();
    const call = client(server).GET('/streaming/videos/{video_id}', {
      params: { path: { video_id: 1 } },
      signal: controller.signal,
    });
    // Aborted while the request is at the server, as soon as it is there: no time waited out.
    await reached;
    controller.abort();
    await expect(call).rejects.toMatchObject({ name: 'AbortError' });
    expect(server.requests).toHaveLength(1);
  });

  it.each(['GET', 'POST'] as const)('already aborted, sends nothing (%s)', async (method) => {
    const server = await scripted([ok]);
    const signal = AbortSignal.abort(new Error('caller gave up'));
    const call =
      method === 'GET'
        ? client(server).GET('/storage/notifications/v1/events/configurator', { signal })
        : client(server).POST('/cdn/logs_uploader/configs', { body: { name: 'n', policy: 1, target: 2 }, signal });
    await expect(call).rejects.toThrow('caller gave up');
    expect(server.requests).toHaveLength(0);
  });
});

describe('a response cut off mid-body', () => {
  const cutOff: Handler = (_r, res) => {
    res.writeHead(200, { 'content-type': 'application/json', 'content-length': '100' });
    res.write('{"structure":');
    setTimeout(() => res.socket?.destroy(), 20);
  };

  it('is retried for a GET, which then succeeds', async () => {
    const server = await scripted([cutOff, (_r, res) => sendJson(res, 200, { structure: [] })]);
    const backoffs = backoffsAskedFor();
    const { data } = await client(server, { maxRetries: 2 }).GET('/storage/notifications/v1/events/configurator');
    expect(data).toEqual({ structure: [] });
    expect(server.requests).toHaveLength(2);
    expect(backoffs).toEqual([FIRST_BACKOFF]);
  });

  it('is never retried for a POST: ApiConnectionError after one attempt', async () => {
    const server = await scripted([cutOff]);
    await expect(createConfig(client(server, { maxRetries: 2 }))).rejects.toBeInstanceOf(ApiConnectionError);
    expect(server.requests).toHaveLength(1);
  });
});
