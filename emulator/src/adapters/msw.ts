// `cloud-platform-emulator/msw`: the emulator as MSW 2 request handlers, for `setupServer` (Node,
// jsdom) and `setupWorker` (a real browser): the same stateful behaviour, no server and no port.
import { http, type HttpHandler } from 'msw';
import type { Emulator } from '../index.js';

export interface MswHandlersOptions {
  /** The base URL whose requests the emulator answers. Default: https://api.gcore.com, the client's. */
  baseUrl?: string;
}

/** `setupServer(...createMswHandlers(emulator))`: every request under `baseUrl` goes to the emulator. */
export function createMswHandlers(emulator: Emulator, { baseUrl = 'https://api.gcore.com' }: MswHandlersOptions = {}): HttpHandler[] {
  return [http.all(`${baseUrl.replace(/\/+$/, '')}/*`, ({ request }) => emulator.fetch(request))];
}
