// Injected faults: Prism's Prefer header per request, and scripted rules over HTTP and in process,
// through each adapter; an injected answer changes nothing.
import { ApiConnectionError, ApiTimeoutError, createCloudClient, operationIndex, unwrap } from 'cloud-platform-api';
import { setupServer } from 'msw/node';
import { describe, expect, it, onTestFinished, vi } from 'vitest';
import { createMswHandlers } from '../../src/adapters/msw.js';
import { createEmulator, MAX_FAULT_RULES } from '../../src/index.js';
import { checkResponse, inject, serveEmulator, startEmulator, useInProcess } from '../helpers/emulator.js';

const AUTH = { authorization: 'apikey faulty' };
const JSON_AUTH = { ...AUTH, 'content-type': 'application/json' };
const CONFIG = JSON.stringify({ name: 'n', policy: 1, target: 2 });

describe('Prefer: code=NNN and delay=MS, per request', () => {
  const running = useInProcess();
  it.each([
    [
      'a declared error of a cloud operation',
      '/cloud/v2/client_quotas/3/notification_threshold',
      'code=429',
      429,
      'getQuotaNotificationThreshold',
    ],
    ['a declared 404 of a video', '/streaming/videos/1444', 'code=404', 404, 'getVideo'],
    [
      'a 5xx a cloud operation declares',
      '/cloud/v2/client_quotas/3/notification_threshold',
      'code=500',
      500,
      'getQuotaNotificationThreshold',
    ],
    ['the success status, which changes nothing', '/streaming/videos/1444', 'code=200', 200, 'getVideo'],
    [
      'a quoted value, with another preference beside it',
      '/streaming/videos/1444',
      'return=minimal, code="404"',
      404,
      'getVideo',
    ],
  ])('%s: %s with %s answers %i as the document declares', async (_what, url, prefer, status, operationId) => {
    const answer = await inject(running.emulator, { url, headers: { ...AUTH, prefer } });
    expect(answer.statusCode).toBe(status);
    expect(checkResponse(operationId, status, JSON.parse(answer.body))).toEqual([]);
  });

  it("answers an undeclared 5xx in the area's error shape", async () => {
    const answer = await inject(running.emulator, {
      url: '/streaming/videos/1444',
      headers: { ...AUTH, prefer: 'code=503' },
    });
    expect([answer.statusCode, JSON.parse(answer.body)]).toEqual([503, { error: 'Injected fault: 503', status: 503 }]);
  });

  it.each([
    ['code=abc', 'code must be an error status from 400 to 599, or a success status getVideo declares (200)'],
    ['code=302', 'code must be an error status from 400 to 599, or a success status getVideo declares (200)'],
    ['code=600', 'code must be an error status from 400 to 599, or a success status getVideo declares (200)'],
    ['delay=-1', 'delay must be a whole number of milliseconds from 0 to 60000'],
    ['delay=60001', 'delay must be a whole number of milliseconds from 0 to 60000'],
  ])('refuses Prefer: %s with a 400 naming the header and the rule', async (prefer, message) => {
    const answer = await inject(running.emulator, { url: '/streaming/videos/1444', headers: { ...AUTH, prefer } });
    expect(answer.statusCode).toBe(400);
    expect(JSON.parse(answer.body).error).toContain(`header.prefer: ${message}`);
  });

  it('waits for delay=MS, then answers as usual', async () => {
    const started = performance.now();
    const answer = await inject(running.emulator, {
      url: '/streaming/videos/1444',
      headers: { ...AUTH, prefer: 'delay=150' },
    });
    expect(answer.statusCode).toBe(200);
    expect(performance.now() - started).toBeGreaterThanOrEqual(145);
  });

  it('changes nothing when it answers an error instead of a create', async () => {
    expect(
      (
        await inject(running.emulator, {
          method: 'POST',
          url: '/cdn/logs_uploader/configs',
          headers: { ...JSON_AUTH, prefer: 'code=500' },
          payload: CONFIG,
        })
      ).statusCode,
    ).toBe(500);
    expect(running.emulator.store.tables.configs.size()).toBe(0);
  });
});

describe('scripted faults over HTTP: POST, GET and DELETE /__emulator/faults', () => {
  it('fails `count` matching calls with the status and Retry-After, lists the rule while it lasts, and clears', async () => {
    const server = await startEmulator();
    try {
      const faults = `${server.url}/__emulator/faults`;
      const added = await fetch(faults, {
        method: 'POST',
        headers: JSON_AUTH,
        body: JSON.stringify({ operationId: 'getVideo', status: 503, retry_after: '0', count: 2 }),
      });
      expect(added.status).toBe(201);
      expect(await added.json()).toEqual({
        id: 1,
        operationId: 'getVideo',
        status: 503,
        retry_after: '0',
        count: 2,
        remaining: 2,
      });
      const statuses: [number, string | null][] = [];
      for (let i = 0; i < 3; i++) {
        const response = await fetch(`${server.url}/streaming/videos/1444`, { headers: AUTH });
        statuses.push([response.status, response.headers.get('retry-after')]);
      }
      expect(statuses).toEqual([
        [503, '0'],
        [503, '0'],
        [200, null],
      ]);
      expect(await (await fetch(faults, { headers: AUTH })).json()).toEqual({ faults: [] });
      await fetch(faults, {
        method: 'POST',
        headers: JSON_AUTH,
        body: JSON.stringify({ method: 'GET', path: '/streaming/videos/{video_id}', status: 500 }),
      });
      expect((await fetch(`${server.url}/streaming/videos/7`, { headers: AUTH })).status).toBe(500);
      expect((await fetch(faults, { method: 'DELETE', headers: AUTH })).status).toBe(204);
      expect((await fetch(`${server.url}/streaming/videos/1444`, { headers: AUTH })).status).toBe(200);
    } finally {
      await server.close();
    }
  });

  it.each([
    ['{}', 'give either operationId, or method and path'],
    ['{"operationId":"getVideo"}', 'give what happens: status, delay_ms, reset or timeout'],
    // An enum failure names the values it allows: here every operationId of the document.
    [
      '{"operationId":"nope","status":500}',
      `operationId: must be one of ${operationIndex.map((op) => JSON.stringify(op.operationId)).join(', ')} (enum)`,
    ],
    ['{"operationId":"getVideo","status":200}', 'status: must be >= 400 (minimum)'],
    ['{"operationId":"getVideo","status":500,"reset":true}', 'status, reset and timeout exclude each other'],
    ['{"operationId":"getVideo","status":500,"count":1,"probability":0.5}', 'count and probability exclude each other'],
    ['{"operationId":"getVideo","delay_ms":10,"retry_after":"1"}', 'retry_after goes with status'],
    ['{"operationId":"getVideo","after":true,"delay_ms":10}', 'after goes with status, reset or timeout'],
    ['{"operationId":"getVideo","after":true,"status":429}', 'after: status must be one of 500, 502, 503, 504'],
    ['{"operationId":"getVideo","after":false,"status":500}', 'after: must be equal to constant (const)'],
    ['{"operationId":"getVideo","status":500,"extra":1}', 'must NOT have additional properties (additionalProperties)'],
    ['{"method":"GET","status":500}', 'method and path go together'],
    ['{"operationId":"getVideo","status":500', 'The fault rule must be JSON'],
  ])('refuses the rule %s with a 400 that says why', async (rule, message) => {
    const emulator = await createEmulator();
    const answer = await inject(emulator, {
      method: 'POST',
      url: '/__emulator/faults',
      headers: JSON_AUTH,
      payload: rule,
    });
    expect(answer.statusCode).toBe(400);
    expect(JSON.parse(answer.body).message).toContain(message);
  });

  it('takes an accepted key when --api-key is set, like reset', async () => {
    const emulator = await createEmulator({ apiKeys: ['admin'] });
    const rule = JSON.stringify({ operationId: 'getVideo', status: 500 });
    expect(
      (
        await inject(emulator, {
          method: 'POST',
          url: '/__emulator/faults',
          headers: { 'content-type': 'application/json' },
          payload: rule,
        })
      ).statusCode,
    ).toBe(401);
    expect(
      (await inject(emulator, { url: '/__emulator/faults', headers: { authorization: 'apikey other' } })).statusCode,
    ).toBe(401);
    expect(
      (
        await inject(emulator, {
          method: 'POST',
          url: '/__emulator/faults',
          headers: { 'content-type': 'application/json', authorization: 'apikey admin' },
          payload: rule,
        })
      ).statusCode,
    ).toBe(201);
  });

  it('fails about `probability` of the matching calls', async () => {
    const emulator = await createEmulator();
    emulator.faults.add({ operationId: 'getVideo', status: 500, probability: 0.5 });
    let failed = 0;
    for (let i = 0; i < 400; i++)
      if ((await inject(emulator, { url: '/streaming/videos/1444', headers: AUTH })).statusCode === 500) failed++;
    // Binomial(400, 0.5): 200 expected, standard deviation 10.
    expect(failed).toBeGreaterThan(140);
    expect(failed).toBeLessThan(260);
  });
});

describe("the client's retry table against injected faults (the README recipe)", () => {
  it('retries a GET through two 503s with Retry-After: 0, then succeeds', async () => {
    const emulator = await createEmulator();
    emulator.faults.add({ operationId: 'getVideo', status: 503, retry_after: '0', count: 2 });
    const client = createCloudClient({ apiKey: 'recipe', baseUrl: 'http://emulator.local', fetch: emulator.fetch });
    const video = await unwrap(client.GET('/streaming/videos/{video_id}', { params: { path: { video_id: 1444 } } }));
    expect(video.id).toBe(1444);
    expect(emulator.faults.list()).toEqual([]);
  });

  it.each([
    [
      'in process',
      async () => {
        const emulator = await createEmulator();
        return { send: emulator.fetch, close: emulator.close };
      },
    ],
    [
      'over HTTP',
      async () => {
        const server = await startEmulator();
        const send = (input: Request, init: RequestInit) =>
          fetch(new Request(input.url.replace('http://emulator.local', server.url), input), init);
        return { send, close: server.close };
      },
    ],
  ])('never retries a POST after an injected reset (%s): one attempt, nothing created', async (_how, adapter) => {
    const { send, close } = await adapter();
    onTestFinished(close);
    const add = (rule: object) =>
      send(
        new Request('http://emulator.local/__emulator/faults', {
          method: 'POST',
          headers: JSON_AUTH,
          body: JSON.stringify(rule),
        }),
        {},
      );
    expect((await add({ operationId: 'createLogsUploaderConfig', reset: true, count: 2 })).status).toBe(201);
    const client = createCloudClient({
      apiKey: 'recipe',
      baseUrl: 'http://emulator.local',
      fetch: send as never,
      maxRetries: 2,
    });
    const error = await client
      .POST('/cdn/logs_uploader/configs', { body: { name: 'n', policy: 1, target: 2 } })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiConnectionError);
    // One of the rule's two failures is left: the client sent the POST once.
    const rules = (await (
      await send(new Request('http://emulator.local/__emulator/faults', { headers: AUTH }), {})
    ).json()) as { faults: { remaining: number }[] };
    expect(rules.faults.map((f) => f.remaining)).toEqual([1]);
  });

  it('honours Retry-After on a 429', async () => {
    const emulator = await createEmulator();
    emulator.faults.add({ operationId: 'getVideo', status: 429, retry_after: '1', count: 1 });
    const client = createCloudClient({ apiKey: 'recipe', baseUrl: 'http://emulator.local', fetch: emulator.fetch });
    const started = performance.now();
    await unwrap(client.GET('/streaming/videos/{video_id}', { params: { path: { video_id: 1444 } } }));
    expect(performance.now() - started).toBeGreaterThanOrEqual(990);
  });

  it("gives up on a held request after the client's timeout (timeout fault, over HTTP)", async () => {
    const server = await startEmulator();
    try {
      server.emulator.faults.add({ operationId: 'getVideo', timeout: true });
      const client = createCloudClient({ apiKey: 'recipe', baseUrl: server.url, timeoutMs: 300, maxRetries: 0 });
      const started = performance.now();
      const error = await client
        .GET('/streaming/videos/{video_id}', { params: { path: { video_id: 1444 } } })
        .catch((e: unknown) => e);
      expect(error).toBeInstanceOf(ApiTimeoutError);
      expect(performance.now() - started).toBeLessThan(3000);
    } finally {
      await server.close();
    }
  });

  it('drops the connection through the MSW adapter too', async () => {
    const emulator = await createEmulator();
    emulator.faults.add({ operationId: 'getVideo', reset: true });
    const server = setupServer(...createMswHandlers(emulator));
    server.listen({ onUnhandledRequest: 'error' });
    try {
      const client = createCloudClient({ apiKey: 'recipe', maxRetries: 0 });
      await expect(
        client.GET('/streaming/videos/{video_id}', { params: { path: { video_id: 1444 } } }),
      ).rejects.toBeInstanceOf(ApiConnectionError);
    } finally {
      server.close();
    }
  });
});

describe('fault rules that can never fire are refused', () => {
  it.each([
    [
      { method: 'HEAD', path: '/streaming/videos/{video_id}', status: 503 },
      /method: must be one of "(GET|POST|PATCH|DELETE)"(, "(GET|POST|PATCH|DELETE)")* \(enum\)/,
    ],
    [
      { method: 'POST', path: '/__emulator/reset', status: 503 },
      /path: no operation answers POST \/__emulator\/reset, so the rule would never fire; POST paths: /,
    ],
    [{ method: 'GET', path: '/streaming/nothing', status: 503 }, /path: no operation answers GET \/streaming\/nothing/],
    [
      { method: 'DELETE', path: '/streaming/videos/1444', status: 503 },
      /path: no operation answers DELETE \/streaming\/videos\/1444/,
    ],
  ])('%j, with a 400 naming the field, over HTTP and in process', async (rule, message) => {
    const emulator = await createEmulator();
    expect(() => emulator.faults.add(rule)).toThrow(message);
    const server = await serveEmulator(emulator);
    try {
      const answer = await fetch(`${server.url}/__emulator/faults`, {
        method: 'POST',
        headers: JSON_AUTH,
        body: JSON.stringify(rule),
      });
      expect(answer.status).toBe(400);
      expect((await answer.json()).message).toMatch(message);
    } finally {
      await server.close();
    }
  });

  it('takes a concrete path of an operation, and a template', async () => {
    const emulator = await createEmulator();
    expect(emulator.faults.add({ method: 'GET', path: '/streaming/videos/1444', status: 503 }).id).toBe(1);
    expect(emulator.faults.add({ method: 'GET', path: '/streaming/videos/{video_id}', status: 503 }).id).toBe(2);
  });
});

describe('every matching rule is consulted in order, each with its own chance', () => {
  it('a rare rule ahead of an always-429 rule leaves the 429 to answer when it does not fire', async () => {
    const emulator = await createEmulator();
    emulator.faults.add({ operationId: 'getVideo', status: 503, probability: 0.01 });
    emulator.faults.add({ operationId: 'getVideo', status: 429 });
    const statuses = new Map<number, number>();
    for (let i = 0; i < 200; i++) {
      const { statusCode } = await inject(emulator, { url: '/streaming/videos/1444', headers: AUTH });
      statuses.set(statusCode, (statuses.get(statusCode) ?? 0) + 1);
    }
    expect(statuses.get(200)).toBeUndefined();
    expect((statuses.get(429) ?? 0) + (statuses.get(503) ?? 0)).toBe(200);
    expect(statuses.get(429)).toBeGreaterThan(180);
  });

  it('a rule whose count is spent leaves the next to answer', async () => {
    const emulator = await createEmulator();
    emulator.faults.add({ operationId: 'getVideo', status: 503, count: 1 });
    emulator.faults.add({ operationId: 'getVideo', status: 429, count: 1 });
    const statuses = [];
    for (let i = 0; i < 3; i++)
      statuses.push((await inject(emulator, { url: '/streaming/videos/1444', headers: AUTH })).statusCode);
    expect(statuses).toEqual([503, 429, 200]);
  });
});

describe('a delay happens before the operation runs', () => {
  const createConfig = { method: 'POST', headers: JSON_AUTH, body: CONFIG };
  const configs = (emulator: { store: { tables: { configs: { size(): number } } } }) =>
    emulator.store.tables.configs.size();
  // The emulator's delays run on setTimeout, faked here: a test runs a delay out at once instead of waiting
  // it out, and sees what the emulator does when it ends. The client's own timeout (AbortSignal.timeout) stays real.
  const fakeDelays = () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    onTestFinished(() => void vi.useRealTimers());
  };
  /** Once the emulator has seen the caller leave (it records the request then), runs out every delay. */
  const afterTheDelays = async (emulator: { requests: { list(): unknown[] } }) => {
    await vi.waitFor(() => expect(emulator.requests.list()).toHaveLength(1));
    await vi.runAllTimersAsync();
  };

  it('in process: a caller that gives up during the delay created nothing; one that waits did', async () => {
    const emulator = await createEmulator();
    emulator.faults.add({ operationId: 'createLogsUploaderConfig', delay_ms: 300, count: 1 });
    fakeDelays();
    await expect(
      emulator.fetch('http://emulator.local/cdn/logs_uploader/configs', {
        ...createConfig,
        signal: AbortSignal.timeout(50),
      }),
    ).rejects.toMatchObject({ name: 'TimeoutError' });
    await afterTheDelays(emulator);
    expect(configs(emulator)).toBe(0);
    emulator.faults.add({ operationId: 'createLogsUploaderConfig', delay_ms: 100, count: 1 });
    const waited = emulator.fetch('http://emulator.local/cdn/logs_uploader/configs', createConfig);
    await vi.advanceTimersByTimeAsync(100);
    expect((await waited).status).toBe(200);
    expect(configs(emulator)).toBe(1);
  });

  it('over HTTP: a client that times out during the delay created nothing', async () => {
    const emulator = await createEmulator();
    const server = await serveEmulator(emulator);
    try {
      emulator.faults.add({ operationId: 'createLogsUploaderConfig', delay_ms: 400, count: 1 });
      fakeDelays();
      await expect(
        fetch(`${server.url}/cdn/logs_uploader/configs`, { ...createConfig, signal: AbortSignal.timeout(50) }),
      ).rejects.toMatchObject({ name: 'TimeoutError' });
      await afterTheDelays(emulator);
      expect(configs(emulator)).toBe(0);
    } finally {
      vi.useRealTimers();
      await server.close();
    }
  });

  it('through MSW: the operation runs after the wait, not before', async () => {
    const emulator = await createEmulator();
    emulator.faults.add({ operationId: 'createLogsUploaderConfig', delay_ms: 300, count: 1 });
    const server = setupServer(...createMswHandlers(emulator));
    server.listen({ onUnhandledRequest: 'error' });
    fakeDelays();
    try {
      const pending = fetch('https://api.gcore.com/cdn/logs_uploader/configs', createConfig);
      await vi.advanceTimersByTimeAsync(299);
      expect(configs(emulator)).toBe(0);
      await vi.advanceTimersByTimeAsync(1);
      expect((await pending).status).toBe(200);
      expect(configs(emulator)).toBe(1);
    } finally {
      server.close();
    }
  });
});

describe('a fault after the operation: the change is kept, the answer is lost', () => {
  const createConfig = { method: 'POST', headers: JSON_AUTH, body: CONFIG };

  it.each([
    ['status: 503', { status: 503 }, 503, 503],
    ['reset', { reset: true }, 'reset', undefined],
  ] as const)(
    '%s: the config is created, the client gets the fault, the journal says both',
    async (_what, how, fault, status) => {
      const emulator = await createEmulator();
      emulator.faults.add({ operationId: 'createLogsUploaderConfig', after: true, count: 1, ...how });
      const answer = await emulator
        .fetch('http://emulator.local/cdn/logs_uploader/configs', createConfig)
        .catch((error: unknown) => error);
      if (status) expect((answer as Response).status).toBe(status);
      else expect(answer).toBeInstanceOf(TypeError);
      expect(emulator.store.tables.configs.size()).toBe(1);
      expect(emulator.requests.list({ operationId: 'createLogsUploaderConfig' })).toEqual([
        expect.objectContaining({ fault, applied: 200 }),
      ]);
    },
  );

  it('timeout: the config is created, and the client waits until it gives up', async () => {
    const emulator = await createEmulator();
    emulator.faults.add({ operationId: 'createLogsUploaderConfig', after: true, timeout: true, count: 1 });
    await expect(
      emulator.fetch('http://emulator.local/cdn/logs_uploader/configs', {
        ...createConfig,
        signal: AbortSignal.timeout(100),
      }),
    ).rejects.toMatchObject({ name: 'TimeoutError' });
    expect(emulator.store.tables.configs.size()).toBe(1);
    expect(emulator.requests.list({ operationId: 'createLogsUploaderConfig' })).toEqual([
      expect.objectContaining({ fault: 'timeout', applied: 200 }),
    ]);
  });

  it('a request the operation refuses is refused first, and then failed: nothing is kept', async () => {
    const emulator = await createEmulator();
    emulator.faults.add({ operationId: 'createLogsUploaderConfig', after: true, status: 502, count: 1 });
    const answer = await emulator.fetch('http://emulator.local/cdn/logs_uploader/configs', {
      ...createConfig,
      body: '{"name":"no policy"}',
    });
    expect(answer.status).toBe(502);
    expect(emulator.store.tables.configs.size()).toBe(0);
    expect(emulator.requests.list()).toEqual([expect.objectContaining({ fault: 502, applied: 400 })]);
  });
});

describe('Retry-After on a fault after the operation', () => {
  it.each([503, 500])(
    'status %i with retry_after: the change is kept, the answer carries Retry-After',
    async (status) => {
      const emulator = await createEmulator();
      emulator.faults.add({ operationId: 'createLogsUploaderConfig', after: true, status, retry_after: '7', count: 1 });
      const answer = await emulator.fetch('http://emulator.local/cdn/logs_uploader/configs', {
        method: 'POST',
        headers: JSON_AUTH,
        body: CONFIG,
      });
      expect([answer.status, answer.headers.get('retry-after')]).toEqual([status, '7']);
      expect(emulator.store.tables.configs.size()).toBe(1);
    },
  );
});

describe(`at most MAX_FAULT_RULES (${MAX_FAULT_RULES}) rules at once`, () => {
  const rule = { operationId: 'getVideo', status: 503 } as const;
  const fill = (emulator: Awaited<ReturnType<typeof createEmulator>>) => {
    for (let i = 0; i < MAX_FAULT_RULES; i++) emulator.faults.add(rule);
  };
  const limit = 'Invalid fault rule: at most 100 rules at once (MAX_FAULT_RULES); clear them first';

  it.each([
    ['in process', limit, async (emulator: Awaited<ReturnType<typeof createEmulator>>) => emulator.faults.add(rule)],
    [
      'over HTTP',
      `400: ${limit}`,
      async (emulator: Awaited<ReturnType<typeof createEmulator>>) => {
        const answer = await inject(emulator, {
          method: 'POST',
          url: '/__emulator/faults',
          headers: JSON_AUTH,
          payload: JSON.stringify(rule),
        });
        if (answer.statusCode !== 201) throw new Error(`${answer.statusCode}: ${JSON.parse(answer.body).message}`);
      },
    ],
  ])('%s: one more is refused, naming the limit', async (_how, refusal, add) => {
    const emulator = await createEmulator();
    fill(emulator);
    await expect(add(emulator)).rejects.toThrow(refusal);
    emulator.faults.clear();
    await add(emulator);
    expect(emulator.faults.list()).toHaveLength(1);
  });
});
