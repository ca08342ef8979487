// The plain-data adapter, emulator.handle: a request as plain data in, the answer as plain data out,
// with no bytes to carry. A delay is waited out on a timer; a dropped connection, or a held one once
// its hold is over, is no answer (undefined).
import type { AdapterPort } from '../core/adapter-port.js';
import { runLifecycle, type Carrier } from '../core/lifecycle.js';
import type { CoreRequest, CoreResponse } from '../core/messages.js';

/** No client can leave: a wait always runs its time. */
const PLAIN_CARRIER: Carrier<CoreResponse | undefined> = {
  wait: (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
  deliver: (answer) => answer,
  drop: () => undefined,
  abandoned: () => undefined,
};

export function createPlainHandle(port: AdapterPort): (request: CoreRequest) => Promise<CoreResponse | undefined> {
  return async (request) => await runLifecycle(port, request, PLAIN_CARRIER, performance.now());
}
