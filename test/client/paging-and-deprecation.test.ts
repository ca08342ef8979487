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
  it('warns once per process, naming the operation, and not for other operations', async () => {
    const warn = vi.spyOn(process, 'emitWarning').mockImplementation(() => undefined);
    vi.resetModules();
    const fresh = await import('../../src/index.js');
    const client = fresh.createCloudClient({ apiKey: 'k', baseUrl: server.url });
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
});
