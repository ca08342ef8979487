// Checks a request's parameters and body against the document's schemas, reading each parameter by its
// style and explode as the types its schema gives (the toolbox's one reader), and reports every failure
// with its location, field and rule.
import { readParameters, type ParameterSource, type RouteSpec } from 'cloud-platform-api/toolbox';
import type { ContractValidator, ValidationIssue } from 'cloud-platform-check/contract';

export interface CheckedRequest {
  params: Record<string, unknown>;
  query: Record<string, unknown>;
  body: unknown;
  issues: ValidationIssue[];
}

/** `$.interfaces[0].type` in `body` becomes `body.interfaces[0].type`; `$` becomes `body`. */
const located = (where: string, issue: ValidationIssue): ValidationIssue => ({
  ...issue,
  path: issue.path === '$' ? where : `${where}${issue.path.slice(1)}`,
});

/** Where a parameter's issue is: `path.id`, `query.page`; made only for an issue. */
const whereOf = (parameter: Pick<RouteSpec['parameters'][number], 'in' | 'name'>) =>
  `${parameter.in}.${parameter.name}`;

export function createRequestChecker(validator: ContractValidator) {
  /** `strict`: a body sent to an operation that takes none is an issue, as an undeclared field is. */
  return function check(
    route: RouteSpec,
    source: ParameterSource,
    body: unknown,
    hasBody: boolean,
    strict = false,
  ): CheckedRequest {
    const issues: ValidationIssue[] = [];
    const params: Record<string, unknown> = {};
    const query: Record<string, unknown> = {};
    const readings = readParameters(route.parameters, source);
    // A loop, not forEach: it runs for every request, and makes no function for it.
    for (let i = 0; i < readings.length; i++) {
      const parameter = route.parameters[i]!;
      const reading = readings[i]!;
      if (!reading.present) {
        if (parameter.required) issues.push({ path: whereOf(parameter), rule: 'required', message: 'is required' });
      } else if ('problem' in reading) {
        issues.push({ path: whereOf(parameter), ...reading.problem });
      } else {
        const found = validator.check(parameter.schema, reading.value);
        for (const issue of found) issues.push(located(whereOf(parameter), issue));
        if (parameter.in === 'path') params[parameter.name] = reading.value;
        if (parameter.in === 'query') query[parameter.name] = reading.value;
      }
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
