// The order of the core's stages, with each part they read a stub that says it ran: the emulator's own
// routes first, then routing, a 404 or 405 before any key is looked at, auth, validation, the faults and
// the operation, and the journal last; through a proxy, no key is checked and a path no operation has
// goes to the upstream.
import type { OperationRef, RouteSpec } from 'cloud-platform-api/toolbox';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createEmulator } from '../../src/index.js';
import type { CoreRequest, CoreResponse } from '../../src/core/messages.js';
import { newExchange, type Exchange, type StageParts } from '../../src/core/stages/exchange.js';
import { runStages } from '../../src/core/stages/pipeline.js';
import { refusedAnswer } from '../../src/core/stages/routing.js';
import type { RouteMatch } from '../../src/core/document/router.js';

const route = { operationId: 'getVideo', path: '/videos/{id}', status: 200 } as unknown as RouteSpec;
const MATCHES: Record<string, RouteMatch> = {
  '/__emulator/reset': { kind: 'none', nearest: route as OperationRef },
  '/videos/1': { kind: 'operation', route, rawParams: { id: '1' } },
  '/videos': { kind: 'method-not-allowed', route, allowed: ['GET'] },
  '/nowhere': { kind: 'none', nearest: route as OperationRef },
};

/** The parts the stages read, as stubs, each noting its name in `ran`; `proxied` adds the proxy. */
function stubs(proxied: boolean) {
  const ran: string[] = [];
  const noted = <T>(stage: string, value: T): T => {
    ran.push(stage);
    return value;
  };
  const answer = (stage: string, status: number): CoreResponse => ({ status, headers: {}, body: stage });
  const parts = {
    control: {
      handle: ({ path }: CoreRequest) =>
        noted('control', path.startsWith('/__emulator/') ? answer('control', 204) : undefined),
    },
    match: (_: string, path: string) => noted('match', MATCHES[path]!),
    error: (_op: OperationRef, status: number, message: string, _issues?: unknown, headers = {}) => ({
      status,
      headers,
      body: message,
    }),
    headersOf: () => ({ deprecation: 'true' }),
    authorize: ({ headers }: CoreRequest) => {
      const token = noted('auth', headers.authorization?.replace(/^apikey /, ''));
      return token ? { token } : { refused: 'Missing key' };
    },
    clientIdentity: () => () => undefined,
    checkCall: () => noted('validate', { ok: true, params: {}, query: {}, body: undefined, unknownFields: [] }),
    strict: false,
    faults: { match: () => noted('faults', undefined) },
    preferredExample: () => 'none',
    handlers: {
      getVideo: () => noted('operate', 'video'),
    },
    overrides: { answer: () => undefined },
    forward: proxied
      ? {
          forward: async (exchange: Exchange) => {
            noted(`upstream ${exchange.request.method} ${exchange.request.path} token=${exchange.token}`, undefined);
            exchange.answer = answer('upstream', 200);
          },
        }
      : undefined,
    journal: { add: () => noted('journal', undefined) },
    log: undefined,
    now: () => 'now',
  } as unknown as StageParts;
  const run = async (given: CoreRequest) => {
    const exchange = newExchange(parts, given, { wait: async () => undefined }, 0);
    await runStages(exchange);
    return { ...exchange.answer!, operationId: exchange.route?.operationId };
  };
  return { ran, run, parts };
}

const request = (method: string, path: string, key?: string): CoreRequest => ({
  method,
  path,
  query: {},
  headers: key ? { authorization: `apikey ${key}` } : {},
});

describe.each([
  ['without a proxy', false],
  ['through a proxy', true],
])('the stage order, %s', (_, proxied) => {
  it.each([
    [
      'an own route: answered before routing, and not journaled',
      request('POST', '/__emulator/reset'),
      204,
      ['control'],
      ['control'],
    ],
    [
      'an operation with a key: auth, then the faults and the operation, its method upper-cased',
      request('get', '/videos/1', 'k'),
      200,
      ['control', 'match', 'auth', 'validate', 'faults', 'operate', 'journal'],
      ['control', 'match', 'auth', 'validate', 'faults', 'upstream GET /videos/1 token=k', 'journal'],
    ],
    [
      'an operation without a key: 401 without, forwarded with',
      request('GET', '/videos/1'),
      401,
      ['control', 'match', 'auth', 'journal'],
      ['control', 'match', 'auth', 'validate', 'faults', 'upstream GET /videos/1 token=', 'journal'],
    ],
    [
      'a path no operation has: 404 before auth, or the upstream',
      request('GET', '/nowhere'),
      404,
      ['control', 'match', 'journal'],
      ['control', 'match', 'upstream GET /nowhere token=', 'journal'],
    ],
    [
      'a method the path does not take: 405 before auth, or the upstream',
      request('DELETE', '/videos'),
      405,
      ['control', 'match', 'journal'],
      ['control', 'match', 'upstream DELETE /videos token=', 'journal'],
    ],
  ])('%s', async (_, given, status, order, proxiedOrder) => {
    const { ran, run } = stubs(proxied);
    const answer = await run(given);
    expect(ran).toEqual(proxied ? proxiedOrder : order);
    expect(answer.status).toBe(proxied && status >= 400 ? 200 : status);
  });
});

describe('the answers of the stages themselves', () => {
  const { run } = stubs(false);

  it('a 404 and a 405 name no operation; a 405 lists what the path allows', async () => {
    expect((await run(request('GET', '/nowhere'))).operationId).toBeUndefined();
    const refused = await run(request('DELETE', '/videos'));
    expect(refused).toMatchObject({ operationId: undefined, headers: { allow: 'GET' } });
  });

  it('a 401 carries the headers of the operation (its Deprecation)', async () => {
    expect((await run(request('GET', '/videos/1'))).headers).toEqual({ deprecation: 'true' });
  });

  it.each([
    ['an operation’s path', '/videos/1', { status: 408, body: 'slow' }],
    ['a path that takes another method', '/videos', { status: 408, body: 'slow' }],
    ['a path no operation has: no body', '/nowhere', { status: 408, body: undefined }],
  ])('refusedAnswer answers for %s', (_, path, expected) => {
    expect(refusedAnswer(stubs(false).parts, 'get', path, 408, 'slow')).toEqual({ headers: {}, ...expected });
  });
});

describe('emulator.handle: plain data in, the answer on the wire out', () => {
  const create = (prefer?: string): CoreRequest => ({
    method: 'POST',
    path: '/cdn/logs_uploader/configs',
    query: {},
    headers: {
      authorization: 'apikey handle',
      'content-type': 'application/json',
      ...(prefer ? { prefer } : {}),
    },
    body: JSON.stringify({ name: 'Handled', policy: 1, target: 2 }),
  });
  afterEach(() => vi.useRealTimers());

  it('answers with the status, headers and body only: what the journal keeps is in the journal', async () => {
    const emulator = await createEmulator();
    const answer = await emulator.handle(create());
    expect(Object.keys(answer!).sort()).toEqual(['body', 'headers', 'status']);
    expect(answer).toMatchObject({ status: 200, body: { name: 'Handled' } });
    expect(emulator.requests.list()).toEqual([
      expect.objectContaining({ operationId: 'createLogsUploaderConfig', status: 200 }),
    ]);
  });

  it('answers once an injected delay is over', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const emulator = await createEmulator();
    let answer: CoreResponse | undefined;
    const pending = emulator.handle(create('delay=500')).then((given) => {
      answer = given;
    });
    await vi.advanceTimersByTimeAsync(499);
    expect(answer).toBeUndefined();
    await vi.advanceTimersByTimeAsync(1);
    await pending;
    expect(answer).toMatchObject({ status: 200 });
  });

  it('gives no answer for a dropped connection, and an injected status as any answer', async () => {
    const emulator = await createEmulator();
    emulator.faults.add({ operationId: 'createLogsUploaderConfig', count: 1, reset: true });
    expect(await emulator.handle(create())).toBeUndefined();
    expect(await emulator.handle(create('code=503'))).toMatchObject({ status: 503 });
    expect(emulator.requests.list().map(({ status, fault }) => [status, fault])).toEqual([
      [0, 'reset'],
      [503, 503],
    ]);
  });
});
