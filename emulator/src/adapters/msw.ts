// `cloud-platform-emulator/msw`: the emulator as MSW 2 request handlers, for `setupServer` (Node,
// jsdom) and `setupWorker` (a real browser): the same stateful behaviour, no server and no port.
import { DEFAULT_BASE_URL } from 'cloud-platform-api';
import { delay, http, HttpResponse, type HttpHandler } from 'msw';
import type { Emulator } from '../index.js';
import { toCoreRequest, toWebResponse } from './web.js';

export interface MswHandlersOptions {
  /** The base URL whose requests the emulator answers. Default: the client's: GCORE_BASE_URL, else the document's server. */
  baseUrl?: string;
}

/** The base URL createCloudClient() goes to, so that handlers made with no options answer it. */
const clientBaseUrl = () => (globalThis as { process?: { env?: Record<string, string | undefined> } }).process?.env?.GCORE_BASE_URL ?? DEFAULT_BASE_URL;

/** `setupServer(...createMswHandlers(emulator))`: every request under `baseUrl` goes to the emulator. */
export function createMswHandlers(emulator: Emulator, { baseUrl = clientBaseUrl() }: MswHandlersOptions = {}): HttpHandler[] {
  const base = baseUrl.replace(/\/+$/, '');
  // An API mounted under a path (https://example.test/api/v1): the operations' paths follow it.
  const basePath = new URL(base).pathname.replace(/\/+$/, '');
  return [
    http.all(`${base}/*`, async ({ request }) => {
      const started = performance.now();
      const core = await toCoreRequest(request, basePath);
      let answer = emulator.handle(core);
      while (answer.deferred) {
        await delay(answer.fault?.delayMs ?? 0);
        answer = await answer.deferred();
      }
      emulator.record(core, answer, performance.now() - started);
      // MSW's own forms of a dropped connection and of a request that is never answered.
      if (answer.fault?.drop === 'reset') return HttpResponse.error();
      if (answer.fault?.drop === 'timeout') await delay('infinite');
      return toWebResponse(answer);
    }),
  ];
}
