// One emulator reached through each adapter, the same way: in process (its fetch), over HTTP (the server
// on a free port, with the global fetch) and through MSW (handlers under a base URL of their own). A test
// runs its cases through all three and expects the same outcome.
import { setupServer } from 'msw/node';
import { createMswHandlers } from '../../src/adapters/msw.js';
import { createEmulator, type Emulator, type EmulatorOptions } from '../../src/index.js';
import { serveEmulator } from './emulator.js';

export type Fetch = typeof globalThis.fetch;

export interface Target {
  emulator: Emulator;
  /** Where a client sends its requests to reach the emulator through this adapter. */
  baseUrl: string;
  fetch: Fetch;
  close(): Promise<void>;
}

const viaGlobalFetch: Fetch = (input, init) => globalThis.fetch(input, init);

/** Each adapter's target, over an emulator made with `options`. */
export const ADAPTERS: Record<string, (options?: EmulatorOptions) => Promise<Target>> = {
  'in process': async (options) => {
    const emulator = await createEmulator(options);
    return { emulator, baseUrl: 'http://emulator.local', fetch: emulator.fetch, close: () => emulator.close() };
  },
  'HTTP server': async (options) => {
    const server = await serveEmulator(await createEmulator(options));
    return { emulator: server.emulator, baseUrl: server.url, fetch: viaGlobalFetch, close: () => server.close() };
  },
  MSW: async (options) => {
    const emulator = await createEmulator(options);
    const baseUrl = 'https://api.adapters.test';
    const msw = setupServer(...createMswHandlers(emulator, { baseUrl }));
    msw.listen({ onUnhandledRequest: 'error' });
    return {
      emulator,
      baseUrl,
      fetch: viaGlobalFetch,
      close: async () => {
        msw.close();
        await emulator.close();
      },
    };
  },
};

export const ADAPTER_NAMES = Object.keys(ADAPTERS);
