import { createCloudClient } from 'cloud-platform-api';
import { createEmulator } from 'cloud-platform-emulator';
import { createMswHandlers } from 'cloud-platform-emulator/msw';
import { setupServer, type SetupServer } from 'msw/node';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { streamNames } from '../src/logs.js';

let server: SetupServer;
beforeAll(async () => {
  server = setupServer(...createMswHandlers(await createEmulator())); // answers https://api.gcore.com/*
  server.listen({ onUnhandledRequest: 'error' });
});
afterAll(() => server.close());

it('lists every live stream, page by page', async () => {
  const client = createCloudClient({ apiKey: 'test-token' }); // the real base URL: MSW answers it
  expect(await streamNames(client)).toEqual(['Main studio', 'Backup studio', 'Conference hall (pull)']);
});
