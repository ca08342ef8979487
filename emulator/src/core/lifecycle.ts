// One request's life, the same whichever adapter carries it: its exchange run through the core's
// stages (stages/pipeline.ts), any wait of theirs cut short by a client that leaves (and then nothing
// more is made); the exchange recorded; a request a `timeout` fault holds kept waiting, up to the hold's
// cap, unless its client leaves first; and only then carried out by the carrier. A client that leaves
// ends the request's life the same way whatever carried it: recorded at once, nothing more made, nothing
// delivered. Each adapter supplies a Carrier, as Hono and MSW keep a request handler apart from what
// moves the bytes.
import type { CoreRequest, CoreResponse } from './messages.js';
import { wholeNumberOption } from './common/option-values.js';
import { newExchange, type Exchange, type StageParts } from './stages/exchange.js';
import { runStages } from './stages/pipeline.js';

/** How long a `timeout` fault holds a request whose client never leaves, before its connection is dropped. */
export const DEFAULT_HOLD_MS = 10 * 60_000;
/** The longest hold a timer can count: Node fires a longer setTimeout at once. */
const MAX_HOLD_MS = 2 ** 31 - 1;

/** A hold's length as createEmulator's `holdMs` gives it, checked once for every adapter. */
export const checkedHoldMs = (value: unknown): number =>
  wholeNumberOption('holdMs', value, 1, MAX_HOLD_MS, ' of milliseconds');

/** What the lifecycle needs of the core: the stages' parts, and how long a `timeout` fault holds a request, in ms (checkedHoldMs). */
export interface LifecycleParts extends StageParts {
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
  /** Sends the answer. */
  deliver(answer: CoreResponse): Delivered;
  /** Carries out an injected fault: drops the connection (a `reset`, or a `timeout` once held). */
  drop(): Delivered;
  /** what the lifecycle ends with once its client has gone (`reason`, as `wait` rejected): the carrier's form of "no answer". */
  abandoned(reason: unknown): Delivered;
}

/** A request a `timeout` fault holds: dropped once the hold is over, unless its client leaves first. */
async function held<Delivered>(carrier: Carrier<Delivered>, holdMs: number): Promise<Awaited<Delivered>> {
  try {
    await carrier.wait(holdMs);
  } catch (reason) {
    // Recorded already: the client's leaving only ends the wait.
    return await carrier.abandoned(reason);
  }
  return await carrier.drop();
}

/** The recorded exchange carried out: left, held then dropped, dropped, or delivered. */
function carriedOut<Delivered>(
  exchange: Exchange,
  carrier: Carrier<Delivered>,
  holdMs: number,
): Delivered | Promise<Awaited<Delivered>> {
  if (exchange.left) return carrier.abandoned(exchange.left.reason);
  if (exchange.drop === 'timeout') return held(carrier, holdMs);
  if (exchange.drop) return carrier.drop();
  return carrier.deliver(exchange.answer!);
}

/**
 * Runs one request through the core's stages and hands the outcome to `carrier`. An exchange no stage
 * waits for is recorded and delivered in the same turn (no promise on the fast path); one that waits (a
 * delay, an upstream) or is held gives a promise, which ends with `carrier.abandoned` when the client
 * leaves during a wait.
 */
export function runLifecycle<Delivered>(
  parts: LifecycleParts,
  request: CoreRequest,
  carrier: Carrier<Delivered>,
  started: number,
): Delivered | Promise<Awaited<Delivered>> {
  const exchange = newExchange(parts, request, carrier, started);
  const pending = runStages(exchange);
  if (pending) return afterWaiting(pending, exchange, carrier, parts.holdMs);
  return carriedOut(exchange, carrier, parts.holdMs);
}

async function afterWaiting<Delivered>(
  pending: Promise<void>,
  exchange: Exchange,
  carrier: Carrier<Delivered>,
  holdMs: number,
): Promise<Awaited<Delivered>> {
  await pending;
  return await carriedOut(exchange, carrier, holdMs);
}
