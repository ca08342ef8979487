import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { createCloudClient } from 'cloud-platform-api';
import { createServerEmulator, startEmulatorServer, type RunningServer } from 'cloud-platform-emulator/server';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createConfig, renameConfig } from '../src/logs.js';

let server: RunningServer;
beforeAll(async () => {
  server = await startEmulatorServer(await createServerEmulator(), { port: 0 });
}); // 127.0.0.1, a free port
afterAll(() => server.close());

it('runs the quick start against the emulator over HTTP', async () => {
  const env = { ...process.env, GCORE_API_KEY: 'test-token', GCORE_BASE_URL: server.url };
  const { stdout } = await promisify(execFile)(process.execPath, ['quickstart.mjs'], { env });
  expect(stdout.trim()).toBe('Product launch ready');
});

it('renames a config another request created, and each token is a client of its own', async () => {
  const mine = createCloudClient({ apiKey: 'test-token', baseUrl: server.url });
  const theirs = createCloudClient({ apiKey: 'another-token', baseUrl: server.url });
  const config = await createConfig(mine, 'edge logs');
  expect((await renameConfig(mine, config.id, 'renamed'))?.name).toBe('renamed');
  expect(await renameConfig(theirs, config.id, 'not yours')).toBeNull();
});
