import { createCloudClient } from 'cloud-platform-api';
import { coverageSummary } from 'cloud-platform-check/coverage';
import { createEmulator, type Emulator } from 'cloud-platform-emulator';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createConfig, disableConfig } from '../src/logs.js';

let emulator: Emulator;
beforeAll(async () => {
  emulator = await createEmulator();
}); // one for the file: its journal gathers what every test sent

it('creates a config and disables it', async () => {
  const client = createCloudClient({ apiKey: 'test-token', baseUrl: 'http://emulator.local', fetch: emulator.fetch });
  await disableConfig(client, (await createConfig(client, 'edge logs')).id);
});

afterAll(() => {
  const coverage = emulator.coverage();
  console.log(coverageSummary(coverage));
  expect(coverage.totals.links[0]).toBeGreaterThan(0); // the create-then-update link was followed
});
