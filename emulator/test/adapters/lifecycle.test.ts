// One request lifecycle behind every adapter: the same cases (a delay the client cuts short, a throw now
// and a deferred one, a dropped and a held connection, an answer) through each, with the same outcome for
// the client, the state and the journal, and the journal written before the client sees the outcome.
import v8 from 'node:v8';
import vm from 'node:vm';
import { ApiTimeoutError, createCloudClient, unwrap } from 'cloud-platform-api';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createEmulator, type FaultRule } from '../../src/index.js';
import { startEmulatorServer } from '../../src/server.js';
import { ADAPTER_NAMES, ADAPTERS, type Target } from '../helpers/adapters.js';

const OPERATION = 'createLogsUploaderConfig';
const DELAY_MS = 1_500;
const create = (target: Target, signal?: AbortSignal) =>
  target.fetch(`${target.baseUrl}/cdn/logs_uploader/configs`, {
    method: 'POST',
    headers: { authorization: 'apikey lifecycle', 'content-type': 'application/json' },
    body: JSON.stringify({ name: 'Lifecycle', policy: 1, target: 2 }),
    ...(signal ? { signal } : {}),
  });

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
  /** The client gives up after this many ms. */
  abortAfterMs?: number;
  /** Collect garbage every few ms while the request is under way: whatever carries the abort must stay reachable. */
  collectGarbage?: true;
  prepare?: (target: Target) => void;
  client: string;
  configs: number;
  journal: { status: number; fault?: string };
}

const CASES: LifecycleCase[] = [
  { name: 'an answer at once', client: 'status 200', configs: 1, journal: { status: 200 } },
  { name: 'a delay, waited out', fault: { delay_ms: 50 }, client: 'status 200', configs: 1, journal: { status: 200 } },
  {
    name: 'a delay the client cuts short',
    fault: { delay_ms: DELAY_MS },
    abortAfterMs: 50,
    client: 'aborted',
    configs: 0,
    journal: { status: 0 },
  },
  {
    name: 'a delay the client cuts short, with garbage collected during it',
    fault: { delay_ms: DELAY_MS },
    abortAfterMs: 50,
    collectGarbage: true,
    client: 'aborted',
    configs: 0,
    journal: { status: 0 },
  },
  { name: 'a throw from the core', prepare: failingStore, client: 'status 500', configs: 0, journal: { status: 500 } },
  {
    name: 'a throw from a deferred answer',
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
    name: 'a held request, until the client leaves',
    fault: { timeout: true },
    abortAfterMs: 100,
    client: 'aborted',
    configs: 0,
    journal: { status: 0, fault: 'timeout' },
  },
];

v8.setFlagsFromString('--expose-gc');
const collectGarbage = vm.runInNewContext('gc') as () => void;

describe.each(ADAPTER_NAMES)('the request lifecycle, %s', (adapter) => {
  let target: Target;
  afterEach(async () => {
    vi.restoreAllMocks();
    await target.close();
  });

  it.each(CASES)(
    '$name',
    async ({ fault, abortAfterMs, collectGarbage: collecting, prepare, client, configs, journal }) => {
      target = await ADAPTERS[adapter]!();
      const internalErrors = vi.spyOn(console, 'error').mockImplementation(() => undefined);
      if (fault) target.emulator.faults.add({ operationId: OPERATION, count: 1, ...fault });
      prepare?.(target);
      const before = target.emulator.store.tables.configs.size();
      const started = performance.now();
      const collector = collecting ? setInterval(collectGarbage, 5) : undefined;
      const outcome = await outcomeOf(
        create(target, abortAfterMs === undefined ? undefined : AbortSignal.timeout(abortAfterMs)),
      ).finally(() => clearInterval(collector));
      expect(outcome).toBe(client);
      // Recorded before the client sees its answer; after an abort, as soon as the transport learns of it, not when the delay ends.
      if (abortAfterMs === undefined) expect(target.emulator.requests.list()).toHaveLength(1);
      else
        await vi.waitFor(() => expect(target.emulator.requests.list()).toHaveLength(1), {
          timeout: DELAY_MS / 3,
          interval: 5,
        });
      expect(performance.now() - started).toBeLessThan(DELAY_MS);
      expect(target.emulator.requests.list()[0]).toMatchObject({ operationId: OPERATION, ...journal });
      // What was delayed and then abandoned stays unmade.
      await new Promise((resolve) => setTimeout(resolve, 100));
      expect(target.emulator.store.tables.configs.size() - before).toBe(configs);
      expect(internalErrors).toHaveBeenCalledTimes(client === 'status 500' ? 1 : 0);
    },
  );
});

/** What `pending` settled with, or `still pending` if it had not within `ms`: a hold nothing ends fails here, not at the test's timeout. */
async function settledWithin(pending: Promise<unknown>, ms: number): Promise<unknown> {
  let timer: NodeJS.Timeout | undefined;
  const bound = new Promise((resolve) => {
    timer = setTimeout(resolve, ms, 'still pending');
  });
  return Promise.race([pending.catch((error: unknown) => error), bound]).finally(() => clearTimeout(timer));
}

describe.each(ADAPTER_NAMES)('a request held by a timeout fault, %s', (adapter) => {
  let target: Target;
  afterEach(() => target.close());

  const held = async (holdMs?: number) => {
    target = await ADAPTERS[adapter]!(holdMs === undefined ? {} : { holdMs });
    target.emulator.faults.add({ operationId: OPERATION, count: 1, timeout: true });
  };

  it("ends with the client's timeoutMs, though garbage is collected while it is held", async () => {
    await held();
    const timeoutMs = 200;
    const client = createCloudClient({ apiKey: 'lifecycle', baseUrl: target.baseUrl, fetch: target.fetch, timeoutMs });
    const call = unwrap(client.POST('/cdn/logs_uploader/configs', { body: { name: 'Held', policy: 1, target: 2 } }));
    // Held once the journal has it: what carries the client's abort must survive a full collection from here on.
    await vi.waitFor(() => expect(target.emulator.requests.list()).toHaveLength(1), { interval: 5 });
    collectGarbage();
    collectGarbage();
    expect(await settledWithin(call, timeoutMs * 10)).toBeInstanceOf(ApiTimeoutError);
  });

  it('ends with the connection dropped once the hold is over, as a reset does', async () => {
    await held(50);
    const started = performance.now();
    expect(await settledWithin(outcomeOf(create(target)), 1_000)).toBe('network error (TypeError)');
    expect(performance.now() - started).toBeGreaterThanOrEqual(45);
    expect(target.emulator.requests.list()[0]).toMatchObject({ operationId: OPERATION, status: 0, fault: 'timeout' });
    expect(target.emulator.store.tables.configs.size()).toBe(0);
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
    const server = await startEmulatorServer({ port: 0, holdMs: 50 });
    expect(server.emulator.holdMs).toBe(50);
    await server.close();
  });

  it.each([0, 1.5, '100', {}])('is checked through startEmulatorServer: refuses %s', async (holdMs) => {
    await expect(startEmulatorServer({ port: 0, holdMs: holdMs as number })).rejects.toThrow(
      /^holdMs: must be a whole number of milliseconds from 1 to 2147483647, got /,
    );
  });
});
