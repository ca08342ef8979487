// Options one call sets for itself (timeoutMs, maxRetries, signal, headers), on every operation of the
// document, against the in-process emulator with injected delays and faults: the attempts made and
// the time taken, and that the client's own settings hold for the calls that set nothing. A call runs on
// fake timers (the attempt's timeout, the retry waits and the emulator's delays alike), so its time is
// the clock's and no test waits a real timeout out.
import { afterAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { createEmulator } from 'cloud-platform-emulator';
import type { RouteSpec } from '../../src/contract/routes.js';
import { ApiTimeoutError, CloudClientOptionError, createCloudClient, type CallOptions } from '../../src/index.js';
import type { OperationId } from '../../src/operations.js';
import { operationRows } from '../../test-kit/operation-table.js';
import { onFakeClock } from '../../test-kit/fake-clock.js';

const rows = operationRows();
const routes = rows.map((row) => row.route);
const emulator = await createEmulator();
let attempts = 0;
const client = createCloudClient({
  apiKey: 'call-options',
  baseUrl: 'http://emulator.local',
  fetch: (request, init) => {
    attempts++;
    return emulator.fetch(request, init);
  },
});

/**
 * Calls an operation with the request its examples make (the one table of operations) and the given call
 * options, on fake timers; `abortAfterMs` aborts it then, as AbortSignal.timeout would, on the same clock.
 */
async function call(
  route: RouteSpec,
  { abortAfterMs, ...options }: CallOptions & Record<string, unknown> & { abortAfterMs?: number } = {},
) {
  const row = rows.find((r) => r.operationId === route.operationId)!;
  const send = (client as unknown as Record<string, (path: string, init: object) => Promise<{ response: Response }>>)[
    route.method
  ]!;
  attempts = 0;
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'performance'] });
  try {
    const started = performance.now();
    const signal = abortAfterMs === undefined ? {} : { signal: abortedAfter(abortAfterMs) };
    const outcome = await onFakeClock(
      send(route.path, {
        params: row.params,
        ...(row.body === undefined ? {} : { body: row.body }),
        ...options,
        ...signal,
      }).then(
        ({ response }) => ({ status: response.status }),
        (error: unknown) => ({ error }),
      ),
    );
    return { ...outcome, attempts, ms: performance.now() - started };
  } finally {
    vi.useRealTimers();
  }
}

function abortedAfter(ms: number): AbortSignal {
  const controller = new AbortController();
  setTimeout(() => controller.abort(new DOMException('The operation was aborted due to timeout', 'TimeoutError')), ms);
  return controller.signal;
}

const idempotent = (route: RouteSpec) => route.method === 'GET' || route.method === 'DELETE';

beforeEach(() => {
  emulator.reset();
  emulator.faults.clear();
});
afterAll(() => emulator.close());

// The table reads the bundled document, whose ids are the generated type's.
describe.each(routes.map((route) => [route.operationId as OperationId, route] as const))(
  '%s with options of its own',
  (operationId, route) => {
    it('timeoutMs ends a slow attempt at that time, and maxRetries: 0 sends it once', async () => {
      emulator.faults.add({ operationId, delay_ms: 3_000, count: 1 });
      const result = await call(route, { timeoutMs: 100, maxRetries: 0 });
      expect(result).toMatchObject({ error: expect.any(ApiTimeoutError), attempts: 1 });
      expect((result as { error: ApiTimeoutError }).error.timeoutMs).toBe(100);
      expect(result.ms).toBe(100);
    });

    it(`a timed-out attempt is ${idempotent(route) ? '' : 'not '}retried within the call's own maxRetries`, async () => {
      emulator.faults.add({ operationId, delay_ms: 3_000, count: 1 });
      const result = await call(route, { timeoutMs: 100, maxRetries: 1 });
      if (idempotent(route)) expect(result).toMatchObject({ status: expect.any(Number), attempts: 2 });
      else expect(result).toMatchObject({ error: expect.any(ApiTimeoutError), attempts: 1 });
      expect(result.ms).toBeLessThan(2_500);
    });

    it('maxRetries: 1 gets past one 429, maxRetries: 0 answers it; the client default (2) holds for a call that sets none', async () => {
      emulator.faults.add({ operationId, status: 429, retry_after: '0', count: 1 });
      const once = await call(route, { maxRetries: 1 });
      expect(once.attempts).toBe(2);
      expect((once as { status: number }).status).not.toBe(429);
      emulator.faults.add({ operationId, status: 429, retry_after: '0', count: 1 });
      expect(await call(route, { maxRetries: 0 })).toMatchObject({ status: 429, attempts: 1 });
      emulator.faults.add({ operationId, status: 429, retry_after: '0', count: 2 });
      const byDefault = await call(route);
      expect(byDefault.attempts).toBe(3);
      expect((byDefault as { status: number }).status).not.toBe(429);
    });
  },
);

describe('call options', () => {
  const getVideo = routes.find((r) => r.operationId === 'getVideo')!;

  it('send the call headers with the client Authorization, and refuse a call Authorization without quoting it', async () => {
    const seen: Headers[] = [];
    const recording = createCloudClient({
      apiKey: 'own-key',
      baseUrl: 'http://emulator.local',
      fetch: (request, init) => {
        seen.push(request.headers);
        return emulator.fetch(request, init);
      },
    });
    await recording.GET('/streaming/videos/{video_id}', {
      params: { path: { video_id: 1444 } },
      headers: { 'x-trace-id': 't-7' },
    });
    expect(seen[0]!.get('x-trace-id')).toBe('t-7');
    expect(seen[0]!.get('authorization')).toBe('apikey own-key');
    const init = { params: { path: { video_id: 1444 } }, headers: { authorization: 'apikey stolen-key' } };
    await expect(recording.GET('/streaming/videos/{video_id}', init as never)).rejects.toThrow(
      "headers of a call must not set Authorization: it is always the client's own (apiKey)",
    );
    await expect(recording.GET('/streaming/videos/{video_id}', init as never)).rejects.not.toThrow(/stolen-key/);
  });

  it.each([
    [{ timeoutMs: 0 }, 'timeoutMs of a call must be a number of milliseconds above 0'],
    [{ maxRetries: 11 }, 'maxRetries of a call must be a whole number from 0 to 10, got 11'],
    [{ maxRetries: 1.5 }, 'maxRetries of a call must be a whole number from 0 to 10, got 1.5'],
  ])('refuse %j, naming the option', async (options, message) => {
    await expect(call(getVideo, options)).resolves.toMatchObject({
      error: expect.objectContaining({ message: expect.stringContaining(message) }),
      attempts: 0,
    });
  });

  it('a signal aborts the call during its wait between retries', async () => {
    emulator.faults.add({ operationId: 'getVideo', status: 503, retry_after: '5', count: 1 });
    const result = await call(getVideo, { abortAfterMs: 150 });
    expect(result).toMatchObject({ error: expect.objectContaining({ name: 'TimeoutError' }), attempts: 1 });
    expect(result.ms).toBe(150);
  });
});

describe("the client's numeric options", () => {
  it.each([
    [
      { timeoutMs: 2 ** 31 },
      'timeoutMs must be a number of milliseconds above 0 and at most 2147483647, got 2147483648',
    ],
    [
      { timeoutMs: Number.POSITIVE_INFINITY },
      'timeoutMs must be a number of milliseconds above 0 and at most 2147483647, got Infinity',
    ],
    [{ timeoutMs: Number.NaN }, 'timeoutMs must be a number of milliseconds above 0 and at most 2147483647, got NaN'],
    [{ timeoutMs: -1 }, 'timeoutMs must be a number of milliseconds above 0 and at most 2147483647, got -1'],
    [
      { timeoutMs: '5000' as unknown as number },
      'timeoutMs must be a number of milliseconds above 0 and at most 2147483647, got "5000"',
    ],
    [{ maxRetries: 11 }, 'maxRetries must be a whole number from 0 to 10, got 11'],
    [{ maxRetries: -1 }, 'maxRetries must be a whole number from 0 to 10, got -1'],
    [{ maxRetries: Number.NaN }, 'maxRetries must be a whole number from 0 to 10, got NaN'],
    [{ maxRetries: '2' as unknown as number }, 'maxRetries must be a whole number from 0 to 10, got "2"'],
  ])('%j is refused, naming the option', (options, message) => {
    expect(() => createCloudClient({ apiKey: 'k', ...options })).toThrow(message);
  });

  it('accept the largest timeout a timer holds, which does not fire at once', async () => {
    const patient = createCloudClient({
      apiKey: 'k-timer',
      baseUrl: 'http://emulator.local',
      fetch: emulator.fetch,
      timeoutMs: 2 ** 31 - 1,
    });
    await expect(patient.GET('/storage/notifications/v1/events/configurator')).resolves.toMatchObject({
      response: { status: 200 },
    });
  });
});

describe('the API key', () => {
  it('is sent as given, spaces inside included, as the official SDKs send it (their tests use "My API Key")', async () => {
    let sent: string | null = null;
    const spaced = createCloudClient({
      apiKey: 'My API Key',
      baseUrl: 'http://emulator.local',
      fetch: (request, init) => {
        sent = new Request(request, init).headers.get('authorization');
        return emulator.fetch(request, init);
      },
    });
    const { response } = await spaced.GET('/storage/notifications/v1/events/configurator');
    expect([response.status, sent]).toEqual([200, 'apikey My API Key']);
  });

  it.each([
    ['a space at the start, which fetch would trim', ' key'],
    ['a space at the end', 'key '],
    ['a tab at the end', 'key\t'],
    ['a line break', 'ke\ny'],
    ['a control character', 'ke\u0000y'],
    ['a character beyond Latin-1', 'key\u20ac'],
  ])('is refused with %s, without being quoted', (_, apiKey) => {
    expect(() => createCloudClient({ apiKey })).toThrow(
      'apiKey must not contain control or non-Latin-1 characters, nor begin or end with whitespace',
    );
  });
});

// openapi-fetch takes a `baseUrl` per call: held to the rule the client's own is, where the call's URL is made.
describe("a call's own baseUrl", () => {
  const sent: string[] = [];
  const recording = createCloudClient({
    apiKey: 'base-url-key',
    baseUrl: 'https://api.example.test/v1',
    fetch: (request) => {
      sent.push(request.url);
      return Promise.resolve(Response.json([]));
    },
  });
  const video = (baseUrl: string) =>
    recording.GET('/streaming/videos/{video_id}', { params: { path: { video_id: 7 } }, baseUrl });
  const streams = (baseUrl: string) => recording.GET('/streaming/streams', { params: { query: { page: 2 } }, baseUrl });
  beforeEach(() => {
    sent.length = 0;
  });

  it.each<[string, () => Promise<unknown>, string]>([
    ['another host', () => video('https://other.example.test/'), 'https://other.example.test/streaming/videos/7'],
    [
      'a path of its own',
      () => video('https://other.example.test/v2'),
      'https://other.example.test/v2/streaming/videos/7',
    ],
    [
      "the client's, with a query of the call",
      () => streams('https://api.example.test/v1'),
      'https://api.example.test/v1/streaming/streams?page=2',
    ],
    [
      'another host, with a query of the call',
      () => streams('http://127.0.0.1:4010'),
      'http://127.0.0.1:4010/streaming/streams?page=2',
    ],
  ])('goes where it says: %s', async (_, call, url) => {
    await call();
    expect(sent).toEqual([url]);
  });

  it.each<[string, () => Promise<unknown>, RegExp]>([
    [
      'credentials',
      () => video('https://user:base-pw@other.example.test'),
      /must not carry credentials, a query or a fragment, got "https:\/\/\*\*\*@other/,
    ],
    [
      'a query',
      () => video('https://other.example.test/?tenant=1'),
      /baseUrl of a call must not carry credentials, a query or a fragment/,
    ],
    [
      'a fragment',
      () => video('https://other.example.test/#top'),
      /baseUrl of a call must not carry credentials, a query or a fragment/,
    ],
    [
      "a query, under the client's own base",
      () => video('https://api.example.test/v1/x?tenant=1'),
      /baseUrl of a call must not/,
    ],
    [
      "a query, under the client's own base, with a query of the call",
      () => streams('https://api.example.test/v1?tenant=1'),
      /baseUrl of a call must not/,
    ],
    [
      'another scheme',
      () => video('ftp://other.example.test'),
      /baseUrl of a call must be an absolute http or https URL/,
    ],
    ['no scheme', () => video('other.example.test'), /baseUrl of a call must be an absolute http or https URL/],
  ])('is refused with %s, naming the option, nothing sent', async (_, call, message) => {
    const error = await call().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(CloudClientOptionError);
    expect((error as Error).message).toMatch(message);
    expect((error as Error).message).not.toContain('base-pw');
    expect(sent).toEqual([]);
  });
});
