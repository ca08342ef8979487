// The in-process adapter: a `fetch` answered by the core, with no server and no port, in Node and in
// browsers. Any origin; the path decides.
import type { AdapterPort } from '../core/adapter-port.js';
import { runLifecycle } from '../core/lifecycle.js';
import { toCoreRequest, webCarrier } from './web.js';

/** A dropped connection as fetch reports one: its TypeError, whose cause's code is ECONNRESET. */
function connectionReset(): never {
  throw new TypeError('fetch failed', {
    cause: Object.assign(new Error('The emulator dropped the connection (an injected fault)'), { code: 'ECONNRESET' }),
  });
}

export function createInProcessFetch(
  port: AdapterPort,
): (input: RequestInfo | URL, init?: RequestInit) => Promise<Response> {
  return async function fetch(input, init) {
    // A request's time counts from here, before its body is read.
    const started = performance.now();
    const request = new Request(input, init);
    request.signal.throwIfAborted();
    const callerSignal = init?.signal ?? (input instanceof Request ? input.signal : undefined) ?? request.signal;
    // A client that left has its fetch rejected with its signal's reason, as fetch does.
    const carrier = webCarrier(request, connectionReset, (reason) => {
      throw reason;
    });
    return runLifecycle(port, await toCoreRequest(request, '', callerSignal), carrier, started);
  };
}
