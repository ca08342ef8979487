// The target stage, chosen once here: the operation, or, where a proxy forwards the API, the upstream
// (a body over the size limit is refused by the operation, proxy or not: it is never forwarded). The
// operation refuses a call the validation stage found failing, else runs the behaviour (or a test's
// override of it), whose refusals become the area's error answers.
import { StatePersistError } from '../../store/store.js';
import type { CheckedCall } from '../document/call-check.js';
import { describeIssues } from '../document/area-errors.js';
import { HttpProblem } from '../common/http-problem.js';
import { withJsonType, type CoreResponse } from '../messages.js';
import { OverrideError, type OverrideAnswer } from '../controls/overrides.js';
import { overLimit } from '../document/request-body.js';
import { answerError, settled, type Exchange } from './exchange.js';

/** An override's answer as the core sends it: its headers over the call's, JSON for a body that is not text. */
function overriddenAnswer(
  headers: CoreResponse['headers'],
  { status, body, headers: own = {} }: OverrideAnswer,
): CoreResponse {
  const merged = { ...headers, ...own };
  return { status, headers: body === undefined || typeof body === 'string' ? merged : withJsonType(merged), body };
}

/** Runs the behaviour (or a test's override of it) on a checked request; its refusals are error answers. */
function run(exchange: Exchange, { params, query, body }: Extract<CheckedCall, { ok: true }>): void {
  const { parts, request, headers } = exchange;
  const route = exchange.route!;
  try {
    const override = parts.overrides.answer(route, { path: params, query, body, headers: request.headers });
    if (override) {
      exchange.answer = overriddenAnswer(headers, override);
      return;
    }
    const result = parts.handlers[route.operationId]!({
      params,
      query,
      body,
      clientId: parts.clientIdentity(exchange.token),
    });
    const type = result === undefined ? undefined : parts.successType?.(route);
    exchange.answer = {
      status: route.status,
      headers: result === undefined ? headers : type ? { ...headers, 'content-type': type } : withJsonType(headers),
      body: request.method === 'HEAD' ? undefined : result,
    };
  } catch (problem) {
    if (problem instanceof HttpProblem) answerError(exchange, problem.status, problem.message);
    else if (problem instanceof StatePersistError) answerError(exchange, 503, `${problem.message}; try again`);
    // A test's override that answers off the document: the emulator's own failure, saying what is off.
    else if (problem instanceof OverrideError) answerError(exchange, 500, problem.message);
    else throw problem;
  }
}

/** The operation: the call refused where the validation stage found it failing, else run. */
function operate(exchange: Exchange): void {
  const checked = exchange.checked!;
  if (checked.unknownFields?.length) exchange.unknownFields = checked.unknownFields;
  if (checked.ok) {
    run(exchange, checked);
    return;
  }
  const message = checked.issues ? describeIssues(checked.issues) : checked.message;
  answerError(exchange, checked.status, message, checked.issues);
}

export function target(exchange: Exchange): void | Promise<void> {
  if (settled(exchange)) return;
  const { forward } = exchange.parts;
  const { body, bodyTooLarge } = exchange.request;
  if (forward && !overLimit(body, bodyTooLarge)) return forward.forward(exchange);
  operate(exchange);
}
