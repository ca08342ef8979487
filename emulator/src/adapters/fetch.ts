// The in-process adapter: a `fetch` answered by the core, with no server and no port, in Node and in
// browsers. Any origin; the path decides.
import type { CoreRequest, CoreResponse } from '../core/messages.js';
import { fetchAnswer, settled, toCoreRequest } from './web.js';

export interface FetchAdapterCore {
  handle(request: CoreRequest): CoreResponse;
  /** Logs a request once it is answered (or dropped), `ms` after it arrived. */
  record(request: CoreRequest, answer: CoreResponse, ms: number): void;
}

export function createInProcessFetch(core: FetchAdapterCore): (input: RequestInfo | URL, init?: RequestInit) => Promise<Response> {
  return async function fetch(input, init) {
    const started = performance.now();
    const request = new Request(input, init);
    request.signal.throwIfAborted();
    const coreRequest = await toCoreRequest(request);
    let answer = core.handle(coreRequest);
    try {
      answer = await settled(answer, request.signal);
      return await fetchAnswer(answer, request.signal);
    } finally {
      core.record(coreRequest, answer, performance.now() - started);
    }
  };
}
