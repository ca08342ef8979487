// Checks a request's path, query and body against the document's schemas, reading URL strings as
// the types their schemas give, and reports every failure with its location, field and rule.
import type { RouteSpec } from 'cloud-platform-api/toolbox';
import type { ContractValidator, ValidationIssue } from 'cloud-platform-check/contract';

export interface CheckedRequest {
  params: Record<string, unknown>;
  query: Record<string, unknown>;
  body: unknown;
  issues: ValidationIssue[];
}

const INTEGER = /^-?\d+$/;
const NUMBER = /^-?(\d+\.?\d*|\.\d+)([eE][-+]?\d+)?$/;

/** Reads a URL string as its schema's type where it plainly is one; otherwise leaves it for the schema to reject. */
function fromUrl(raw: string, types: string[]): unknown {
  if (types.includes('integer') && INTEGER.test(raw)) return Number(raw);
  if (types.includes('number') && NUMBER.test(raw)) return Number(raw);
  if (types.includes('boolean') && (raw === 'true' || raw === 'false')) return raw === 'true';
  return raw;
}

/** `$.interfaces[0].type` in `body` becomes `body.interfaces[0].type`; `$` becomes `body`. */
const located = (where: string, issue: ValidationIssue): ValidationIssue => ({
  ...issue,
  path: issue.path === '$' ? where : `${where}${issue.path.slice(1)}`,
});

export function createRequestChecker(validator: ContractValidator) {
  /** `strict`: a body sent to an operation that takes none is an issue, as an undeclared field is. */
  return function check(
    route: RouteSpec,
    rawParams: Record<string, string>,
    rawQuery: Record<string, unknown>,
    body: unknown,
    hasBody: boolean,
    strict = false,
  ): CheckedRequest {
    const issues: ValidationIssue[] = [];
    const params: Record<string, unknown> = {};
    const query: Record<string, unknown> = {};
    for (const parameter of route.parameters) {
      const where = `${parameter.in}.${parameter.name}`;
      const raw = parameter.in === 'path' ? rawParams[parameter.name] : rawQuery[parameter.name];
      if (Array.isArray(raw)) {
        issues.push({ path: where, rule: 'maxItems', message: 'must be given once' });
        continue;
      }
      if (raw === undefined || raw === '') {
        if (parameter.required) issues.push({ path: where, rule: 'required', message: 'is required' });
        continue;
      }
      const value = fromUrl(String(raw), parameter.types);
      for (const issue of validator.check(parameter.schema, value)) issues.push(located(where, issue));
      (parameter.in === 'path' ? params : query)[parameter.name] = value;
    }
    if (!route.body && hasBody && strict)
      issues.push({ path: 'body', rule: 'strict', message: `${route.operationId} takes no body` });
    if (route.body) {
      if (!hasBody) {
        if (route.body.required) issues.push({ path: 'body', rule: 'required', message: 'is required' });
      } else {
        for (const issue of validator.check(route.body.schema, body)) issues.push(located('body', issue));
      }
    }
    return { params, query, body, issues };
  };
}
