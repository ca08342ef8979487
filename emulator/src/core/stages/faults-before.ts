// The faults-before stage: the fault a call gets, from its Prefer header or a scripted rule. A delay
// comes first, waited out on the carrier (a client that leaves during it ends the exchange: nothing is
// made). Then an injected status answers instead of the target (a success status or a named example from
// the document's examples); a dropped or held connection is the carrier's to carry out. A fault after the
// target (`after: true`) is kept on the exchange for the faults-after stage.
import { FaultRuleError, preferredFault, type FaultAction } from '../controls/faults.js';
import type { CoreResponse } from '../messages.js';
import { answerError, settled, type Exchange } from './exchange.js';

/** The answer's headers, with the fault's Retry-After where it has one. */
export const withRetryAfter = (
  headers: CoreResponse['headers'],
  { retryAfter }: FaultAction,
): CoreResponse['headers'] => (retryAfter === undefined ? headers : { ...headers, 'retry-after': retryAfter });

/** What a call with this fault gets before the target, once any delay is over. */
function injectBefore(exchange: Exchange, fault: FaultAction): void {
  if (fault.after) return;
  const route = exchange.route!;
  exchange.drop = fault.drop;
  // A named example, or another success the operation declares: the document answers, nothing changes.
  if (fault.example !== undefined || (fault.status !== undefined && fault.status < 300)) {
    const status = fault.status ?? route.status;
    const example = exchange.parts.preferredExample(route, status, fault.example, exchange.headers);
    if (typeof example === 'string') {
      answerError(exchange, 400, example);
      return;
    }
    exchange.answer = example;
    exchange.injected = status;
    return;
  }
  // An injected status answers instead of the operation: nothing changes.
  if (fault.status !== undefined) {
    answerError(
      exchange,
      fault.status,
      `Injected fault: ${fault.status}`,
      undefined,
      withRetryAfter(exchange.headers, fault),
    );
    exchange.injected = fault.status;
  }
}

export function faultsBefore(exchange: Exchange): void | Promise<void> {
  const { route, request } = exchange;
  if (settled(exchange) || route === undefined) return;
  let fault: FaultAction | undefined;
  try {
    fault = preferredFault(request.headers.prefer, route) ?? exchange.parts.faults.match(route, request.path);
  } catch (problem) {
    if (problem instanceof FaultRuleError) return answerError(exchange, 400, problem.message);
    throw problem;
  }
  if (!fault) return;
  exchange.fault = fault;
  if (fault.delayMs === undefined) return injectBefore(exchange, fault);
  const delayed = fault;
  return exchange.waiter.wait(delayed.delayMs!).then(
    () => injectBefore(exchange, delayed),
    (reason: unknown) => {
      // The client left during the delay: nothing more is made, and the journal says so.
      exchange.left = { reason };
    },
  );
}
