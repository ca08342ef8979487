// The resource layer (client.streaming.videos.get(1444)) is the path form underneath: every method, called
// with the document's examples against a fresh emulator (in process), sends byte for byte the request the
// path form sends against another fresh one, and gets the same answer (the same body, or the same error).
import { createEmulator } from 'cloud-platform-emulator';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { type CloudClient, CloudClientOptionError, createCloudClient, unwrap } from '../../src/index.js';
import { bundled } from '../../test-kit/document.js';
import { type OperationRow, operationRows } from '../../test-kit/operation-table.js';

const API_KEY = 'resource-methods-key';
const BASE_URL = 'http://emulator.local';

/** The document's name for each operation's method: `streaming.videos.get`. */
const sdkNames = new Map(
  Object.values(bundled.paths).flatMap((item) =>
    Object.values(item)
      .filter((op) => typeof op?.operationId === 'string')
      .map((op) => [op.operationId as string, op['x-sdk-method'] as string]),
  ),
);

interface Sent {
  method: string;
  url: string;
  headers: [string, string][];
  body: string;
}
interface Answered {
  status: number;
  headers: [string, string][];
  body: string;
}

async function sentOf(request: Request): Promise<Sent> {
  const copy = request.clone();
  const headers = [...copy.headers].sort(([a], [b]) => a.localeCompare(b));
  return { method: copy.method, url: copy.url, headers, body: await copy.text() };
}

/** A client, and every request it sends as the server received it; `answer` answers them. */
function recordingClient(answer: (request: Request, init?: RequestInit) => Promise<Response>) {
  const sent: Sent[] = [];
  const answered: Answered[] = [];
  const client = createCloudClient({
    apiKey: API_KEY,
    baseUrl: BASE_URL,
    maxRetries: 0,
    fetch: async (request, init) => {
      sent.push(await sentOf(request));
      const response = await answer(request, init);
      const body = await response.clone().text();
      answered.push({ status: response.status, headers: [...response.headers], body });
      return response;
    },
  });
  return { client, sent, answered };
}

/** A client on a fresh emulator (in process). */
const onEmulator = async () => recordingClient((await createEmulator()).fetch);
/** A client answered, in order, with the answers another client got: the same answer for the same request. */
const replaying = (answers: Answered[]) =>
  recordingClient(async () => {
    const next = answers.shift()!;
    return new Response(next.body === '' ? null : next.body, { status: next.status, headers: next.headers });
  });

type Method = (...args: unknown[]) => unknown;
/** The method at `name` on the client: `client.streaming.videos.get`. */
function methodAt(client: CloudClient, name: string): Method {
  const found = name.split('.').reduce<unknown>((at, part) => (at as Record<string, unknown>)[part], client);
  expect(typeof found, name).toBe('function');
  return found as Method;
}

/** The method form's arguments for a row: its one path parameter by position, the rest in one object. */
function argumentsOf(row: OperationRow): unknown[] {
  const pathNames = Object.keys(row.params.path);
  const positional = pathNames.length === 1 ? [row.params.path[pathNames[0]!]] : [];
  const object = {
    ...(pathNames.length > 1 ? row.params.path : {}),
    ...row.params.query,
    ...(row.body as object | undefined),
  };
  return Object.keys(object).length > 0 ? [...positional, object] : positional;
}

/** How a call ended: its body, or its error's class, status and body. */
const outcome = (call: Promise<unknown>) =>
  call.then(
    (data) => ({ data }),
    (error: { name: string; status?: number; body?: unknown }) => ({
      error: { name: error.name, status: error.status, body: error.body },
    }),
  );

const pathForm = (client: CloudClient, row: OperationRow) =>
  (client as unknown as Record<string, (path: string, init: object) => Promise<never>>)[row.method]!(row.path, {
    params: row.params,
    ...(row.body === undefined ? {} : { body: row.body }),
  });

const rows = operationRows();

describe('each method is its operation in the path form', () => {
  it('names a method for every operation of the document', () => {
    expect(rows.map((row) => sdkNames.get(row.operationId))).not.toContain(undefined);
  });

  // The path form is sent to the emulator; the method form to a replay of the emulator's answer, so the
  // two get the same bytes back (the emulator makes a new id or secret for each create).
  const bothForms = async (row: OperationRow, form: (call: unknown) => Promise<unknown>) => {
    const viaPath = await onEmulator();
    const byPath = await outcome(unwrap(pathForm(viaPath.client, row)));
    const viaMethod = replaying([...viaPath.answered]);
    const name = sdkNames.get(row.operationId)!;
    const call = methodAt(viaMethod.client, name)(...argumentsOf(row));
    const byMethod = await outcome(
      form(name === 'streaming.streams.list' ? (call as { page(): unknown }).page() : call),
    );
    return { viaPath, byPath, viaMethod, byMethod };
  };

  it.each(rows)('$operationId: the same request, byte for byte, and the same answer', async (row) => {
    const { viaPath, byPath, viaMethod, byMethod } = await bothForms(row, (call) => call as Promise<unknown>);
    expect(viaPath.sent).toHaveLength(1);
    expect(viaMethod.sent).toEqual(viaPath.sent);
    expect(byMethod).toEqual(byPath);
  });

  it.each(rows)('$operationId: .withResponse() gives the response beside the same answer', async (row) => {
    const { viaPath, byPath, byMethod } = await bothForms(row, (call) =>
      (call as { withResponse(): Promise<{ data: unknown; response: Response }> }).withResponse(),
    );
    if ('error' in byPath) expect(byMethod).toEqual(byPath);
    else {
      const { data, response } = (byMethod as { data: { data: unknown; response: Response } }).data;
      expect(data).toEqual(byPath.data);
      expect([response.status, [...response.headers]]).toEqual([
        viaPath.answered[0]!.status,
        viaPath.answered[0]!.headers,
      ]);
    }
  });

  it('covers answers and errors both: the examples succeed where the emulator has what they name', async () => {
    const outcomes = await Promise.all(
      rows.map(async (row) =>
        'data' in (await bothForms(row, (call) => call as Promise<unknown>)).byPath ? 'data' : 'error',
      ),
    );
    expect(outcomes.filter((o) => o === 'data').length).toBeGreaterThanOrEqual(rows.length / 2);
  });
});

describe('fields are sent as given', () => {
  it('a body field named __proto__ is a field of the body, not its prototype', async () => {
    const { client, sent } = await onEmulator();
    const fields = JSON.parse('{"name":"n","policy":1,"target":2,"__proto__":{"x":1}}') as { name: string };
    // Whether the emulator takes such a field is not what is tested here: what was sent is.
    await client.cdn.logsUploader.configs.create(fields as never).catch(() => undefined);
    expect(JSON.parse(sent[0]!.body)).toEqual(fields);
    expect(sent[0]!.body).toContain('"__proto__":{"x":1}');
  });
});

describe('a call nobody awaits', () => {
  const unhandled: unknown[] = [];
  const onUnhandled = (reason: unknown) => unhandled.push(reason);
  afterEach(() => {
    process.off('unhandledRejection', onUnhandled);
    unhandled.length = 0;
  });

  // As an async function's promise: a failure nobody handles is reported, whether the request could not
  // be made, got no answer, or got an error status; none is dropped in silence.
  it.each([
    ['an error status', (c: CloudClient) => c.streaming.videos.get(99_999), 'NotFoundError'],
    ['a bad argument', (c: CloudClient) => c.streaming.videos.get('abc' as never), 'CloudClientOptionError'],
  ] as const)('failing with %s, is an unhandled rejection', async (_what, call, name) => {
    const { client } = await onEmulator();
    process.on('unhandledRejection', onUnhandled);
    void call(client);
    await vi.waitFor(() => expect(unhandled).toHaveLength(1), { timeout: 1000 });
    await new Promise((resolve) => setImmediate(resolve));
    expect(unhandled.map((reason) => (reason as Error).name)).toEqual([name]);
  });

  it('is handled once awaited, or read with .withResponse() alone', async () => {
    const { client } = await onEmulator();
    process.on('unhandledRejection', onUnhandled);
    await expect(client.streaming.videos.get(99_999)).rejects.toThrow(/99999/);
    await expect(client.streaming.videos.get(99_999).withResponse()).rejects.toThrow(/99999/);
    await new Promise((resolve) => setImmediate(resolve));
    expect(unhandled).toEqual([]);
  });
});

describe('a paged list', () => {
  it('walks every page with for await, sending what listAllStreams sends, page by page', async () => {
    const viaMethod = await onEmulator();
    const streams: unknown[] = [];
    for await (const stream of viaMethod.client.streaming.streams.list({ with_broadcasts: 1 })) streams.push(stream);
    const viaPath = await onEmulator();
    const { listAllStreams } = await import('../../src/index.js');
    const expected: unknown[] = [];
    for await (const stream of listAllStreams(viaPath.client, { with_broadcasts: 1 })) expected.push(stream);
    expect(streams.length).toBeGreaterThan(0);
    expect(streams).toEqual(expected);
    expect(viaMethod.sent).toEqual(viaPath.sent);
    expect(viaMethod.sent.map((s) => new URL(s.url).search)).toEqual(
      viaMethod.sent.map((_, i) => `?page=${i + 1}&with_broadcasts=1`),
    );
  });

  it('starts at the page given, and .page() reads that page alone', async () => {
    const { client, sent } = await onEmulator();
    const list = client.streaming.streams.list({ page: 2 });
    expect(sent).toEqual([]); // nothing is sent until it is walked or read
    await list.page();
    expect(sent.map((s) => new URL(s.url).search)).toEqual(['?page=2']);
  });
});

describe('bad arguments: the call rejects with a CloudClientOptionError naming the rule, and sends nothing', () => {
  const cases: [what: string, call: (client: CloudClient) => unknown, message: RegExp][] = [
    ['a positional value of the wrong type', (c) => c.streaming.videos.get('abc' as never), /video_id/],
    ['a missing positional value', (c) => (c.streaming.videos.get as Method)(), /video_id/],
    ['a positional value that names another path', (c) => c.dns.zones.get('..'), /name/],
    [
      'parameters that are not an object',
      (c) => (c.cdn.logsUploader.configs.create as Method)('x'),
      /must be an object/,
    ],
    ['parameters that are null', (c) => (c.cdn.logsUploader.configs.create as Method)(null), /must be an object/],
    ['parameters that are an array', (c) => (c.cdn.logsUploader.configs.create as Method)([]), /must be an object/],
    [
      'a parameter an operation without a body does not take',
      (c) => (c.streaming.streams.list as Method as (p: object) => { page(): unknown })({ pages: 2 }).page(),
      /streaming\.streams\.list takes no parameter "pages"/,
    ],
    [
      'the positional parameter in the object too',
      (c) => (c.cdn.logsUploader.configs.update as Method)(1, { config_id: 2, enabled: false }),
      /takes "config_id" first, by position/,
    ],
    [
      'options that are not an object',
      (c) => (c.streaming.videos.get as Method)(1, 'fast'),
      /options .* must be an object/,
    ],
    [
      'an option the client does not know',
      (c) => (c.streaming.videos.get as Method)(1, { retries: 1 }),
      /streaming\.videos\.get has no option "retries"/,
    ],
    ['an argument past the options', (c) => (c.streaming.videos.get as Method)(1, {}, {}), /takes at most 2 arguments/],
    [
      'an argument past the options of a method with an object',
      (c) => (c.cdn.logsUploader.configs.update as Method)(1, { enabled: false }, {}, {}),
      /cdn\.logsUploader\.configs\.update takes at most 3 arguments/,
    ],
    ['a bad option value', (c) => c.streaming.videos.get(1, { timeoutMs: -1 }), /timeoutMs of a call/],
    [
      'the key header set by a call',
      (c) => c.streaming.videos.get(1, { headers: { authorization: 'apikey other' } as never }),
      /must not set Authorization/,
    ],
  ];

  it.each<[string, unknown[], RegExp]>([
    [
      'a first page that is not a whole number',
      [{ page: '2' }],
      /first page of \/streaming\/streams must be a whole number/,
    ],
    ['a first page that is a fraction', [{ page: 1.5 }], /first page of \/streaming\/streams must be a whole number/],
    ['an argument past the options', [{}, {}, 'extra'], /streaming\.streams\.list takes at most 2 arguments, got 3/],
    ['options that are not an object', [{}, 'fast'], /options of streaming\.streams\.list must be an object/],
    ['a parameter it does not take', [{ pages: 2 }], /streaming\.streams\.list takes no parameter "pages"/],
  ])('a paged list, %s: rejects when walked', async (_what, args, message) => {
    const { client, sent } = await onEmulator();
    const walk = (client.streaming.streams.list as Method)(...args) as AsyncIterable<unknown>;
    await expect(walk[Symbol.asyncIterator]().next()).rejects.toThrow(message);
    expect(sent).toEqual([]);
  });

  it.each(cases)('%s', async (_what, call, message) => {
    const { client, sent } = await onEmulator();
    const error = await Promise.resolve()
      .then(() => call(client))
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(CloudClientOptionError);
    expect((error as Error).message).toMatch(message);
    expect(sent).toEqual([]);
  });
});

// A client carries a stub of each method until its first method call loads the layer (method-stubs.ts):
// the first call, a later one, and a stub kept from before the load all send and answer alike.
describe('a method before and after the resource layer is loaded', () => {
  /** The video the document's example names, which a fresh emulator has. */
  const VIDEO = rows.find((row) => row.operationId === 'getVideo')!.params.path.video_id as number;

  it('sends the same request, answers the same, and a stub kept from before still works', async () => {
    const { client, sent } = await onEmulator();
    const stub = client.streaming.videos.get;
    const first = await client.streaming.videos.get(VIDEO).withResponse();
    expect(client.streaming.videos.get).not.toBe(stub); // the built method now stands in the stub's place
    const later = await client.streaming.videos.get(VIDEO).withResponse();
    const kept = await stub(VIDEO);
    expect(later.data).toEqual(first.data);
    expect(kept).toEqual(first.data);
    expect(first.response.status).toBe(200);
    expect(sent).toHaveLength(3);
    expect(new Set(sent.map((s) => JSON.stringify(s))).size).toBe(1);
  });

  it('walks a paged list alike, before and after', async () => {
    const { client, sent } = await onEmulator();
    const walk = async () => {
      const items: unknown[] = [];
      for await (const stream of client.streaming.streams.list()) items.push(stream);
      return items;
    };
    const before = await walk();
    const count = sent.length;
    expect(await walk()).toEqual(before);
    expect(sent.slice(count)).toEqual(sent.slice(0, count));
  });
});
