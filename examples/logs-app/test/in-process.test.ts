import { createCloudClient } from 'cloud-platform-api';
import { createEmulator, type Emulator } from 'cloud-platform-emulator';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { createConfig, disableConfig, renameConfig } from '../src/logs.js';

let emulator: Emulator;
beforeEach(async () => {
  emulator = await createEmulator();
}); // a fresh state per test
afterEach(() => emulator.close());

it('creates a config, disables it, and renames only one that exists', async () => {
  const client = createCloudClient({ apiKey: 'test-token', baseUrl: 'http://emulator.local', fetch: emulator.fetch });
  const config = await createConfig(client, 'edge logs');
  expect((await disableConfig(client, config.id)).enabled).toBe(false);
  expect((await renameConfig(client, config.id, 'edge logs (old)'))?.name).toBe('edge logs (old)');
  expect(await renameConfig(client, 999_999, 'nobody')).toBeNull();
  expect(emulator.requests.list({ operationId: 'createLogsUploaderConfig' })).toHaveLength(1);
});
