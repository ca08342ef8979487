// Paging through streams until an empty page, and the once-per-process deprecation warning.
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createCloudClient, listAllStreams } from '../../src/index.js';
import { sendJson, startServer, type TestServer } from '../../test-kit/http-server.js';

let server: TestServer;
beforeAll(async () => {
  server = await startServer((request, res) => {
    const url = new URL(request.url, 'http://x');
    const page = Number(url.searchParams.get('page'));
    if (url.pathname === '/streaming/streams') {
      // Three pages of two streams each, then empty.
      return sendJson(res, 200, page <= 3 ? [{ id: page * 10 + 1 }, { id: page * 10 + 2 }] : []);
    }
    if (url.pathname === '/stuck/streaming/streams') return sendJson(res, 200, [{ id: 1 }]);
    res.writeHead(204).end();
  });
});
afterAll(() => server.close());

describe('listAllStreams', () => {
  it('walks page=1, 2, ... and stops at the first empty page', async () => {
    const client = createCloudClient({ apiKey: 'k', baseUrl: server.url });
    const before = server.requests.length;
    const ids: number[] = [];
    for await (const stream of listAllStreams(client, { with_broadcasts: 1 })) ids.push(stream.id!);
    expect(ids).toEqual([11, 12, 21, 22, 31, 32]);
    expect(server.requests.slice(before).map((r) => r.url)).toEqual(
      [1, 2, 3, 4].map((p) => `/streaming/streams?page=${p}&with_broadcasts=1`),
    );
  });

  it('fails instead of looping when the server ignores page', async () => {
    const client = createCloudClient({ apiKey: 'k', baseUrl: `${server.url}/stuck` });
    const walk = async () => {
      for await (const _ of listAllStreams(client)) void _;
    };
    await expect(walk()).rejects.toThrow('Page 2 of /streaming/streams repeats page 1');
  });
});

describe('the deprecated operation', () => {
  /** A client of a freshly loaded module (the warning is once per process), and the warnings it emitted. */
  async function freshClient(basePath = '') {
    const warn = vi.spyOn(process, 'emitWarning').mockImplementation(() => undefined);
    vi.resetModules();
    const fresh = await import('../../src/index.js');
    return { client: fresh.createCloudClient({ apiKey: 'k', baseUrl: `${server.url}${basePath}` }), warn };
  }

  it('warns once per process, naming the operation, and not for other operations', async () => {
    const { client, warn } = await freshClient();
    await client.DELETE('/fastedge/v1/apps/{id}', { params: { path: { id: 1 } } });
    expect(warn).not.toHaveBeenCalled();
    for (let i = 0; i < 3; i++)
      await client.DELETE('/cloud/v2/inference/deployments/{instance_id}', {
        params: { path: { instance_id: `d${i}` } },
      });
    expect(warn).toHaveBeenCalledTimes(1);
    expect(warn.mock.calls[0]![0]).toContain('deleteInferenceDeployment');
    expect(warn.mock.calls[0]![1]).toMatchObject({ type: 'DeprecationWarning' });
    warn.mockRestore();
  });

  // The client reads the operation from the URL openapi-fetch made: the base URL's own path, a value
  // that looks like another segment, or another operation's path must not change what is warned about.
  it.each<[string, string, (client: ReturnType<typeof createCloudClient>) => Promise<unknown>, boolean]>([
    [
      'a base URL with a path',
      '/gateway/v1',
      (c) => c.DELETE('/cloud/v2/inference/deployments/{instance_id}', { params: { path: { instance_id: 'd1' } } }),
      true,
    ],
    [
      'a value with escapes',
      '',
      (c) => c.DELETE('/cloud/v2/inference/deployments/{instance_id}', { params: { path: { instance_id: 'd 1%' } } }),
      true,
    ],
    [
      'another method on that path',
      '',
      (c) =>
        c.request(
          'get' as never,
          '/cloud/v2/inference/deployments/{instance_id}' as never,
          { params: { path: { instance_id: 'd1' } } } as never,
        ),
      false,
    ],
    [
      'another DELETE',
      '/cloud/v2/inference/deployments',
      (c) => c.DELETE('/fastedge/v1/apps/{id}', { params: { path: { id: 1 } } }),
      false,
    ],
  ])('%s: warned %s', async (_case, basePath, call, warned) => {
    const { client, warn } = await freshClient(basePath);
    await call(client);
    expect(warn).toHaveBeenCalledTimes(warned ? 1 : 0);
    warn.mockRestore();
  });
});
