// One request lifecycle behind every adapter: the same cases (an answer, a delay, a throw now and one
// after a delay, a dropped connection, a fault after the operation; a client that leaves during a delay or
// a hold; the hold's cap; a body over the cap; the same through a proxy) through each, with the same outcome for the client, the state and the journal, and
// the journal written before the client sees the outcome. Waits are run out on fake timers.
import { request as httpRequest } from 'node:http';
import { Readable } from 'node:stream';
import type { ReadableStream as WebReadableStream } from 'node:stream/web';
import v8 from 'node:v8';
import vm from 'node:vm';
import { ApiTimeoutError, createCloudClient, unwrap } from 'cloud-platform-api';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createEmulator, type FaultRule } from '../../src/index.js';
import { DEFAULT_HOLD_MS } from '../../src/core/lifecycle.js';
import { BODY_LIMIT_BYTES } from '../../src/core/document/request-body.js';
import { createServerEmulator, startEmulatorServer, type RunningServer } from '../../src/server.js';
import { ADAPTER_NAMES, ADAPTERS, type Fetch, type Target } from '../helpers/adapters.js';
import { serveEmulator } from '../helpers/emulator.js';

const OPERATION = 'createLogsUploaderConfig';
const DELAY_MS = 1_500;
const CONFIG = { name: 'Lifecycle', policy: 1, target: 2 };
/** A body of 64 MiB, in chunks of 64 KiB: 64 times the cap. */
const CHUNK_BYTES = 64 * 1024;
const OVERSIZED_CHUNKS = 1024;
const create = (target: Target, signal?: AbortSignal, body: BodyInit = JSON.stringify(CONFIG)) =>
  clientFetch(target)(`${target.baseUrl}/cdn/logs_uploader/configs`, {
    method: 'POST',
    headers: { authorization: 'apikey lifecycle', 'content-type': 'application/json' },
    body,
    ...(typeof body === 'string' ? {} : { duplex: 'half' }),
    ...(signal ? { signal } : {}),
  } as RequestInit);
// Fake timers replace the global ones: a bound on how long a test waits keeps the real ones.
const { setTimeout: realSetTimeout, clearTimeout: realClearTimeout } = globalThis;

/**
 * fetch over node:http, for the HTTP server here. fetch's timers are the global ones, which fake timers
 * would run (its 300 s headers timeout, inside a 10-minute hold); node:http's are Node's own. And
 * node:http hands over an answer that comes before the body is all sent (a 413), which fetch does not.
 */
function fetchOverNodeHttp(input: RequestInfo | URL, init: RequestInit = {}): Promise<Response> {
  const { signal } = init;
  return new Promise((resolve, reject) => {
    const request = httpRequest(
      String(input),
      { method: init.method, headers: init.headers as Record<string, string>, ...(signal ? { signal } : {}) },
      (response) => resolve(new Response(Readable.toWeb(response) as ReadableStream, { status: response.statusCode })),
    );
    request.on('error', (error) =>
      reject(signal?.aborted ? signal.reason : new TypeError('fetch failed', { cause: error })),
    );
    if (init.body instanceof ReadableStream) Readable.fromWeb(init.body as WebReadableStream<Uint8Array>).pipe(request);
    else request.end(init.body as string | undefined);
  });
}

/** How this file's requests reach a target: node:http for the HTTP server (on loopback), else its own fetch. */
const clientFetch = (target: Target): Fetch =>
  target.baseUrl.startsWith('http://127.0.0.1:') ? fetchOverNodeHttp : target.fetch;

/** What the client got: a status, a network error, or its own abort. */
async function outcomeOf(pending: Promise<Response>): Promise<string> {
  try {
    return `status ${(await pending).status}`;
  } catch (error) {
    const { name } = error as Error;
    return name === 'TimeoutError' || name === 'AbortError' ? 'aborted' : `network error (${name})`;
  }
}

const failingStore = (target: Target) => {
  target.emulator.store.tables.configs.put = () => {
    throw new Error('The store refused the write');
  };
};

interface LifecycleCase {
  name: string;
  fault?: Omit<FaultRule, 'operationId'>;
  prepare?: (target: Target) => void;
  client: string;
  configs: number;
  journal: { status: number; fault?: string | number; applied?: number };
}

const CASES: LifecycleCase[] = [
  { name: 'an answer at once', client: 'status 200', configs: 1, journal: { status: 200 } },
  { name: 'a delay, waited out', fault: { delay_ms: 50 }, client: 'status 200', configs: 1, journal: { status: 200 } },
  { name: 'a throw from the core', prepare: failingStore, client: 'status 500', configs: 0, journal: { status: 500 } },
  {
    name: 'a throw after a delay',
    fault: { delay_ms: 20 },
    prepare: failingStore,
    client: 'status 500',
    configs: 0,
    journal: { status: 500 },
  },
  {
    name: 'a dropped connection',
    fault: { reset: true },
    client: 'network error (TypeError)',
    configs: 0,
    journal: { status: 0, fault: 'reset' },
  },
  {
    name: 'a fault after the operation: its change kept, its answer failed',
    fault: { after: true, status: 503 },
    client: 'status 503',
    configs: 1,
    journal: { status: 503, fault: 503, applied: 200 },
  },
  {
    name: 'a fault after the operation that drops the connection',
    fault: { after: true, reset: true },
    client: 'network error (TypeError)',
    configs: 1,
    journal: { status: 0, fault: 'reset', applied: 200 },
  },
  {
    name: 'a delay, then a fault after the operation',
    fault: { delay_ms: 20, after: true, status: 502 },
    client: 'status 502',
    configs: 1,
    journal: { status: 502, fault: 502, applied: 200 },
  },
];

v8.setFlagsFromString('--expose-gc');
const collectGarbage = vm.runInNewContext('gc') as () => void;

/** What `pending` settled with, or `still pending` if it had not within `ms` of real time. */
async function settledWithin(pending: Promise<unknown>, ms: number): Promise<unknown> {
  let timer: NodeJS.Timeout | undefined;
  const bound = new Promise((resolve) => {
    timer = realSetTimeout(resolve, ms, 'still pending');
  });
  return Promise.race([pending.catch((error: unknown) => error), bound]).finally(() => realClearTimeout(timer));
}

/**
 * Waits, in real time, until `check` passes, failing with its last error after 2 s. vi.waitFor would
 * move fake timers on as it polls, and a test that counts the clock must move it alone.
 */
async function eventually(check: () => void): Promise<void> {
  const deadline = performance.now() + 2_000;
  for (;;) {
    try {
      return check();
    } catch (error) {
      if (performance.now() > deadline) throw error;
      await new Promise((resolve) => realSetTimeout(resolve, 5));
    }
  }
}

describe.each(ADAPTER_NAMES)('the request lifecycle, %s', (adapter) => {
  let target: Target;
  afterEach(async () => {
    vi.restoreAllMocks();
    vi.useRealTimers();
    await target.close();
  });

  it.each(CASES)('$name', async ({ fault, prepare, client, configs, journal }) => {
    target = await ADAPTERS[adapter]!();
    const internalErrors = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    if (fault) target.emulator.faults.add({ operationId: OPERATION, count: 1, ...fault });
    prepare?.(target);
    const before = target.emulator.store.tables.configs.size();
    expect(await outcomeOf(create(target))).toBe(client);
    // Recorded before the client sees its answer.
    expect(target.emulator.requests.list()).toHaveLength(1);
    expect(target.emulator.requests.list()[0]).toMatchObject({ operationId: OPERATION, ...journal });
    expect(target.emulator.store.tables.configs.size() - before).toBe(configs);
    expect(internalErrors).toHaveBeenCalledTimes(client === 'status 500' ? 1 : 0);
  });

  describe.each<{ during: string; fault: Omit<FaultRule, 'operationId'>; journal: LifecycleCase['journal'] }>([
    { during: 'a delay', fault: { delay_ms: DELAY_MS }, journal: { status: 0 } },
    { during: 'a hold', fault: { timeout: true }, journal: { status: 0, fault: 'timeout' } },
  ])('a client that leaves during $during', ({ fault, journal }) => {
    it.each([
      ['', false],
      [', with garbage collected while it waits', true],
    ])('is recorded at once, and nothing is made or sent after%s', async (_, collecting) => {
      vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
      target = await ADAPTERS[adapter]!();
      target.emulator.faults.add({ operationId: OPERATION, count: 1, ...fault });
      const leave = new AbortController();
      const pending = outcomeOf(create(target, leave.signal));
      // The rule spent: the request waits on its timer.
      await eventually(() => expect(target.emulator.faults.list()).toEqual([]));
      if (collecting) {
        // Whatever carries the abort to the wait must survive a full collection.
        collectGarbage();
        collectGarbage();
      }
      leave.abort();
      expect(await settledWithin(pending, 2_000)).toBe('aborted');
      await eventually(() => expect(target.emulator.requests.list()).toHaveLength(1));
      expect(target.emulator.requests.list()[0]).toMatchObject({ operationId: OPERATION, ...journal });
      // The wait ended with the client: its timer is gone, and running the clock past the delay or the
      // hold makes nothing.
      await eventually(() => expect(vi.getTimerCount()).toBe(0));
      await vi.advanceTimersByTimeAsync(DEFAULT_HOLD_MS + DELAY_MS);
      expect(target.emulator.store.tables.configs.size()).toBe(0);
      expect(target.emulator.requests.list()).toHaveLength(1);
    });
  });

  it.each([
    ['DEFAULT_HOLD_MS', undefined],
    ['a holdMs given', 50],
  ])('holds a request for %s, then drops the connection', async (_, holdMs) => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    target = await ADAPTERS[adapter]!(holdMs === undefined ? {} : { holdMs });
    target.emulator.faults.add({ operationId: OPERATION, count: 1, timeout: true });
    let outcome: string | undefined;
    void outcomeOf(create(target)).then((settled) => {
      outcome = settled;
    });
    await eventually(() => expect(target.emulator.requests.list()).toHaveLength(1));
    expect(target.emulator.requests.list()[0]).toMatchObject({ operationId: OPERATION, status: 0, fault: 'timeout' });
    await vi.advanceTimersByTimeAsync((holdMs ?? DEFAULT_HOLD_MS) - 1);
    // A moment of real time for any I/O: with 1 ms of the hold left, the client still has nothing.
    await new Promise((resolve) => realSetTimeout(resolve, 50));
    expect(outcome).toBeUndefined();
    await vi.advanceTimersByTimeAsync(1);
    await eventually(() => expect(outcome).toBe('network error (TypeError)'));
    expect(target.emulator.store.tables.configs.size()).toBe(0);
  });

  it('refuses a body over BODY_LIMIT_BYTES with 413, before reading the whole of it', async () => {
    target = await ADAPTERS[adapter]!();
    const chunk = new Uint8Array(CHUNK_BYTES).fill(0x20);
    let pulls = 0;
    const oversized = new ReadableStream<Uint8Array>({
      pull(controller) {
        pulls += 1;
        if (pulls > OVERSIZED_CHUNKS) return controller.close();
        controller.enqueue(chunk.slice());
      },
    });
    expect(await settledWithin(outcomeOf(create(target, undefined, oversized)), 10_000)).toBe('status 413');
    expect(target.emulator.requests.list()[0]).toMatchObject({ operationId: OPERATION, status: 413 });
    expect(target.emulator.store.tables.configs.size()).toBe(0);
    // Reading stopped at the cap (over HTTP, the socket's buffers may take some more), far short of the end.
    expect(pulls).toBeGreaterThan(BODY_LIMIT_BYTES / CHUNK_BYTES);
    expect(pulls).toBeLessThan(OVERSIZED_CHUNKS / 4);
  });
});

/** The global fetch before any MSW server patches it: the proxy's way to its upstream, which no handler answers. */
const upstreamFetch = globalThis.fetch;

/** Through a proxy, the upstream (an emulator of its own) makes what the operation would have. */
const PROXY_CASES: (Omit<LifecycleCase, 'prepare'> & { forwarded: number })[] = [
  { name: 'forwarded at once', client: 'status 200', configs: 0, forwarded: 1, journal: { status: 200 } },
  {
    name: 'a delay, then forwarded',
    fault: { delay_ms: 20 },
    client: 'status 200',
    configs: 0,
    forwarded: 1,
    journal: { status: 200 },
  },
  {
    name: 'an injected status: nothing forwarded',
    fault: { status: 503 },
    client: 'status 503',
    configs: 0,
    forwarded: 0,
    journal: { status: 503, fault: 503 },
  },
  {
    name: "a fault after the upstream's answer: its change kept",
    fault: { after: true, status: 502 },
    client: 'status 502',
    configs: 0,
    forwarded: 1,
    journal: { status: 502, fault: 502, applied: 200 },
  },
];

describe.each(ADAPTER_NAMES)('the request lifecycle through a proxy, %s', (adapter) => {
  let upstream: RunningServer;
  let target: Target;
  beforeEach(async () => {
    upstream = await serveEmulator(await createEmulator());
    target = await ADAPTERS[adapter]!({ proxy: { baseUrl: upstream.url, fetch: upstreamFetch } });
  });
  afterEach(async () => {
    await target.close();
    await upstream.close();
  });

  it.each(PROXY_CASES)('$name', async ({ fault, client, configs, forwarded, journal }) => {
    if (fault) target.emulator.faults.add({ operationId: OPERATION, count: 1, ...fault });
    const before = upstream.emulator.store.tables.configs.size();
    expect(await outcomeOf(create(target))).toBe(client);
    expect(target.emulator.requests.list()).toEqual([expect.objectContaining({ operationId: OPERATION, ...journal })]);
    expect(upstream.emulator.store.tables.configs.size() - before).toBe(forwarded);
    expect(target.emulator.store.tables.configs.size()).toBe(configs);
  });

  it('forwards nothing for a client that leaves during a delay, and records it at once', async () => {
    target.emulator.faults.add({ operationId: OPERATION, count: 1, delay_ms: 60_000 });
    const before = upstream.emulator.store.tables.configs.size();
    const leave = new AbortController();
    const pending = outcomeOf(create(target, leave.signal));
    await eventually(() => expect(target.emulator.faults.list()).toEqual([]));
    leave.abort();
    expect(await settledWithin(pending, 2_000)).toBe('aborted');
    await eventually(() => expect(target.emulator.requests.list()).toHaveLength(1));
    expect(target.emulator.requests.list()[0]).toMatchObject({ operationId: OPERATION, status: 0 });
    expect(upstream.emulator.store.tables.configs.size()).toBe(before);
  });
});

describe.each(ADAPTER_NAMES)('a request held by a timeout fault, %s', (adapter) => {
  let target: Target;
  afterEach(() => target.close());

  it("ends with the client's timeoutMs, though garbage is collected while it is held", async () => {
    target = await ADAPTERS[adapter]!();
    target.emulator.faults.add({ operationId: OPERATION, count: 1, timeout: true });
    const timeoutMs = 200;
    const client = createCloudClient({ apiKey: 'lifecycle', baseUrl: target.baseUrl, fetch: target.fetch, timeoutMs });
    const call = unwrap(client.POST('/cdn/logs_uploader/configs', { body: CONFIG }));
    // Held once the journal has it: what carries the client's abort must survive a full collection from here on.
    await vi.waitFor(() => expect(target.emulator.requests.list()).toHaveLength(1), { interval: 5 });
    collectGarbage();
    collectGarbage();
    expect(await settledWithin(call, timeoutMs * 10)).toBeInstanceOf(ApiTimeoutError);
  });
});

describe('the holdMs option', () => {
  it.each([0, -1, 1.5, Number.NaN, Number.POSITIVE_INFINITY, 2 ** 31, '100', null, true, {}])(
    'refuses %s, naming the field and the rule',
    async (holdMs) => {
      await expect(createEmulator({ holdMs: holdMs as number })).rejects.toThrow(
        /^holdMs: must be a whole number of milliseconds from 1 to 2147483647, got /,
      );
    },
  );

  it.each([1, 2 ** 31 - 1])('takes %i', async (holdMs) => {
    const emulator = await createEmulator({ holdMs });
    expect(emulator.holdMs).toBe(holdMs);
    await emulator.close();
  });

  it('reaches the emulator from startEmulatorServer’s options', async () => {
    const server = await startEmulatorServer(await createServerEmulator({ holdMs: 50 }), { port: 0 });
    expect(server.emulator.holdMs).toBe(50);
    await server.close();
  });

  it.each([0, 1.5, '100', {}])('is checked through startEmulatorServer: refuses %s', async (holdMs) => {
    await expect(createServerEmulator({ holdMs: holdMs as number })).rejects.toThrow(
      /^holdMs: must be a whole number of milliseconds from 1 to 2147483647, got /,
    );
  });
});
