// startEmulatorServer(emulator, listen): each listen option is checked, and one it does not know (an
// emulator's own, such as holdMs) is refused, not ignored; the old call, options first, is refused too.
import { describe, expect, it } from 'vitest';
import { createEmulator, EmulatorOptionError } from '../../src/index.js';
import { createServerEmulator, startEmulatorServer, type ListenOptions } from '../../src/server.js';

const emulator = await createEmulator();

describe('startEmulatorServer(emulator, listen)', () => {
  it.each<[string, unknown, string]>([
    ['an emulator option', { port: 0, holdMs: 50 }, 'listen: unknown option "holdMs"'],
    ['the old proxy option', { proxy: 'http://127.0.0.1:9' }, 'listen: unknown option "proxy"'],
    ['a port below 0', { port: -1 }, 'listen.port: must be a whole number from 0 to 65535, got -1'],
    ['a port past 65535', { port: 65_536 }, 'listen.port: must be a whole number from 0 to 65535, got 65536'],
    ['a fractional port', { port: 1.5 }, 'listen.port: must be a whole number from 0 to 65535, got 1.5'],
    ['a port as text', { port: '4010' }, 'listen.port: must be a whole number from 0 to 65535, got "4010"'],
    ['an empty host', { host: '' }, 'listen.host: must be a non-empty string, got ""'],
    ['a host as a number', { host: 127 }, 'listen.host: must be a non-empty string, got 127'],
    ['origins as one string', { corsOrigins: '*' }, 'listen.corsOrigins: must be an array of non-empty strings'],
    ['a host list holding a number', { allowHosts: [1] }, 'listen.allowHosts: must be an array of non-empty strings'],
    ['null', null, 'listen: must be an object of "port", "host", "corsOrigins", "allowHosts", got null'],
    ['an array', [0], 'listen: must be an object of'],
  ])('refuses %s, naming the option and the rule', async (_what, listen, message) => {
    const started = startEmulatorServer(emulator, listen as ListenOptions);
    await expect(started).rejects.toThrow(EmulatorOptionError);
    await expect(started).rejects.toThrow(message);
  });

  it.each<[string, unknown]>([
    ['options first (the old call)', { port: 0 }],
    ['nothing', undefined],
    ['null', null],
  ])('refuses %s in place of the emulator', async (_what, given) => {
    const started = startEmulatorServer(given as never, { port: 0 });
    await expect(started).rejects.toThrow(EmulatorOptionError);
    await expect(started).rejects.toThrow(
      /^startEmulatorServer: emulator must be one made by createEmulator or createServerEmulator, got /,
    );
  });

  it('serves the emulator it is given, with the listen options it is given', async () => {
    const server = await startEmulatorServer(emulator, { port: 0, host: '127.0.0.1', allowHosts: ['emulator.test'] });
    try {
      expect(server.emulator).toBe(emulator);
      expect(server.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
      const answer = await fetch(`${server.url}/docs/console.json`);
      expect(await answer.json()).toEqual({ upstream: null });
    } finally {
      await server.close();
    }
  });

  it('shows the docs console the upstream of the emulator it serves', async () => {
    const proxying = await createEmulator({ proxy: { baseUrl: 'http://127.0.0.1:9/base/' } });
    expect(proxying.upstream).toBe('http://127.0.0.1:9/base');
    const server = await startEmulatorServer(proxying, { port: 0 });
    try {
      const answer = await fetch(`${server.url}/docs/console.json`);
      expect(await answer.json()).toEqual({ upstream: 'http://127.0.0.1:9/base' });
    } finally {
      await server.close();
    }
  });
});

describe('createServerEmulator(options)', () => {
  it.each<[string, unknown, string]>([
    ['a listen option', { port: 0 }, 'createServerEmulator: unknown option "port"; where to listen goes to'],
    ['the old proxy flag', { proxyErrors: true }, 'createServerEmulator: unknown option "proxyErrors"'],
    ['the old record file', { recordFile: 'r.json' }, 'createServerEmulator: unknown option "recordFile"'],
    ['null', null, 'createServerEmulator: options must be an object, got null'],
    ['a string', 'state.db', 'createServerEmulator: options must be an object, got a string'],
  ])('refuses %s rather than ignore it', async (_what, options, message) => {
    const created = createServerEmulator(options as never);
    await expect(created).rejects.toThrow(EmulatorOptionError);
    await expect(created).rejects.toThrow(message);
  });
});
