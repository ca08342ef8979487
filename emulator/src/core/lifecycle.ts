// One request's life, the same whichever adapter carries it: the core's answer; any deferred part
// made after its delay, which the client cuts short by leaving (and then nothing is made); the
// answer recorded; a request a `timeout` fault holds kept waiting, up to the hold's cap, unless its
// client leaves first; and only then carried out by the carrier. A client that leaves ends the
// request's life the same way whatever carried it: recorded at once, nothing more made, nothing delivered.
// Each adapter supplies a Carrier, as Hono and MSW keep a request handler apart from what moves the bytes.
import type { CoreRequest, CoreResponse } from './messages.js';
import { wholeNumberOption } from './option-values.js';

/** How long a `timeout` fault holds a request whose client never leaves, before its connection is dropped. */
export const DEFAULT_HOLD_MS = 10 * 60_000;
/** The longest hold a timer can count: Node fires a longer setTimeout at once. */
const MAX_HOLD_MS = 2 ** 31 - 1;

/** A hold's length as createEmulator's `holdMs` gives it, checked once for every adapter. */
export const checkedHoldMs = (value: unknown): number =>
  wholeNumberOption('holdMs', value, 1, MAX_HOLD_MS, ' of milliseconds');

/** What the lifecycle needs of the core. */
export interface LifecycleCore {
  handle(request: CoreRequest): CoreResponse;
  refuse(method: string, path: string, status: number, message: string): CoreResponse;
  record(request: CoreRequest, answer: CoreResponse, ms: number): void;
  /** How long a `timeout` fault holds a request, in ms (checkedHoldMs). */
  readonly holdMs: number;
}

/** What a carrier does when the lifecycle asks it to. */
export interface Carrier<Delivered> {
  /**
   * Resolves after `ms`; rejects, with why, once the client has gone (at once if it already has). While
   * it waits, what tells it the client has gone stays reachable from its timer: a held request whose
   * abort could be collected would never end.
   */
  wait(ms: number): Promise<void>;
  /** Sends the answer, or carries out its fault: drops the connection (a `reset`, or a `timeout` once held). */
  deliver(answer: CoreResponse): Delivered;
  /** what the lifecycle ends with once its client has gone (`reason`, as `wait` rejected): the carrier's form of "no answer". */
  abandoned(reason: unknown): Delivered;
}

/** A throw from the core is a 500 for the client and a line for the operator, never a crash of the carrier. */
function internalError(core: LifecycleCore, request: CoreRequest, error: unknown): CoreResponse {
  // Never the request's headers: the API key must not reach a log line.
  console.error(
    `emulator: internal error on ${request.method} ${request.path}: ${(error as Error)?.stack ?? String(error)}`,
  );
  return core.refuse(request.method, request.path, 500, 'Internal emulator error');
}

const held = (answer: CoreResponse) => answer.fault?.drop === 'timeout';

async function settle<Delivered>(
  core: LifecycleCore,
  request: CoreRequest,
  first: CoreResponse,
  carrier: Carrier<Delivered>,
  started: number,
): Promise<Awaited<Delivered>> {
  let answer = first;
  while (answer.deferred) {
    try {
      await carrier.wait(answer.fault?.delayMs ?? 0);
    } catch (reason) {
      // The client left during the wait: the deferred call is never made, and the journal says so.
      core.record(request, answer, performance.now() - started);
      return await carrier.abandoned(reason);
    }
    const { deferred } = answer;
    answer = await Promise.resolve()
      .then(deferred)
      .catch((error: unknown) => internalError(core, request, error));
  }
  core.record(request, answer, performance.now() - started);
  if (held(answer)) {
    try {
      await carrier.wait(core.holdMs);
    } catch (reason) {
      // Recorded already: the client's leaving only ends the wait.
      return await carrier.abandoned(reason);
    }
  }
  return await carrier.deliver(answer);
}

/**
 * Runs one request through the core and hands the answer to `carrier`. An answer made at once is
 * recorded and delivered in the same turn (no promise on the fast path); a deferred or held one gives
 * a promise, which ends with `carrier.abandoned` when the client leaves during a wait.
 */
export function runLifecycle<Delivered>(
  core: LifecycleCore,
  request: CoreRequest,
  carrier: Carrier<Delivered>,
  started: number,
): Delivered | Promise<Awaited<Delivered>> {
  let answer: CoreResponse;
  try {
    answer = core.handle(request);
  } catch (error) {
    answer = internalError(core, request, error);
  }
  if (answer.deferred || held(answer)) return settle(core, request, answer, carrier, started);
  core.record(request, answer, performance.now() - started);
  return carrier.deliver(answer);
}
