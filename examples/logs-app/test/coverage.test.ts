import { createCloudClient } from 'cloud-platform-api';
import { coverageSummary } from 'cloud-platform-api/check';
import { createEmulator } from 'cloud-platform-emulator';
import { afterAll, expect, it } from 'vitest';
import { createConfig, disableConfig } from '../src/logs.js';

const emulator = await createEmulator(); // one for the file: its journal gathers what every test sent
const client = createCloudClient({ apiKey: 'test-token', baseUrl: 'http://emulator.local', fetch: emulator.fetch });

it('creates a config and disables it', async () => {
  await disableConfig(client, (await createConfig(client, 'edge logs')).id);
});

afterAll(() => {
  const coverage = emulator.coverage();
  console.log(coverageSummary(coverage));
  expect(coverage.totals.links[0]).toBeGreaterThan(0); // the create-then-update link was followed
});
