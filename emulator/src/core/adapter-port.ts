// What an adapter takes of an emulator: the parts its requests' lifecycle runs on (lifecycle.ts runs it;
// the adapter supplies the carrier), and answers for what its adapter refused. Narrower than the public
// Emulator, which has no way to record a request or to answer a refused one: createEmulator registers
// each emulator's port here, and an adapter given an Emulator (the MSW handlers, the HTTP server) looks it up.
import { EmulatorOptionError } from '../emulator-error.js';
import { shownValue } from './common/shown-value.js';
import type { LifecycleParts } from './lifecycle.js';
import type { CoreResponse } from './messages.js';
import { refusedAnswer } from './stages/routing.js';

/** The core as an adapter runs requests through it (runLifecycle). */
export type AdapterPort = LifecycleParts;

/** The answer for a request a carrier refused before it could be read whole (HTTP's parser errors). */
export const refuse = (
  port: AdapterPort,
  method: string,
  path: string,
  status: number,
  message: string,
): CoreResponse => refusedAnswer(port, method, path, status, message);

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
    `${caller}: emulator must be one made by createEmulator or createServerEmulator, got ${shownValue(emulator)}`,
  );
}
