// The in-process adapter: a `fetch` answered by the core, with no server and no port, in Node and in
// browsers. Any origin; the path decides.
import { exchange, type ExchangeCore } from '../core/exchange.js';
import { fetchAnswer, toCoreRequest, wait } from './web.js';

export function createInProcessFetch(
  core: ExchangeCore,
): (input: RequestInfo | URL, init?: RequestInit) => Promise<Response> {
  return async function fetch(input, init) {
    const started = performance.now();
    const request = new Request(input, init);
    request.signal.throwIfAborted();
    const { signal } = request;
    return exchange(
      core,
      await toCoreRequest(request),
      { wait: (ms) => wait(ms, signal), deliver: (answer) => fetchAnswer(answer, signal) },
      started,
    );
  };
}
