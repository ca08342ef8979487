// The operation stage of the core: the request checked in full against the document (call-check.ts),
// refused where it fails, then the operation's behaviour, whose refusals become the area's error answers.
import { StatePersistError } from '../store/store.js';
import type { Call, CallChecker, CheckedCall } from './call-check.js';
import { describeIssues } from './error-bodies.js';
import type { ErrorAnswer } from './error-answer.js';
import type { CallContext, Handler } from './behaviour.js';
import { HttpProblem } from './http-problem.js';
import { withJsonType, type CoreResponse } from './messages.js';
import { OverrideError, type OverrideAnswer, type Overrides } from './overrides.js';

export interface OperateOptions {
  handlers: Record<string, Handler>;
  checkCall: CallChecker;
  strict: boolean | undefined;
  error: ErrorAnswer;
  clientIdentity: (token: string) => CallContext['clientId'];
  /** A test's answers in place of the behaviour, where one is set for the operation. */
  overrides?: Overrides | undefined;
}

/** An override's answer as the core sends it: its headers over the call's, JSON for a body that is not text. */
function overriddenAnswer(
  operationId: string,
  headers: CoreResponse['headers'],
  { status, body, headers: own = {} }: OverrideAnswer,
): CoreResponse {
  const merged = { ...headers, ...own };
  return {
    status,
    headers: body === undefined || typeof body === 'string' ? merged : withJsonType(merged),
    body,
    operationId,
  };
}

export function createOperate({ handlers, checkCall, strict, error, clientIdentity, overrides }: OperateOptions) {
  /** Runs the behaviour (or a test's override of it) on a checked request; its refusals are error answers that still name the undeclared fields. */
  function run(
    { route, request, token, headers }: Call,
    { params, query, body, unknownFields }: Extract<CheckedCall, { ok: true }>,
  ): CoreResponse {
    let answer: CoreResponse;
    try {
      const override = overrides?.answer(route, { path: params, query, body, headers: request.headers });
      if (override) return withUnknown(overriddenAnswer(route.operationId, headers, override), unknownFields);
      const result = handlers[route.operationId]!({ params, query, body, clientId: clientIdentity(token) });
      answer = {
        status: route.status,
        headers: result === undefined ? headers : withJsonType(headers),
        body: request.method === 'HEAD' ? undefined : result,
        operationId: route.operationId,
      };
    } catch (problem) {
      if (problem instanceof HttpProblem) answer = error(route, problem.status, problem.message, undefined, headers);
      else if (problem instanceof StatePersistError)
        answer = error(route, 503, `${problem.message}; try again`, undefined, headers);
      // A test's override that answers off the document: the emulator's own failure, saying what is off.
      else if (problem instanceof OverrideError) answer = error(route, 500, problem.message, undefined, headers);
      else throw problem;
    }
    return withUnknown(answer, unknownFields);
  }

  const withUnknown = (answer: CoreResponse, unknownFields: string[]): CoreResponse =>
    unknownFields.length > 0 ? { ...answer, unknownFields } : answer;

  /** Checks the request in full, then runs the operation; the answer names the fields it did not declare. */
  return function operate(call: Call): CoreResponse {
    const { route, headers } = call;
    const checked = checkCall(call, strict);
    if (!checked.ok) {
      const refused = error(
        route,
        checked.status,
        checked.issues ? describeIssues(checked.issues) : checked.message,
        checked.issues,
        headers,
      );
      return checked.unknownFields ? { ...refused, unknownFields: checked.unknownFields } : refused;
    }
    return run(call, checked);
  };
}
