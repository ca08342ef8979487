// The proof that this project's client never writes twice: a create or a change that the emulator applies
// and keeps, and whose answer is then lost on the wire (an after-operation fault: a 500, a 503, a 504, a
// reset connection or a timeout), through each adapter, in the method form and the path form. Our client
// makes one request and throws, leaving one config: the figures of the client guide's lost-response table
// (docs/client.md#retries). A client that retries every method on a network error, a timeout or a 5xx, as
// the official SDKs do, makes two, and the journal and the state show both.
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  ApiConnectionError,
  ApiTimeoutError,
  createCloudClient,
  InternalServerError,
  type ThrowingCloudClient,
} from 'cloud-platform-api';
import type { FaultRule } from '../../src/index.js';
import { ADAPTER_NAMES, ADAPTERS, type Fetch, type Target } from '../helpers/adapters.js';

/**
 * How long an attempt may take under a timeout fault before a client gives up on it. The clock is vitest's
 * (setTimeout faked): the attempt times out when the test moves the clock, once the write was applied, so
 * no time is waited out and a loaded machine cannot end the attempt before the emulator acted. Under the
 * other faults the answer comes, and the client's own default applies.
 */
const ATTEMPT_MS = 30_000;
const timeoutMsUnder = (fault: string) => (fault === 'a timeout' ? ATTEMPT_MS : undefined);

/**
 * A client that retries every method on a network error, a timeout (after `attemptMs`, if given, on the
 * timers setTimeout gives) or a 5xx, up to two times more, with no idempotency key.
 */
function retryEverything(fetch: Fetch, attemptMs: number | undefined): Fetch {
  return async (input, init) => {
    for (let attempt = 0; ; attempt++) {
      const last = attempt === 2;
      const timer = new AbortController();
      const timeout = attemptMs === undefined ? undefined : setTimeout(() => timer.abort(), attemptMs);
      try {
        const signal = attemptMs === undefined ? init?.signal : timer.signal;
        const answer = await fetch(input, { ...init, signal });
        if (answer.status < 500 || last) return answer;
      } catch (error) {
        if (last) throw error;
      } finally {
        clearTimeout(timeout);
      }
    }
  };
}

const TOKEN = 'write-safety-token';
const configBody = { name: 'Write safety', policy: 1, target: 2 };

/** The writes under test: the call a client makes, and the journal's operationId for it. */
const WRITES = {
  POST: {
    operationId: 'createLogsUploaderConfig',
    send: (fetch: Fetch, baseUrl: string) =>
      fetch(`${baseUrl}/cdn/logs_uploader/configs`, {
        method: 'POST',
        headers: { authorization: `apikey ${TOKEN}`, 'content-type': 'application/json' },
        body: JSON.stringify(configBody),
      }),
    path: (client: ThrowingCloudClient) => client.POST('/cdn/logs_uploader/configs', { body: configBody }),
    method: (client: ThrowingCloudClient) => client.cdn.logsUploader.configs.create(configBody),
    /** Whether the emulator has made the change (the journal writes it only once the answer is out). */
    done: ({ emulator }: Target) => emulator.store.tables.configs.size() > 0,
  },
  PATCH: {
    operationId: 'updateLogsUploaderConfig',
    send: (fetch: Fetch, baseUrl: string) =>
      fetch(`${baseUrl}/cdn/logs_uploader/configs/1`, {
        method: 'PATCH',
        headers: { authorization: `apikey ${TOKEN}`, 'content-type': 'application/json' },
        body: '{"enabled":false}',
      }),
    path: (client: ThrowingCloudClient) =>
      client.PATCH('/cdn/logs_uploader/configs/{config_id}', {
        params: { path: { config_id: 1 } },
        body: { enabled: false },
      }),
    method: (client: ThrowingCloudClient) => client.cdn.logsUploader.configs.update(1, { enabled: false }),
    done: ({ emulator }: Target) =>
      (emulator.store.tables.configs.get('1') as { enabled?: boolean } | undefined)?.enabled === false,
  },
} as const;

const FAULTS = {
  'a 500': { status: 500, thrown: InternalServerError },
  'a 503': { status: 503, thrown: InternalServerError },
  'a 504': { status: 504, thrown: InternalServerError },
  'a reset connection': { reset: true, thrown: ApiConnectionError },
  'a timeout': { timeout: true, thrown: ApiTimeoutError },
  'a 500 on every call': { status: 500, thrown: InternalServerError, every: true },
} as const;

const FORMS = ['method', 'path'] as const;

const cases = ADAPTER_NAMES.flatMap((adapter) =>
  (Object.keys(WRITES) as (keyof typeof WRITES)[]).flatMap((write) =>
    (Object.keys(FAULTS) as (keyof typeof FAULTS)[]).map((fault) => ({ adapter, write, fault })),
  ),
);
const casesByForm = cases.flatMap((each) => FORMS.map((form) => ({ ...each, form })));

/** What the journal writes for the fault. */
const journalled = (fault: keyof typeof FAULTS) => {
  const how = FAULTS[fault];
  return 'status' in how ? how.status : 'reset' in how ? 'reset' : 'timeout';
};

let target: Target | undefined;
afterEach(async () => {
  vi.useRealTimers();
  await target?.close();
  target = undefined;
});

/** Yields to the event loop (setImmediate is not faked) until `done`, so the emulator's work goes on. */
async function until(done: () => boolean): Promise<void> {
  for (let turn = 0; !done(); turn++) {
    if (turn > 10_000) throw new Error('the emulator never made the change');
    await new Promise((resolve) => setImmediate(resolve));
  }
}

/**
 * Sends a write; under a timeout fault, on faked timers, the attempt's time runs out once the emulator has
 * made the change (the fault holds its answer for ever).
 */
async function sent<Outcome>(
  armed: Target,
  write: keyof typeof WRITES,
  fault: keyof typeof FAULTS,
  send: () => Promise<Outcome>,
): Promise<Outcome> {
  if (fault !== 'a timeout') return send();
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
  const outcome = send();
  // Settled on the spot, so a rejection before the clock moves is not reported as unhandled.
  outcome.catch(() => undefined);
  await until(() => WRITES[write].done(armed));
  vi.advanceTimersByTime(ATTEMPT_MS);
  // Real timers again before the client reacts: a client that did retry would wait its backoff and send
  // a second request, which the test then sees, instead of hanging on a clock nobody moves.
  vi.useRealTimers();
  return outcome;
}

/** A fresh emulator through the adapter, with a config to change (for PATCH), and the fault armed once. */
async function arm(adapter: string, write: keyof typeof WRITES, fault: keyof typeof FAULTS): Promise<Target> {
  target = await ADAPTERS[adapter]!();
  if (write === 'PATCH') expect((await WRITES.POST.send(target.fetch, target.baseUrl)).status).toBe(200);
  const { thrown: _thrown, every, ...how } = { every: false, ...FAULTS[fault] };
  const count = every ? {} : { count: 1 };
  target.emulator.faults.add({ operationId: WRITES[write].operationId, after: true, ...count, ...how } as FaultRule);
  return target;
}

/** How many times the write ran (applied, whatever the client got), from the journal. */
const writesApplied = ({ emulator }: Target, write: keyof typeof WRITES) =>
  emulator.requests
    .list({ operationId: WRITES[write].operationId })
    .filter((entry) => entry.applied !== undefined || (entry.status >= 200 && entry.status < 300)).length;

const configCount = ({ emulator }: Target) => emulator.store.tables.configs.size();

describe('a write applied, then lost on the wire', () => {
  it.each(casesByForm)(
    "$adapter, $write, $fault, the $form form: this project's client sends one request, leaves one config, and throws",
    async ({ adapter, write, fault, form }) => {
      const armed = await arm(adapter, write, fault);
      const client = createCloudClient({
        apiKey: TOKEN,
        baseUrl: armed.baseUrl,
        fetch: armed.fetch,
        maxRetries: 2,
        timeoutMs: timeoutMsUnder(fault),
        throwOnError: true,
      });
      await expect(
        sent(armed, write, fault, (): Promise<unknown> => WRITES[write][form](client)),
      ).rejects.toBeInstanceOf(FAULTS[fault].thrown);
      // A request held by a timeout is journalled when the server sees the client go, a moment after it went.
      const requests = await vi.waitFor(() => {
        const listed = armed.emulator.requests.list({ operationId: WRITES[write].operationId });
        expect(listed).toHaveLength(1);
        return listed;
      });
      expect(requests[0]).toMatchObject({ applied: 200, fault: journalled(fault) });
      expect(writesApplied(armed, write)).toBe(1);
      expect(configCount(armed)).toBe(1);
    },
  );

  it.each(cases)(
    '$adapter, $write, $fault: a client that retries every method writes twice (three times under a fault on every call)',
    async ({ adapter, write, fault }) => {
      const armed = await arm(adapter, write, fault);
      const answer = await sent(armed, write, fault, () =>
        WRITES[write].send(retryEverything(armed.fetch, timeoutMsUnder(fault)), armed.baseUrl),
      );
      const times = 'every' in FAULTS[fault] ? 3 : 2;
      expect(answer.status).toBe(times === 3 ? 500 : 200);
      await vi.waitFor(() => expect(writesApplied(armed, write)).toBe(times));
      expect(configCount(armed)).toBe(write === 'POST' ? times : 1);
    },
  );
});
