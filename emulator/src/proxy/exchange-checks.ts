// What the proxy checks of an exchange: the request as the validation stage checked it (call-check.ts), and
// the upstream's answer against what the document declares for that operation and status (the
// contract's answer checker), with the fields neither declares listed apart.
import type { OpenApiDocument, RouteSpec } from 'cloud-platform-api/toolbox';
import { createAnswerChecker, type ContractValidator } from 'cloud-platform-check/contract';
import type { CheckedCall } from '../core/document/call-check.js';
import { createFieldFilter, NestedTooDeepError } from '../core/document/documented-fields.js';
import type { ContractViolation } from '../core/messages.js';
import type { UpstreamAnswer } from './upstream.js';

const undeclared = (direction: ContractViolation['direction'], path: string): ContractViolation => ({
  direction,
  path,
  rule: 'undeclared',
  message: 'is not a field the document declares',
  undeclared: true,
});

/** What a request may be forwarded with, as the call checks found it: its violations, and what it means where it is valid. */
export type RequestSide = {
  violations: ContractViolation[];
  checked?: { params: Record<string, unknown>; query: Record<string, unknown> };
};

/** The proxy's checks of both sides of an exchange. */
export interface ExchangeChecks {
  /** The request as the validation stage checked it (not strict: undeclared fields are reported apart). */
  requestSide(checked: CheckedCall): RequestSide;
  /** The upstream's answer against what the document declares for the operation and status; its body as parsed. */
  responseSide(route: RouteSpec, answer: UpstreamAnswer): { violations: ContractViolation[]; body: unknown };
}

export function createExchangeChecks(document: OpenApiDocument, validator: ContractValidator): ExchangeChecks {
  const checkAnswer = createAnswerChecker(document, validator);
  const keepDocumented = createFieldFilter(document);
  // One reference object per response schema, so the filter's shape of it is worked out once.
  const references = new Map<string, { $ref: string }>();
  const referenceTo = ($ref: string) => {
    const known = references.get($ref);
    if (known) return known;
    const reference = { $ref };
    references.set($ref, reference);
    return reference;
  };

  /** The request as the validation stage checked it (not strict: undeclared fields are reported apart). */
  function requestSide(checked: CheckedCall): RequestSide {
    if (checked.ok) return { violations: checked.unknownFields.map((path) => undeclared('request', path)), checked };
    if (checked.issues) return { violations: checked.issues.map((issue) => ({ direction: 'request', ...issue })) };
    return {
      violations: [{ direction: 'request', path: '$', rule: `status ${checked.status}`, message: checked.message }],
    };
  }

  function responseSide(route: RouteSpec, answer: UpstreamAnswer): { violations: ContractViolation[]; body: unknown } {
    const { body, response, issues } = checkAnswer(route, answer);
    const violations: ContractViolation[] = issues.map(({ part: _part, ...issue }) => ({
      direction: 'response',
      ...issue,
    }));
    if (violations.length === 0 && response?.jsonSchema && body !== null && typeof body === 'object') {
      const found: string[] = [];
      try {
        keepDocumented(referenceTo(response.jsonSchema), body, '$', found);
      } catch (error) {
        // An upstream's body nested deeper than the filter follows, under a recursive schema: passed on, unlisted.
        if (!(error instanceof NestedTooDeepError)) throw error;
      }
      violations.push(...found.map((path) => undeclared('response', path)));
    }
    return { violations, body };
  }

  return { requestSide, responseSide };
}
