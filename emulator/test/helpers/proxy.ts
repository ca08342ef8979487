// The emulator as a proxy in front of a local upstream, the same way through either adapter: the HTTP
// server (`--proxy URL`) or the in-process fetch (`createEmulator({ proxy })`). A test sends requests
// and reads what the proxy answered, what it logged and what it found wrong.
import { createEmulator, type Emulator, type RequestLogEntry } from '../../src/index.js';
import { createServerEmulator, startEmulatorServer } from '../../src/server.js';

export interface ProxySettings {
  strict?: boolean;
  failOnViolation?: boolean;
  timeoutMs?: number;
}

export interface Proxied {
  /** Sends a request to the proxy: `path` with its query. */
  send(path: string, init?: RequestInit): Promise<Response>;
  emulator: Emulator;
  log: RequestLogEntry[];
  close(): Promise<void>;
}

export type ProxyAdapter = { name: string; start(upstream: string, settings?: ProxySettings): Promise<Proxied> };

export const PROXY_ADAPTERS: ProxyAdapter[] = [
  {
    name: 'HTTP server',
    async start(upstream, { strict, failOnViolation, timeoutMs } = {}) {
      const log: RequestLogEntry[] = [];
      const emulator = await createServerEmulator({
        proxy: { baseUrl: upstream, failOnViolation, timeoutMs },
        strict,
        log: (entry) => log.push(entry),
      });
      const server = await startEmulatorServer(emulator, { port: 0 });
      return {
        send: (path, init) => fetch(`${server.url}${path}`, init),
        emulator: server.emulator,
        log,
        close: server.close,
      };
    },
  },
  {
    name: 'in-process fetch',
    async start(upstream, { strict, failOnViolation, timeoutMs } = {}) {
      const log: RequestLogEntry[] = [];
      const emulator = await createEmulator({
        proxy: { baseUrl: upstream, failOnViolation, timeoutMs },
        strict,
        log: (entry) => log.push(entry),
      });
      return {
        send: (path, init) => emulator.fetch(`http://emulator.local${path}`, init),
        emulator,
        log,
        close: () => emulator.close(),
      };
    },
  },
];
