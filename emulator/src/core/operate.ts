// The operation stage of the core: the request checked in full against the document (call-check.ts),
// refused where it fails, then the operation's behaviour, whose refusals become the area's error answers.
import { StatePersistError } from '../store/store.js';
import type { Call, CallChecker, CheckedCall } from './call-check.js';
import { describeIssues } from './error-bodies.js';
import type { ErrorAnswer } from './error-answer.js';
import type { CallContext, Handler } from './behaviour.js';
import { HttpProblem } from './http-problem.js';
import { withJsonType, type CoreResponse } from './messages.js';

export interface OperateOptions {
  handlers: Record<string, Handler>;
  checkCall: CallChecker;
  strict: boolean | undefined;
  error: ErrorAnswer;
  clientIdentity: (token: string) => CallContext['clientId'];
}

export function createOperate({ handlers, checkCall, strict, error, clientIdentity }: OperateOptions) {
  /** Runs the behaviour on a checked request; its refusals are error answers that still name the undeclared fields. */
  function run({ route, request, token, headers }: Call, { params, query, body, unknownFields }: Extract<CheckedCall, { ok: true }>): CoreResponse {
    let answer: CoreResponse;
    try {
      const result = handlers[route.operationId]!({ params, query, body, clientId: clientIdentity(token) });
      answer = {
        status: route.status,
        headers: result === undefined ? headers : withJsonType(headers),
        body: request.method === 'HEAD' ? undefined : result,
        operationId: route.operationId,
      };
    } catch (problem) {
      if (problem instanceof HttpProblem) answer = error(route, problem.status, problem.message, undefined, headers);
      else if (problem instanceof StatePersistError) answer = error(route, 503, `${problem.message}; try again`, undefined, headers);
      else throw problem;
    }
    if (unknownFields.length > 0) answer.unknownFields = unknownFields;
    return answer;
  }

  /** Checks the request in full, then runs the operation; the answer names the fields it did not declare. */
  return function operate(call: Call): CoreResponse {
    const { route, headers } = call;
    const checked = checkCall(call, strict);
    if (!checked.ok) {
      const refused = error(route, checked.status, checked.issues ? describeIssues(checked.issues) : checked.message, checked.issues, headers);
      return checked.unknownFields ? { ...refused, unknownFields: checked.unknownFields } : refused;
    }
    return run(call, checked);
  };
}
