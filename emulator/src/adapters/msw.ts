// `cloud-platform-emulator/msw`: the emulator as MSW 2 request handlers, for `setupServer` (Node,
// jsdom) and `setupWorker` (a real browser): the same stateful behaviour, no server and no port.
import { DEFAULT_BASE_URL } from 'cloud-platform-api';
import { http, HttpResponse, type HttpHandler } from 'msw';
import { portOf, type ServedEmulator } from '../core/adapter-port.js';
import { runLifecycle } from '../core/lifecycle.js';
import { toCoreRequest, webCarrier } from './web.js';

/** Options of createMswHandlers. */
export interface MswHandlersOptions {
  /** The base URL whose requests the emulator answers. Default: the client's: GCORE_BASE_URL, else the document's server. */
  baseUrl?: string;
}

/** The base URL createCloudClient() goes to, so that handlers made with no options answer it. */
const clientBaseUrl = () =>
  (globalThis as { process?: { env?: Record<string, string | undefined> } }).process?.env?.GCORE_BASE_URL ??
  DEFAULT_BASE_URL;

/**
 * MSW's own form of a dropped connection. A client that left has its fetch rejected by MSW already, so
 * it is also what its life ends with: it goes nowhere.
 */
const networkError = () => HttpResponse.error();

/**
 * MSW request handlers that send every request under `baseUrl` to the emulator: the client keeps its
 * real base URL, in Node (setupServer) and in a browser (setupWorker).
 *
 * @example
 * const server = setupServer(...createMswHandlers(await createEmulator()));
 * server.listen({ onUnhandledRequest: 'error' });
 */
export function createMswHandlers(
  emulator: ServedEmulator,
  { baseUrl = clientBaseUrl() }: MswHandlersOptions = {},
): HttpHandler[] {
  const port = portOf(emulator, 'createMswHandlers');
  const base = baseUrl.replace(/\/+$/, '');
  // An API mounted under a path (https://example.test/api/v1): the operations' paths follow it.
  const basePath = new URL(base).pathname.replace(/\/+$/, '');
  return [
    http.all(`${base}/*`, async ({ request }) => {
      const started = performance.now();
      const carrier = webCarrier(request, networkError, networkError);
      return runLifecycle(port, await toCoreRequest(request, basePath), carrier, started);
    }),
  ];
}
