// What an adapter takes of an emulator: the lifecycle of each request it carries, and answers for what
// its transport refused. Narrower than the public Emulator, which has no way to record a request or to
// answer a refused one: createEmulator registers each emulator's port here, and an adapter given an
// Emulator (the MSW handlers, the HTTP server) looks it up.
import { EmulatorOptionError } from '../emulator-error.js';
import { described } from './described.js';
import { exchange, type ExchangeCore, type Transport } from './exchange.js';
import type { CoreRequest } from './messages.js';

/** Takes a request, read, through its life over `transport`. */
export type RunExchange = <Delivered>(
  request: CoreRequest,
  transport: Transport<Delivered>,
) => Delivered | Promise<Awaited<Delivered>>;

export interface AdapterPort {
  /** A request has arrived: its time counts from now, before its body is read; the function given runs it once read. */
  begin(): RunExchange;
  /** The answer for a request a transport refused before it could be read whole (HTTP's parser errors). */
  refuse: ExchangeCore['refuse'];
}

export function createAdapterPort(core: ExchangeCore): AdapterPort {
  return {
    begin() {
      const started = performance.now();
      return (request, transport) => exchange(core, request, transport, started);
    },
    refuse: core.refuse,
  };
}

/**
 * An emulator as an adapter takes it: one that createEmulator made, whose port portOf finds by identity.
 * The public Emulator is one; declared here, where adapters consume it, so no adapter names the entry point.
 */
export interface ServedEmulator {
  fetch(input: RequestInfo | URL, init?: RequestInit): Promise<Response>;
}

const ports = new WeakMap<object, AdapterPort>();

/** Makes `port` the one adapters reach `emulator` through. */
export function registerPort(emulator: object, port: AdapterPort): void {
  ports.set(emulator, port);
}

/** The port of an emulator createEmulator made; anything else is a TypeError naming `caller`. */
export function portOf(emulator: unknown, caller: string): AdapterPort {
  const port = typeof emulator === 'object' && emulator !== null ? ports.get(emulator) : undefined;
  if (port) return port;
  throw new EmulatorOptionError(
    `${caller}: emulator must be one made by createEmulator or createServerEmulator, got ${described(emulator)}`,
  );
}
