// A call checked in full against the document before anything acts on it: the body parsed, parameters
// read by their style and body validated (the document's defaults put in), and the body's
// undeclared fields found and dropped. The target refuses what fails; the proxy reports it.
import type { OpenApiDocument, RouteSpec } from 'cloud-platform-api/toolbox';
import type { ContractValidator, ValidationIssue } from 'cloud-platform-check/contract';
import { createFieldFilter, KEPT_DEPTH_LIMIT, NestedTooDeepError } from './documented-fields.js';
import { nestingDepth } from './nesting.js';
import type { CoreRequest } from '../messages.js';
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
  headers: Readonly<Record<string, string>>;
}

export type CheckedCall =
  | {
      ok: true;
      params: Record<string, unknown>;
      query: Record<string, unknown>;
      /** The body holding only the fields the document declares, with its defaults; undefined for none. */
      body: unknown;
      /** Paths of the body fields the document does not declare (`body.enabeld`). */
      unknownFields: string[];
    }
  /** A refusal: its status, why, and each field and rule where validation failed. */
  | { ok: false; status: number; message: string; issues?: readonly ValidationIssue[]; unknownFields?: string[] };

/** A call without a body, as its documented body: one object for all of them. */
const NO_BODY = Object.freeze({ ok: true, value: undefined } as const);

/** Whether a path value has a malformed percent-escape: the whole path is refused, before any parameter is read. */
function malformedEscape(raw: Record<string, string>): boolean {
  for (const name in raw) {
    // A value with no `%` has no escape to be malformed: not decoded here, only where it is read.
    if (!raw[name]!.includes('%')) continue;
    try {
      decodeURIComponent(raw[name]!);
    } catch {
      return true;
    }
  }
  return false;
}

/** The call as the document reads it, or why it cannot be; `strict` refuses undeclared body fields too. */
export type CallChecker = (call: Call, strict: boolean | undefined) => CheckedCall;

export function createCallChecker(
  document: OpenApiDocument,
  routes: readonly RouteSpec[],
  validator: ContractValidator,
): CallChecker {
  const keepDocumented = createFieldFilter(document);
  const checkRequest = createRequestChecker(validator);
  const bodySchemas = new Map(
    routes.filter((route) => route.body).map((route) => [route, { $ref: route.body!.schema }]),
  );

  /** The body holding only the fields the document declares, or a 400 where it nests too deep to follow. */
  function documentedBody(
    route: RouteSpec,
    body: unknown,
    unknownFields: string[],
  ): { ok: true; value: unknown } | { ok: false; status: 400; message: string } {
    if (body === undefined) return NO_BODY;
    if (!route.body) return { ok: true, value: body };
    try {
      return { ok: true, value: keepDocumented(bodySchemas.get(route)!, body, 'body', unknownFields) };
    } catch (error) {
      if (error instanceof NestedTooDeepError) return { ok: false, status: 400, message: error.message };
      throw error;
    }
  }

  /** The call as the document reads it, or why it cannot be; `strict` refuses undeclared body fields too. */
  return function checkCall({ route, request, rawParams }: Call, strict: boolean | undefined): CheckedCall {
    if (malformedEscape(rawParams))
      return { ok: false, status: 400, message: 'The path has a malformed percent-escape' };
    const body = parseBody(request.body, request.headers['content-type'], request.bodyTooLarge);
    if (!body.ok) return { ok: false, status: body.status, message: body.message };
    // The validator recurses once per level of a recursive schema: a body nested deeper than the filter
    // follows is refused before it is checked, whatever its depth under the body limit. Each level
    // takes two characters at least, so a shorter body is not walked.
    if (
      (request.body?.length ?? 0) > 2 * KEPT_DEPTH_LIMIT &&
      nestingDepth(body.value, KEPT_DEPTH_LIMIT) > KEPT_DEPTH_LIMIT
    ) {
      const tooDeep = documentedBody(route, body.value, []);
      if (!tooDeep.ok) return tooDeep;
    }
    const source = { path: rawParams, query: request.query, headers: request.headers };
    const checked = checkRequest(route, source, body.value, body.present, strict);
    if (checked.issues.length > 0) return { ok: false, status: 400, message: '', issues: checked.issues };
    const unknownFields: string[] = [];
    const documented = documentedBody(route, checked.body, unknownFields);
    if (!documented.ok) return documented;
    if (strict && unknownFields.length > 0) {
      const issues = unknownFields.map((path) => ({
        path,
        rule: 'strict',
        message: 'is not a field the document declares',
      }));
      return { ok: false, status: 400, message: '', issues, unknownFields };
    }
    return { ok: true, params: checked.params, query: checked.query, body: documented.value, unknownFields };
  };
}
