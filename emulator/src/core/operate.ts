// The operation stage of the core: the request checked in full against the document (path, query,
// body), the fields it does not declare dropped (or refused with strict), then the operation's
// behaviour, whose refusals become the area's error answers.
import type { ContractValidator, OpenApiDocument, RouteSpec } from 'cloud-platform-api/contract';
import { StatePersistError } from '../store/store.js';
import { createFieldFilter } from './documented-fields.js';
import { describeIssues } from './error-bodies.js';
import type { ErrorAnswer } from './error-answer.js';
import type { CallContext, Handler } from './behaviour.js';
import { HttpProblem } from './http-problem.js';
import type { CoreRequest, CoreResponse } from './messages.js';
import { parseBody } from './request-body.js';
import { createRequestChecker } from './request-validation.js';

/** One request on its way through the core: the operation it goes to, and what the stages before found. */
export interface Call {
  route: RouteSpec;
  request: CoreRequest;
  /** Path parameters as matched, still percent-escaped. */
  rawParams: Record<string, string>;
  token: string;
  /** Headers every answer of this call carries (a deprecated operation's Deprecation). */
  headers: Record<string, string>;
}

export interface OperateOptions {
  document: OpenApiDocument;
  routes: readonly RouteSpec[];
  handlers: Record<string, Handler>;
  validator: ContractValidator;
  strict: boolean | undefined;
  error: ErrorAnswer;
  clientIdentity: (token: string) => CallContext['clientId'];
}

/** Decodes each path parameter; undefined when one has a malformed percent-escape. */
function decodedParams(raw: Record<string, string>): Record<string, string> | undefined {
  const decoded: Record<string, string> = {};
  try {
    for (const name of Object.keys(raw)) decoded[name] = decodeURIComponent(raw[name]!);
  } catch {
    return undefined;
  }
  return decoded;
}

export function createOperate({ document, routes, handlers, validator, strict, error, clientIdentity }: OperateOptions) {
  const keepDocumented = createFieldFilter(document);
  const checkRequest = createRequestChecker(validator);
  const bodySchemas = new Map(routes.filter((route) => route.body).map((route) => [route, { $ref: route.body!.schema }]));

  /** Runs the behaviour on a checked request; its refusals are error answers that still name the undeclared fields. */
  function run({ route, request, token, headers }: Call, context: Omit<CallContext, 'clientId'>, unknownFields: string[]): CoreResponse {
    const extra = unknownFields.length > 0 ? { unknownFields } : {};
    try {
      const result = handlers[route.operationId]!({ ...context, clientId: clientIdentity(token) });
      const contentType: Record<string, string> = result === undefined ? {} : { 'content-type': 'application/json; charset=utf-8' };
      return { status: route.status, headers: { ...headers, ...contentType }, body: request.method === 'HEAD' ? undefined : result, operationId: route.operationId, ...extra };
    } catch (problem) {
      if (problem instanceof HttpProblem) return { ...error(route, problem.status, problem.message, undefined, headers), ...extra };
      if (problem instanceof StatePersistError) return { ...error(route, 503, `${problem.message}; try again`, undefined, headers), ...extra };
      throw problem;
    }
  }

  /** Checks the request in full, then runs the operation; the answer names the fields it did not declare. */
  return function operate(call: Call): CoreResponse {
    const { route, request, headers } = call;
    const params = decodedParams(call.rawParams);
    if (!params) return error(route, 400, 'The path has a malformed percent-escape', undefined, headers);
    const body = parseBody(request.body, request.headers['content-type'], request.bodyTooLarge);
    if (!body.ok) return error(route, body.status, body.message, undefined, headers);
    const checked = checkRequest(route, params, request.query, body.value, body.present, strict);
    if (checked.issues.length > 0) return error(route, 400, describeIssues(checked.issues), checked.issues, headers);
    const unknownFields: string[] = [];
    const documented = route.body && checked.body !== undefined ? keepDocumented(bodySchemas.get(route)!, checked.body, 'body', unknownFields) : checked.body;
    if (strict && unknownFields.length > 0) {
      const issues = unknownFields.map((path) => ({ path, rule: 'strict', message: 'is not a field the document declares' }));
      return { ...error(route, 400, describeIssues(issues), issues, headers), unknownFields };
    }
    return run(call, { params: checked.params, query: checked.query, body: documented }, unknownFields);
  };
}
