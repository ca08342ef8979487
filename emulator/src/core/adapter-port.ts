// What an adapter takes of an emulator: the lifecycle of each request it carries, and answers for what
// its adapter refused. Narrower than the public Emulator, which has no way to record a request or to
// answer a refused one: createEmulator registers each emulator's port here, and an adapter given an
// Emulator (the MSW handlers, the HTTP server) looks it up.
import { EmulatorOptionError } from '../emulator-error.js';
import { described } from './described.js';
import { runLifecycle, type LifecycleCore, type Carrier } from './lifecycle.js';
import type { CoreRequest } from './messages.js';

/** Takes a request, read, through its life over `carrier`. */
export type RunLifecycle = <Delivered>(
  request: CoreRequest,
  carrier: Carrier<Delivered>,
) => Delivered | Promise<Awaited<Delivered>>;

export interface AdapterPort {
  /** A request has arrived: its time counts from now, before its body is read; the function given runs it once read. */
  begin(): RunLifecycle;
  /** The answer for a request a carrier refused before it could be read whole (HTTP's parser errors). */
  refuse: LifecycleCore['refuse'];
}

export function createAdapterPort(core: LifecycleCore): AdapterPort {
  return {
    begin() {
      const started = performance.now();
      return (request, carrier) => runLifecycle(core, request, carrier, started);
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

/** The port of an emulator createEmulator made; anything else is an EmulatorOptionError naming `caller`. */
export function portOf(emulator: unknown, caller: string): AdapterPort {
  const port = typeof emulator === 'object' && emulator !== null ? ports.get(emulator) : undefined;
  if (port) return port;
  throw new EmulatorOptionError(
    `${caller}: emulator must be one made by createEmulator or createServerEmulator, got ${described(emulator)}`,
  );
}
