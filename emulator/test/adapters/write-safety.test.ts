// The proof that this project's client never writes twice: a create or a change that the emulator applies
// and keeps, and whose answer is then lost on the wire (an after-operation fault: a reset connection, a
// 504 or a 503), through each adapter. Our client makes one attempt and throws; a client that retries every method on
// a network error or a 5xx, as the official SDKs do, makes two, and the journal and the state show both.
import { afterEach, describe, expect, it } from 'vitest';
import {
  ApiConnectionError,
  createCloudClient,
  InternalServerError,
  type ThrowingCloudClient,
} from 'cloud-platform-api';
import type { FaultRule } from '../../src/index.js';
import { ADAPTER_NAMES, ADAPTERS, type Fetch, type Target } from '../helpers/adapters.js';

/** A client that retries every method on a network error or a 5xx, up to two times more, with no idempotency key. */
function retryEverything(fetch: Fetch): Fetch {
  return async (input, init) => {
    for (let attempt = 0; ; attempt++) {
      const last = attempt === 2;
      try {
        const answer = await fetch(input, init);
        if (answer.status < 500 || last) return answer;
      } catch (error) {
        if (last) throw error;
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
    ours: (client: ThrowingCloudClient) => client.POST('/cdn/logs_uploader/configs', { body: configBody }),
  },
  PATCH: {
    operationId: 'updateLogsUploaderConfig',
    send: (fetch: Fetch, baseUrl: string) =>
      fetch(`${baseUrl}/cdn/logs_uploader/configs/1`, {
        method: 'PATCH',
        headers: { authorization: `apikey ${TOKEN}`, 'content-type': 'application/json' },
        body: '{"enabled":false}',
      }),
    ours: (client: ThrowingCloudClient) =>
      client.PATCH('/cdn/logs_uploader/configs/{config_id}', {
        params: { path: { config_id: 1 } },
        body: { enabled: false },
      }),
  },
} as const;

const FAULTS = {
  'a reset connection': { reset: true, thrown: ApiConnectionError },
  'a 504': { status: 504, thrown: InternalServerError },
  'a 503': { status: 503, thrown: InternalServerError },
} as const;

const cases = ADAPTER_NAMES.flatMap((adapter) =>
  (Object.keys(WRITES) as (keyof typeof WRITES)[]).flatMap((write) =>
    (Object.keys(FAULTS) as (keyof typeof FAULTS)[]).map((fault) => ({ adapter, write, fault })),
  ),
);

let target: Target | undefined;
afterEach(async () => {
  await target?.close();
  target = undefined;
});

/** A fresh emulator through the adapter, with a config to change (for PATCH), and the fault armed once. */
async function arm(adapter: string, write: keyof typeof WRITES, fault: keyof typeof FAULTS): Promise<Target> {
  target = await ADAPTERS[adapter]!();
  if (write === 'PATCH') expect((await WRITES.POST.send(target.fetch, target.baseUrl)).status).toBe(200);
  const { thrown: _thrown, ...how } = FAULTS[fault];
  target.emulator.faults.add({ operationId: WRITES[write].operationId, after: true, count: 1, ...how } as FaultRule);
  return target;
}

/** How many times the write ran (applied, whatever the client got), from the journal. */
const writesApplied = ({ emulator }: Target, write: keyof typeof WRITES) =>
  emulator.requests
    .list({ operationId: WRITES[write].operationId })
    .filter((entry) => entry.applied !== undefined || (entry.status >= 200 && entry.status < 300)).length;

const configCount = ({ emulator }: Target) => emulator.store.tables.configs.size();

describe('a write applied, then lost on the wire', () => {
  it.each(cases)(
    "$adapter, $write, $fault: this project's client writes once and throws",
    async ({ adapter, write, fault }) => {
      const armed = await arm(adapter, write, fault);
      const client = createCloudClient({
        apiKey: TOKEN,
        baseUrl: armed.baseUrl,
        fetch: armed.fetch,
        maxRetries: 2,
        throwOnError: true,
      });
      await expect(WRITES[write].ours(client)).rejects.toBeInstanceOf(FAULTS[fault].thrown);
      expect(writesApplied(armed, write)).toBe(1);
      expect(armed.emulator.requests.list({ operationId: WRITES[write].operationId })[0]).toMatchObject({
        applied: 200,
        fault: 'reset' in FAULTS[fault] ? 'reset' : FAULTS[fault].status,
      });
      expect(configCount(armed)).toBe(1);
    },
  );

  it.each(cases)(
    '$adapter, $write, $fault: a client that retries every method writes twice',
    async ({ adapter, write, fault }) => {
      const armed = await arm(adapter, write, fault);
      const answer = await WRITES[write].send(retryEverything(armed.fetch), armed.baseUrl);
      expect(answer.status).toBe(200);
      expect(writesApplied(armed, write)).toBe(2);
      expect(configCount(armed)).toBe(write === 'POST' ? 2 : 1);
    },
  );
});
