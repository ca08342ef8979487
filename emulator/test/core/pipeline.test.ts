// The order of the core's stages, with each stage a stub that says it ran: the emulator's own routes
// first, then routing, a 404 or 405 before any key is looked at, auth, and only then the faults and the
// operation; through a proxy, no key is checked and a path no operation has goes to the upstream.
import type { OperationRef, RouteSpec } from 'cloud-platform-api/toolbox';
import { describe, expect, it } from 'vitest';
import type { CoreRequest, CoreResponse } from '../../src/core/messages.js';
import { createPipeline, type PipelineStages } from '../../src/core/pipeline.js';
import type { RouteMatch } from '../../src/core/routing.js';

const route = { operationId: 'getVideo', path: '/videos/{id}' } as unknown as RouteSpec;
const MATCHES: Record<string, RouteMatch> = {
  '/__emulator/reset': { kind: 'none', nearest: route as OperationRef },
  '/videos/1': { kind: 'operation', route, rawParams: { id: '1' } },
  '/videos': { kind: 'method-not-allowed', route, allowed: ['GET'] },
  '/nowhere': { kind: 'none', nearest: route as OperationRef },
};

/** The stages as stubs, each noting its name in `ran`; `proxied` adds the proxy's branch. */
function stubs(proxied: boolean) {
  const ran: string[] = [];
  const noted = <T>(stage: string, value: T): T => {
    ran.push(stage);
    return value;
  };
  const answer = (stage: string, status: number): CoreResponse => ({ status, headers: {}, body: stage });
  const stages: PipelineStages = {
    control: (_, { path }) => noted('control', path.startsWith('/__emulator/') ? answer('control', 204) : undefined),
    match: (_, path) => noted('match', MATCHES[path]!),
    error: (op, status, message, _issues, headers = {}) => ({
      status,
      headers,
      body: message,
      operationId: op.operationId,
    }),
    headersOf: () => ({ deprecation: 'true' }),
    tokenOf: (headers) => noted('auth', headers.authorization?.replace(/^apikey /, '')),
    refusal: (token) => (token ? undefined : 'Missing key'),
    perform: (call) => noted(`perform ${call.request.method} token=${call.token}`, answer('perform', 200)),
    unrouted: proxied ? (request) => noted(`upstream ${request.path}`, answer('upstream', 200)) : undefined,
  };
  return { ran, pipeline: createPipeline(stages) };
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
    ['an own route: answered before routing', request('POST', '/__emulator/reset'), 204, ['control'], ['control']],
    [
      'an operation with a key: auth, then the faults and the operation, its method upper-cased',
      request('get', '/videos/1', 'k'),
      200,
      ['control', 'match', 'auth', 'perform GET token=k'],
      ['control', 'match', 'auth', 'perform GET token=k'],
    ],
    [
      'an operation without a key: 401 without, forwarded with',
      request('GET', '/videos/1'),
      401,
      ['control', 'match', 'auth'],
      ['control', 'match', 'auth', 'perform GET token='],
    ],
    [
      'a path no operation has: 404 before auth, or the upstream',
      request('GET', '/nowhere'),
      404,
      ['control', 'match'],
      ['control', 'match', 'upstream /nowhere'],
    ],
    [
      'a method the path does not take: 405 before auth, or the upstream',
      request('DELETE', '/videos'),
      405,
      ['control', 'match'],
      ['control', 'match', 'upstream /videos'],
    ],
  ])('%s', (_, given, status, order, proxiedOrder) => {
    const { ran, pipeline } = stubs(proxied);
    const answer = pipeline.handle(given);
    expect(ran).toEqual(proxied ? proxiedOrder : order);
    expect(answer.status).toBe(proxied && status >= 400 ? 200 : status);
  });
});

describe('the answers of the pipeline itself', () => {
  const { pipeline } = stubs(false);

  it('a 404 and a 405 name no operation; a 405 lists what the path allows', () => {
    expect(pipeline.handle(request('GET', '/nowhere')).operationId).toBeUndefined();
    const refused = pipeline.handle(request('DELETE', '/videos'));
    expect(refused).toMatchObject({ operationId: undefined, headers: { allow: 'GET' } });
  });

  it('a 401 carries the headers of the operation (its Deprecation)', () => {
    expect(pipeline.handle(request('GET', '/videos/1')).headers).toEqual({ deprecation: 'true' });
  });

  it.each([
    ['an operation’s path', '/videos/1', { status: 408, body: 'slow', operationId: 'getVideo' }],
    ['a path that takes another method', '/videos', { status: 408, body: 'slow', operationId: 'getVideo' }],
    ['a path no operation has: no body', '/nowhere', { status: 408, body: undefined }],
  ])('refuse answers for %s', (_, path, expected) => {
    expect(pipeline.refuse('get', path, 408, 'slow')).toMatchObject(expected);
  });
});
