// The fault stage of the core: the fault a call gets, from its Prefer header or a scripted rule. An
// injected status answers instead of the operation (a success status or a named example from the
// document's examples); a dropped or held connection is the adapter's to
// carry out; a delay comes first, and the operation runs after it, when the adapter calls it.
import { FaultRuleError, preferredFault, type FaultAction, type Faults } from './faults.js';
import type { ErrorAnswer } from './error-answer.js';
import type { ExampleAnswer } from './example-answer.js';
import type { CoreResponse } from './messages.js';
import type { Call } from './call-check.js';

/** The answer's headers, with the fault's Retry-After where it has one. */
const withRetryAfter = (headers: CoreResponse['headers'], { retryAfter }: FaultAction): CoreResponse['headers'] =>
  retryAfter === undefined ? headers : { ...headers, 'retry-after': retryAfter };

export function createFaultStage(
  faults: Faults,
  error: ErrorAnswer,
  exampleAnswer: ExampleAnswer,
  operate: (call: Call) => CoreResponse,
) {
  /**
   * The operation's answer, failed after it was made: its change is kept, and the client gets the
   * injected status or a dropped or held connection instead. `applied` tells the journal what it answered.
   */
  function failedAfter(call: Call, fault: FaultAction, answer: CoreResponse): CoreResponse {
    if (answer.deferred) {
      const { deferred } = answer;
      return { ...answer, deferred: async () => failedAfter(call, fault, await deferred()) };
    }
    const applied = { applied: answer.status };
    if (fault.drop)
      return {
        status: 0,
        headers: {},
        body: undefined,
        operationId: call.route.operationId,
        fault: { drop: fault.drop },
        ...applied,
      };
    return {
      ...error(
        call.route,
        fault.status!,
        `Injected fault after the operation ran: ${fault.status}`,
        undefined,
        withRetryAfter(call.headers, fault),
      ),
      injected: fault.status!,
      ...applied,
    };
  }

  /** What a call with this fault gets, once any delay is over. */
  function faulted(call: Call, fault: FaultAction): CoreResponse {
    const { route, headers } = call;
    if (fault.after) return failedAfter(call, fault, operate(call));
    const drop = fault.drop ? { fault: { drop: fault.drop } } : {};
    // A named example, or another success the operation declares: the document answers, nothing changes.
    if (fault.example !== undefined || (fault.status !== undefined && fault.status < 300))
      return { ...exampleAnswer(route, fault.status ?? route.status, fault.example, headers), ...drop };
    // An injected status answers instead of the operation: nothing changes.
    if (fault.status !== undefined) {
      return {
        ...error(route, fault.status, `Injected fault: ${fault.status}`, undefined, withRetryAfter(headers, fault)),
        injected: fault.status,
        ...drop,
      };
    }
    if (fault.drop) return { status: 0, headers: {}, body: undefined, operationId: route.operationId, ...drop };
    return operate(call);
  }

  return function withFaults(call: Call): CoreResponse {
    const { route, request } = call;
    let fault: FaultAction | undefined;
    try {
      fault = preferredFault(request.headers.prefer, route) ?? faults.match(route, request.path);
    } catch (problem) {
      if (problem instanceof FaultRuleError) return error(route, 400, problem.message, undefined, call.headers);
      throw problem;
    }
    if (!fault) return operate(call);
    if (fault.delayMs === undefined) return faulted(call, fault);
    const delayed = fault;
    return {
      status: 0,
      headers: {},
      body: undefined,
      operationId: route.operationId,
      fault: { delayMs: delayed.delayMs },
      deferred: () => faulted(call, delayed),
    };
  };
}
