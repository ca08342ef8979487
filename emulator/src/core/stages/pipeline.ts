// The order an exchange goes through the core's stages, written once, as calls a reader (or a tool)
// follows: the emulator's own routes, routing (a 404 or 405 for what no operation takes), auth,
// validation, the faults before the target, the target (the operation, or the proxy's upstream, chosen
// once), the faults after it, and the recording. Each stage is a module with one entry that takes the
// exchange, as Prism's `process` keeps its steps in one file; the parts of the emulator a stage reads are
// on the exchange, built by the composition root (wiring/).
import { auth } from './auth.js';
import { controlRoutes } from './control-routes.js';
import type { Exchange } from './exchange.js';
import { faultsAfter } from './faults-after.js';
import { faultsBefore } from './faults-before.js';
import { recording } from './recording.js';
import { refusedAnswer, routing } from './routing.js';
import { target } from './target.js';
import { validation } from './validation.js';

/** A throw from a stage is a 500 for the client and a line for the operator, never a crash of the carrier. */
function failed(exchange: Exchange, error: unknown): void {
  const { request } = exchange;
  // Never the request's headers: the API key must not reach a log line.
  console.error(
    `emulator: internal error on ${request.method} ${request.path}: ${(error as Error)?.stack ?? String(error)}`,
  );
  exchange.answer = refusedAnswer(exchange.parts, request.method, request.path, 500, 'Internal emulator error');
  exchange.drop = undefined;
}

/**
 * The stages, in the order they run (docs/contributing.md lists them as they are read here). Each takes
 * the exchange; the two that may wait (a delay, an upstream) give a promise of their work, and only
 * then do the stages after them wait: an exchange no stage waits for runs in one turn, with no promise.
 * A stage that throws is answered with a 500, and only the recording runs after it.
 */
export function runStages(exchange: Exchange): void | Promise<void> {
  let delayed: void | Promise<void>;
  try {
    controlRoutes(exchange);
    routing(exchange);
    auth(exchange);
    validation(exchange);
    delayed = faultsBefore(exchange);
  } catch (error) {
    return recordFailure(exchange, error);
  }
  if (delayed)
    return delayed.then(
      () => fromTarget(exchange),
      (error: unknown) => recordFailure(exchange, error),
    );
  return fromTarget(exchange);
}

function fromTarget(exchange: Exchange): void | Promise<void> {
  let forwarded: void | Promise<void>;
  try {
    forwarded = target(exchange);
  } catch (error) {
    return recordFailure(exchange, error);
  }
  if (forwarded)
    return forwarded.then(
      () => afterTarget(exchange),
      (error: unknown) => recordFailure(exchange, error),
    );
  return afterTarget(exchange);
}

function afterTarget(exchange: Exchange): void {
  try {
    faultsAfter(exchange);
  } catch (error) {
    recordFailure(exchange, error);
    return;
  }
  recording(exchange);
}

function recordFailure(exchange: Exchange, error: unknown): void {
  failed(exchange, error);
  recording(exchange);
}
