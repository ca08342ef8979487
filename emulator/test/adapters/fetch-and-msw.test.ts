// What only an adapter can get wrong: the in-process fetch lets go of a caller who aborts while its
// body is still arriving, and the MSW handlers answer an API mounted under a path, and by default
// answer where the client goes (GCORE_BASE_URL, else the document's server); both refuse what is not an
// emulator createEmulator made.
import { setupServer } from 'msw/node';
import { createCloudClient } from 'cloud-platform-api';
import { afterEach, describe, expect, it } from 'vitest';
import { createMswHandlers } from '../../src/adapters/msw.js';
import { createEmulator, EmulatorOptionError, type Emulator } from '../../src/index.js';
import { startEmulatorServer } from '../../src/server.js';

describe('the in-process fetch', () => {
  it('rejects at once when its caller aborts while the request body is a stream that never ends', async () => {
    const emulator = await createEmulator();
    const endless = new ReadableStream({ pull: () => new Promise(() => undefined) });
    const init = {
      method: 'POST',
      headers: { authorization: 'apikey s', 'content-type': 'application/json' },
      body: endless,
      duplex: 'half',
      signal: AbortSignal.timeout(100),
    } as RequestInit;
    const started = performance.now();
    const outcome = await Promise.race([
      emulator.fetch('http://emulator.local/cdn/logs_uploader/configs', init).then(
        () => 'answered',
        (error: Error) => error.name,
      ),
      new Promise((resolve) => setTimeout(() => resolve('still pending after 3 s'), 3_000)),
    ]);
    expect(outcome).toBe('TimeoutError');
    expect(performance.now() - started).toBeLessThan(2_000);
    expect(emulator.store.tables.configs.size()).toBe(0);
  });
});

describe('the MSW handlers', () => {
  it.each(['https://example.test/api/v1', 'https://example.test/api/v1/'])(
    'answer every operation under a base URL with a path (%s)',
    async (baseUrl) => {
      const emulator = await createEmulator();
      const server = setupServer(...createMswHandlers(emulator, { baseUrl }));
      server.listen({ onUnhandledRequest: 'error' });
      try {
        const base = baseUrl.replace(/\/$/, '');
        const video = await fetch(`${base}/streaming/videos/1444`, { headers: { authorization: 'apikey msw' } });
        expect(video.status).toBe(200);
        expect((await video.json()).id).toBe(1444);
        const created = await fetch(`${base}/cdn/logs_uploader/configs`, {
          method: 'POST',
          headers: { authorization: 'apikey msw', 'content-type': 'application/json' },
          body: '{"name":"n","policy":1,"target":2}',
        });
        expect(created.status).toBe(200);
      } finally {
        server.close();
      }
    },
  );
});

describe('the MSW handlers with no options', () => {
  afterEach(() => void delete process.env.GCORE_BASE_URL);

  it.each([
    ['GCORE_BASE_URL, where the shell sets it', 'http://staging.example.test'],
    ["the document's server, where nothing is set", undefined],
  ])('answer where createCloudClient() goes: %s', async (_, fromShell) => {
    if (fromShell) process.env.GCORE_BASE_URL = fromShell;
    const emulator = await createEmulator();
    const server = setupServer(...createMswHandlers(emulator));
    server.listen({ onUnhandledRequest: 'error' });
    try {
      const client = createCloudClient({ apiKey: 'msw', maxRetries: 0 });
      const { response } = await client.GET('/streaming/videos/{video_id}', { params: { path: { video_id: 1444 } } });
      expect(response.status).toBe(200);
    } finally {
      server.close();
    }
  });
});

describe('the adapters given something other than an emulator', () => {
  const NOT_EMULATORS: [string, unknown][] = [
    ['undefined', undefined],
    ['null', null],
    ['a string', 'http://localhost:4010'],
    ['an empty object', {}],
    ['a look-alike with handle and fetch', { handle: () => undefined, fetch: globalThis.fetch }],
    ['an array', []],
  ];

  it.each(NOT_EMULATORS)('createMswHandlers refuses %s, naming itself and the rule', (_, given) => {
    expect(() => createMswHandlers(given as Emulator)).toThrow(EmulatorOptionError);
    expect(() => createMswHandlers(given as Emulator)).toThrow(
      /^createMswHandlers: emulator must be one made by createEmulator or createServerEmulator, got /,
    );
  });

  it.each(NOT_EMULATORS)('startEmulatorServer refuses %s before it listens', async (_, given) => {
    await expect(startEmulatorServer(given as Emulator, { port: 0 })).rejects.toThrow(EmulatorOptionError);
    await expect(startEmulatorServer(given as Emulator, { port: 0 })).rejects.toThrow(
      /^startEmulatorServer: emulator must be one made by createEmulator or createServerEmulator, got /,
    );
  });
});
