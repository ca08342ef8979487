// The client is openapi-fetch's own, reached through its documented options and middleware only: a user's
// middleware works as openapi-fetch's docs say (it may change the request in place, hand on a new one,
// answer in its place, or wrap a fetch error; eject removes it), and the client's own checks, key and
// retries still hold around it.
import { describe, expect, it } from 'vitest';
import createClient, { type Middleware } from 'openapi-fetch';
import { CloudClientOptionError, createCloudClient } from '../../src/index.js';

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

/** A client on a recording transport; `answer` decides each attempt's response. */
function recordingClient(answer: (request: Request) => Response = () => json(200, { id: 1 })) {
  const sent: Request[] = [];
  const client = createCloudClient({
    apiKey: 'mw-key',
    baseUrl: 'http://middleware.local',
    maxRetries: 0,
    fetch: async (request) => {
      sent.push(request);
      return answer(request);
    },
  });
  return { client, sent };
}

const getVideo = (client: ReturnType<typeof createCloudClient>) =>
  client.GET('/streaming/videos/{video_id}', { params: { path: { video_id: 7 } } });

describe("openapi-fetch's own client", () => {
  it.each(['GET', 'PUT', 'POST', 'DELETE', 'OPTIONS', 'HEAD', 'PATCH', 'TRACE', 'request', 'use', 'eject'] as const)(
    '%s is the function openapi-fetch made, not a wrapper of it',
    (name) => {
      const own = createClient({ baseUrl: 'http://middleware.local' });
      const { client } = recordingClient();
      expect(String(client[name])).toBe(String(own[name]));
    },
  );
});

describe("a user's middleware", () => {
  it.each<[string, Middleware, (sent: Request[], result: { status?: number; error?: unknown }) => void]>([
    [
      'sets a header in place',
      { onRequest: ({ request }) => void request.headers.set('x-trace', 't-1') },
      (sent) => expect(sent[0]!.headers.get('x-trace')).toBe('t-1'),
    ],
    [
      'hands on a new Request',
      { onRequest: ({ request }) => new Request(request, { headers: { 'x-new': 'yes' } }) },
      (sent, result) => {
        expect(result.status).toBe(200);
        expect(sent[0]!.headers.get('x-new')).toBe('yes');
      },
    ],
    [
      'answers in place of the server',
      { onRequest: () => json(200, { id: 99 }) },
      (sent, result) => {
        expect(sent).toHaveLength(0);
        expect(result.status).toBe(200);
      },
    ],
    [
      'changes the response',
      { onResponse: () => json(202, { id: 3 }) },
      (sent, result) => {
        expect(sent).toHaveLength(1);
        expect(result.status).toBe(202);
      },
    ],
  ])('%s', async (_case, middleware, expectation) => {
    const { client, sent } = recordingClient();
    client.use(middleware);
    const outcome = await getVideo(client).then(
      ({ response }) => ({ status: response.status }),
      (error: unknown) => ({ error }),
    );
    expectation(sent, outcome);
  });

  it('wraps the error of a call that failed', async () => {
    const { client, sent } = recordingClient(() => {
      throw new TypeError('fetch failed', { cause: { code: 'ECONNREFUSED' } });
    });
    client.use({ onError: ({ error }) => new Error('wrapped', { cause: error }) });
    await expect(getVideo(client)).rejects.toMatchObject({ message: 'wrapped' });
    expect(sent).toHaveLength(1);
  });

  it('is removed by eject', async () => {
    const { client, sent } = recordingClient();
    const tracing: Middleware = { onRequest: ({ request }) => void request.headers.set('x-trace', 't-2') };
    client.use(tracing);
    client.eject(tracing);
    await getVideo(client);
    expect(sent[0]!.headers.has('x-trace')).toBe(false);
  });

  it("runs after the client's own checks: a bad path value is refused before any middleware sees it", async () => {
    const { client, sent } = recordingClient();
    let seen = 0;
    client.use({ onRequest: () => void seen++ });
    const bad = client.GET('/streaming/videos/{video_id}', { params: { path: { video_id: '../x' as never } } });
    await expect(bad).rejects.toBeInstanceOf(CloudClientOptionError);
    expect([seen, sent.length]).toEqual([0, 0]);
  });

  it("runs after the client's own checks: a missing path value is refused before it sees the call", async () => {
    const { client, sent } = recordingClient();
    let seen = 0;
    client.use({ onRequest: () => void seen++ });
    const missing = (client.GET as (path: string) => Promise<unknown>)('/streaming/videos/{video_id}');
    await expect(missing).rejects.toThrow(
      new CloudClientOptionError('path parameter video_id of /streaming/videos/{video_id} is required'),
    );
    expect([seen, sent.length]).toEqual([0, 0]);
  });
});
