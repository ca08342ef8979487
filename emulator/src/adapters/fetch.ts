// The in-process adapter: a `fetch` answered by the core, with no server and no port, in Node and in
// browsers. Any origin; the path decides.
import { exchange, type ExchangeCore } from '../core/exchange.js';
import { toCoreRequest, webTransport } from './web.js';

/** A dropped connection as fetch reports one: its TypeError, whose cause's code is ECONNRESET. */
function connectionReset(): never {
  throw new TypeError('fetch failed', {
    cause: Object.assign(new Error('The emulator dropped the connection (an injected fault)'), { code: 'ECONNRESET' }),
  });
}

export function createInProcessFetch(
  core: ExchangeCore,
): (input: RequestInfo | URL, init?: RequestInit) => Promise<Response> {
  return async function fetch(input, init) {
    const started = performance.now();
    const request = new Request(input, init);
    request.signal.throwIfAborted();
    return exchange(core, await toCoreRequest(request), webTransport(request, connectionReset), started);
  };
}
