// A test of a pretend app asserts on what the app sent, through the emulator's journal: in process
// (emulator.requests), over HTTP (GET /__emulator/requests) and through MSW. The journal keeps the
// body as parsed, never the key, names no operation for a path that has none, marks injected faults,
// says why a 400 was refused, keeps the newest requests only, and is cleared by reset.
import { createCloudClient, type CloudClient } from 'cloud-platform-api';
import { setupServer } from 'msw/node';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMswHandlers } from '../../src/adapters/msw.js';
import {
  createEmulator,
  JOURNAL_BODY_BUDGET_BYTES,
  JOURNAL_BODY_LIMIT_BYTES,
  JournalFilterError,
  type Emulator,
  type JournalEntry,
  type JournalFilter,
} from '../../src/index.js';
import { createServerEmulator, startEmulatorServer } from '../../src/server.js';
import { keyEchoes, keyFormIn } from '../../../test-kit/key-forms.js';

/** A JSON array `depth` arrays deep: JSON.stringify overflows the stack on it. */
const deepArray = (depth: number): unknown => JSON.parse(`${'['.repeat(depth)}${']'.repeat(depth)}`);

const KEY = 'journal-key-1234567890';

/** The pretend app: it turns uploading off for new configs. */
async function createQuietConfig(client: CloudClient) {
  await client.POST('/cdn/logs_uploader/configs', { body: { name: 'quiet', policy: 1, target: 2, enabled: false } });
}

type Setup = (
  emulator: Emulator,
) => Promise<{ client: CloudClient; journal: (query: string) => Promise<JournalEntry[]>; stop: () => Promise<void> }>;

const setups: [string, Setup][] = [
  [
    'in process',
    async (emulator) => ({
      client: createCloudClient({ apiKey: KEY, baseUrl: 'http://emulator.local', fetch: emulator.fetch }),
      journal: async (query) => emulator.requests.list(Object.fromEntries(new URLSearchParams(query))),
      stop: async () => undefined,
    }),
  ],
  [
    'over HTTP',
    async (emulator) => {
      const server = await startEmulatorServer(emulator, { port: 0 });
      return {
        client: createCloudClient({ apiKey: KEY, baseUrl: server.url }),
        journal: async (query) =>
          ((await (await fetch(`${server.url}/__emulator/requests?${query}`)).json()) as { requests: JournalEntry[] })
            .requests,
        stop: server.close,
      };
    },
  ],
  [
    'through MSW',
    async (emulator) => {
      const msw = setupServer(...createMswHandlers(emulator, { baseUrl: 'https://journal.example.test' }));
      msw.listen({ onUnhandledRequest: 'error' });
      return {
        client: createCloudClient({ apiKey: KEY, baseUrl: 'https://journal.example.test' }),
        journal: async (query) => emulator.requests.list(Object.fromEntries(new URLSearchParams(query))),
        stop: async () => msw.close(),
      };
    },
  ],
];

describe.each(setups)('the journal, %s', (_, setup) => {
  it('tells the test its app called createLogsUploaderConfig once, with enabled: false', async () => {
    const emulator = await createEmulator();
    const { client, journal, stop } = await setup(emulator);
    try {
      await createQuietConfig(client);
      await client.GET('/streaming/videos/{video_id}', { params: { path: { video_id: 1444 } } });
      const creates = await journal('operationId=createLogsUploaderConfig');
      expect(creates).toHaveLength(1);
      expect(creates[0]).toMatchObject({
        method: 'POST',
        path: '/cdn/logs_uploader/configs',
        operationId: 'createLogsUploaderConfig',
        status: 200,
        body: { name: 'quiet', enabled: false },
      });
      expect(await journal('method=GET')).toHaveLength(1);
      expect(JSON.stringify(await journal(''))).not.toContain(KEY);
    } finally {
      await stop();
    }
  });
});

describe('what the journal keeps', () => {
  const send = (emulator: Emulator, path: string, init: RequestInit = {}) =>
    emulator.fetch(`http://emulator.local${path}`, {
      ...init,
      headers: { authorization: `apikey ${KEY}`, 'content-type': 'application/json', ...init.headers },
    });

  it('names no operation for a path or method no operation has, marks an injected status, says why a 400 was refused', async () => {
    const emulator = await createEmulator();
    await send(emulator, '/streaming/video/1');
    await send(emulator, '/streaming/videos/1444', { method: 'PUT' });
    await send(emulator, '/streaming/videos/1444', { headers: { prefer: 'code=503' } });
    await send(emulator, '/cdn/logs_uploader/configs', { method: 'POST', body: '{"name":"n"}' });
    const [unknown, wrongMethod, injected, refused] = emulator.requests.list();
    expect(unknown).toMatchObject({ path: '/streaming/video/1', status: 404 });
    expect(unknown).not.toHaveProperty('operationId');
    expect(wrongMethod).toMatchObject({ method: 'PUT', status: 405 });
    expect(wrongMethod).not.toHaveProperty('operationId');
    expect(injected).toMatchObject({ operationId: 'getVideo', status: 503, fault: 503 });
    expect(refused!.issues?.map((i) => `${i.path} ${i.rule}`)).toEqual([
      'body.policy required',
      'body.target required',
    ]);
  });

  const sizesAndCounts = [1, 2, 3, 4].flatMap((size) =>
    Array.from({ length: 10 }, (_, count) => [size, count] as const),
  );
  it.each(sizesAndCounts)(
    'with journalSize %i, after %i requests, lists the newest, oldest first',
    async (size, count) => {
      const emulator = await createEmulator({ journalSize: size });
      for (let i = 0; i < count; i++) await send(emulator, `/streaming/videos/${1440 + i}`);
      const newest = Array.from({ length: count }, (_, i) => `/streaming/videos/${1440 + i}`).slice(-size);
      expect(emulator.requests.list().map((e) => e.path)).toEqual(count === 0 ? [] : newest);
    },
  );

  it('keeps the newest journalSize requests, scrubs the key from bodies, and is cleared by reset and clear()', async () => {
    const emulator = await createEmulator({ journalSize: 3 });
    for (let i = 0; i < 5; i++) await send(emulator, `/streaming/videos/${1440 + i}`);
    expect(emulator.requests.list().map((e) => e.path)).toEqual([
      '/streaming/videos/1442',
      '/streaming/videos/1443',
      '/streaming/videos/1444',
    ]);
    await send(emulator, '/cdn/logs_uploader/configs', {
      method: 'POST',
      body: JSON.stringify({ name: `echo ${KEY}`, policy: 1, target: 2 }),
    });
    expect(emulator.requests.list({ operationId: 'createLogsUploaderConfig' })[0]!.body).toMatchObject({
      name: 'echo [redacted]',
    });
    emulator.reset();
    expect(emulator.requests.list()).toEqual([]);
    await send(emulator, '/streaming/videos/1444');
    emulator.requests.clear();
    expect(emulator.requests.list()).toEqual([]);
  });
});

describe('the key in a body the journal keeps', () => {
  const key = 'sk-journal-é/"q"-4711';
  const echoed = keyEchoes(key)
    .map(({ text }) => text)
    .join(' ');
  it.each([
    ['as JSON, apikey KEY', `apikey ${key}`, JSON.stringify({ name: echoed, policy: 1, target: 2 })],
    ['as text, apikey KEY', `apikey ${key}`, `not JSON: ${echoed}`],
    ['as JSON, two spaces before the key', `apikey  ${key}`, JSON.stringify({ name: echoed, policy: 1, target: 2 })],
    ['as JSON, a tab before the key', `apikey\t${key}`, JSON.stringify({ name: echoed, policy: 1, target: 2 })],
  ])('is scrubbed in every form: %s', async (_, authorization, body) => {
    const emulator = await createEmulator();
    await emulator.fetch('http://emulator.local/cdn/logs_uploader/configs', {
      method: 'POST',
      headers: { authorization, 'content-type': 'application/json' },
      body,
    });
    const kept = JSON.stringify(emulator.requests.list());
    expect(kept).toContain('[redacted]');
    expect(keyFormIn(kept, key)).toBeUndefined();
  });
});

describe('the key in a path the journal keeps', () => {
  const key = 'sk-journal-é/"q"-4711';
  const segment = encodeURIComponent(key);
  it.each([
    ["an operation's path value", `/dns/v2/zones/${segment}`],
    ['inside a path value', `/dns/v2/zones/zone-${segment}-x`],
    ['a path value refused with a 400', `/streaming/videos/${segment}`],
    ['a path no operation has', `/no/such/${segment}/here`],
    ['the key as sent, unencoded where a path allows', `/no/such/sk-journal-4711`],
  ])('is scrubbed: %s', async (_, path) => {
    const sent = path.includes(segment) ? key : 'sk-journal-4711';
    const emulator = await createEmulator();
    await emulator.fetch(`http://emulator.local${path}`, { headers: { authorization: `apikey ${sent}` } });
    const [entry] = emulator.requests.list();
    expect(entry!.path).toContain('[redacted]');
    expect(keyFormIn(JSON.stringify(entry), sent)).toBeUndefined();
  });
});

describe('the key as a field name, in what the journal and the log say of a request', () => {
  const key = 'sk-field-4711';
  const CONFIG = { name: 'n', policy: 1, target: 2 };
  it.each<[string, string, object, boolean | undefined]>([
    ['an undeclared body field', '/cdn/logs_uploader/configs', { ...CONFIG, [key]: 1 }, undefined],
    ['an undeclared nested field', '/cdn/logs_uploader/configs', { ...CONFIG, [`x${key}`]: { [key]: 1 } }, undefined],
    ['a field refused by strict', '/cdn/logs_uploader/configs', { ...CONFIG, [key]: 1 }, true],
    ['a path the request is refused for', `/streaming/videos/${key}`, {}, undefined],
    ['a path no operation has', `/no/such/${key}`, {}, undefined],
  ])('is scrubbed: %s', async (_, path, body, strict) => {
    const lines: unknown[] = [];
    const emulator = await createEmulator({ strict, log: (entry) => lines.push(entry) });
    await emulator.fetch(`http://emulator.local${path}`, {
      method: path.startsWith('/cdn') ? 'POST' : 'GET',
      headers: { authorization: `apikey ${key}`, 'content-type': 'application/json' },
      ...(path.startsWith('/cdn') ? { body: JSON.stringify(body) } : {}),
    });
    const [entry] = emulator.requests.list();
    expect(JSON.stringify(entry)).toContain('[redacted]');
    expect(keyFormIn(JSON.stringify(entry), key)).toBeUndefined();
    expect(lines).toHaveLength(1);
    expect(JSON.stringify(lines)).toContain('[redacted]');
    expect(keyFormIn(JSON.stringify(lines), key)).toBeUndefined();
  });
});

describe('a journal of 1 MiB bodies', () => {
  const MIB = 1024 * 1024;
  /** 1 MiB a character JSON writes as six (\u0001): a journal holding 100 whole would not fit one string as JSON. */
  const huge = (n: number, size = MIB) => String.fromCharCode(1).repeat(size - 8) + String(n).padStart(8, '0');
  const post = (emulator: Emulator, n: number, size = MIB) =>
    emulator.fetch('http://emulator.local/cdn/logs_uploader/configs', {
      method: 'POST',
      headers: { authorization: `apikey ${KEY}`, 'content-type': 'application/json' },
      body: huge(n, size),
    });

  it('lists 100 of them as JSON over GET /__emulator/requests: each cut to the limit, saying how long it was', async () => {
    const emulator = await createEmulator();
    for (let n = 0; n < 100; n++) await post(emulator, n);
    const answer = await emulator.fetch('http://emulator.local/__emulator/requests');
    expect(answer.status).toBe(200);
    const { requests } = (await answer.json()) as { requests: JournalEntry[] };
    expect(requests.length).toBeGreaterThan(0);
    for (const entry of requests) {
      expect(entry.bodyTruncatedFrom).toBe(MIB);
      expect((entry.body as string).length * 2).toBe(JOURNAL_BODY_LIMIT_BYTES);
    }
  });

  it('holds no more bodies than its budget: the oldest requests leave first', async () => {
    const emulator = await createEmulator();
    // Any body over the limit is held at the limit: twice its size does for the budget (512 MiB sent took 6 s).
    const size = 2 * JOURNAL_BODY_LIMIT_BYTES;
    const sent = 2 * (JOURNAL_BODY_BUDGET_BYTES / JOURNAL_BODY_LIMIT_BYTES);
    for (let n = 0; n < sent; n++) await post(emulator, n, size);
    const kept = emulator.requests.list();
    expect(kept).toHaveLength(JOURNAL_BODY_BUDGET_BYTES / JOURNAL_BODY_LIMIT_BYTES);
    expect(kept.map((entry) => entry.bodyTruncatedFrom)).toEqual(kept.map(() => size));
    expect(kept.at(-1)!.body).toBe(huge(sent - 1, size).slice(0, JOURNAL_BODY_LIMIT_BYTES / 2));
    const small = await emulator.fetch('http://emulator.local/streaming/videos/1444', {
      headers: { authorization: `apikey ${KEY}` },
    });
    expect(small.status).toBe(200);
    expect(emulator.requests.list().at(-1)).toMatchObject({ path: '/streaming/videos/1444' });
  });
});

describe('a journal filter that names no operation of the document', () => {
  it('is an error listing the known operationIds in process, never an empty list', async () => {
    const emulator = await createEmulator();
    const misspelt = { operationId: 'getVidoe' } as unknown as JournalFilter;
    expect(() => emulator.requests.list(misspelt)).toThrow(JournalFilterError);
    expect(() => emulator.requests.list(misspelt)).toThrow(
      /operationId: must be one of .*"getVideo".*, got "getVidoe"/,
    );
  });

  it('is a 400 naming the known operationIds over HTTP', async () => {
    const server = await startEmulatorServer(await createServerEmulator(), { port: 0 });
    try {
      const answer = await fetch(`${server.url}/__emulator/requests?operationId=getVidoe`);
      expect(answer.status).toBe(400);
      expect(((await answer.json()) as { message: string }).message).toMatch(
        /must be one of .*"listStreams".*got "getVidoe"/,
      );
    } finally {
      await server.close();
    }
  });
});

describe('a journal filter that could match nothing is an error naming the field, never an empty list', () => {
  let emulator: Emulator;
  let server: Awaited<ReturnType<typeof startEmulatorServer>>;
  beforeAll(async () => {
    emulator = await createEmulator();
    server = await startEmulatorServer(emulator, { port: 0 });
  });
  afterAll(() => server.close());

  it.each([
    ['an unknown key', { pth: '/streaming/videos/1444' }, 'pth=%2Fstreaming', /filter: unknown key "pth"; the keys/],
    ['an operationId typo', { operationId: 'getVidoe' }, 'operationId=getVidoe', /operationId: must be one of/],
    ['an unknown method', { method: 'GTE' }, 'method=GTE', /method: must be one of .*"HEAD".*, got "GTE"/],
    ['a method no operation has', { method: 'PUT' }, 'method=PUT', /method: must be one of .*, got "PUT"/],
    ['a path typo', { path: '/streaming/video/1444' }, 'path=/streaming/video/1444', /path: no operation has/],
    ['a path without its slash', { path: 'streaming/videos/1' }, 'path=streaming/videos/1', /path: no operation has/],
    ['a control route', { path: '/__emulator/faults' }, 'path=/__emulator/faults', /path: no operation has/],
    ['a value given twice', { method: ['GET', 'POST'] }, 'method=GET&method=POST', /method: must be one string/],
    ['a value not a string', { method: 1 }, undefined, /method: must be one string/],
    ['a value 20,000 deep', { path: deepArray(20_000) }, undefined, /path: must be one string, got an array/],
    [
      'a path with a query',
      { path: '/streaming/videos/1444?x=1' },
      'path=%2Fstreaming%2Fvideos%2F1444%3Fx%3D1',
      /path: .* without a query or fragment/,
    ],
    [
      'a path with a fragment',
      { path: '/streaming/videos/1444#x' },
      'path=%2Fstreaming%2Fvideos%2F1444%23x',
      /path: .* without a query or fragment/,
    ],
    [
      'a template and a method none of its operations has',
      { method: 'DELETE', path: '/streaming/videos/{video_id}' },
      'method=DELETE&path=/streaming/videos/{video_id}',
      /method and path: no operation has DELETE \/streaming\/videos\/\{video_id\}; it has GET, HEAD/,
    ],
    [
      'a concrete path and a method none of its operations has',
      { method: 'post', path: '/streaming/videos/1444' },
      'method=post&path=/streaming/videos/1444',
      /method and path: no operation has POST \/streaming\/videos\/1444; it has GET, HEAD/,
    ],
  ])('%s', async (_what, filter, query, message) => {
    const asFilter = filter as unknown as JournalFilter;
    expect(() => emulator.requests.list(asFilter)).toThrow(JournalFilterError);
    expect(() => emulator.requests.list(asFilter)).toThrow(message);
    if (query === undefined) return;
    const answer = await fetch(`${server.url}/__emulator/requests?${query}`);
    expect(answer.status).toBe(400);
    expect(((await answer.json()) as { message: string }).message).toMatch(message);
  });

  it.each([
    ['a template: its operation’s requests', { path: '/streaming/videos/{video_id}' }, 2],
    ['a concrete path', { path: '/streaming/videos/1444' }, 1],
    ['a method in lower case', { method: 'get' }, 2],
    ['a template and its method', { method: 'GET', path: '/streaming/videos/{video_id}' }, 2],
    ['a template and HEAD, answered as its GET', { method: 'HEAD', path: '/streaming/videos/{video_id}' }, 0],
  ])('takes %s', async (_what, filter, count) => {
    emulator.requests.clear();
    for (const id of [1444, 7])
      await emulator.fetch(`http://emulator.local/streaming/videos/${id}`, { headers: { authorization: 'apikey k' } });
    expect(emulator.requests.list(filter)).toHaveLength(count);
    const query = new URLSearchParams(filter).toString();
    const answer = await fetch(`${server.url}/__emulator/requests?${query}`);
    expect(((await answer.json()) as { requests: unknown[] }).requests).toHaveLength(count);
  });
});
