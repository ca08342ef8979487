// The debug log leaves out the value of the header the key is sent in, by the name the document gives
// it (generated/client-defaults.json): here a document whose key goes in X-Api-Key.
import { afterAll, afterEach, beforeAll, expect, it, vi } from 'vitest';
import { sendJson, startServer, type TestServer } from '../../test-kit/http-server.js';

let server: TestServer;
beforeAll(async () => {
  server = await startServer((_request, res) => sendJson(res, 200, {}, {}));
});
afterAll(() => server.close());
// The unit lane keeps a worker's modules from file to file (vitest.config.ts): the client loaded with the
// mocked defaults must leave the cache with the mock, or the next file's client sends no Authorization.
afterEach(() => {
  vi.doUnmock('../../generated/client-defaults.json');
  vi.resetModules();
});

it("logs the document's key header as [redacted], scheme word included", async () => {
  vi.resetModules();
  vi.doMock('../../generated/client-defaults.json', () => ({
    default: { baseUrl: 'https://api.example.test', auth: { header: 'X-Api-Key', scheme: 'apikey' } },
  }));
  const { createCloudClient } = await import('../../src/index.js');
  const lines: string[] = [];
  const logger = { error: () => {}, warn: () => {}, info: () => {}, debug: (line: string) => lines.push(line) };
  const client = createCloudClient({ apiKey: 'header-name-key', baseUrl: server.url, logLevel: 'debug', logger });
  await client.GET('/streaming/videos/{video_id}', { params: { path: { video_id: 1 } } });
  const sent = lines.find((line) => line.includes('request headers'));
  expect(sent).toContain('x-api-key: [redacted]');
  expect(sent).not.toContain('apikey');
});

it('leaves the client that loads next to the real defaults: the key in Authorization', async () => {
  const { createCloudClient } = await import('../../src/index.js');
  const client = createCloudClient({ apiKey: 'next-file-key', baseUrl: server.url });
  await client.GET('/streaming/videos/{video_id}', { params: { path: { video_id: 1 } } });
  expect(server.requests.at(-1)!.headers.authorization).toBe('apikey next-file-key');
});
