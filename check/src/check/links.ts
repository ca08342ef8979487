// Follows the document's OpenAPI links: when an operation succeeds, each link of its response names
// the operation to call next and where its parameters and body come from (runtime expressions such
// as `$response.body#/id`). The runner writes no sequence of its own; this is how it learns them.
import {
  pathValueProblem,
  pointerTokens,
  successLinks,
  type OpenApiDocument,
  type RouteSpec,
} from 'cloud-platform-api/toolbox';
import { exampleCase, type RequestCase } from './request-cases.js';

/** What a link's runtime expressions can read: the request as sent and the answer as received. */
export interface ExpressionSource {
  request: RequestCase;
  status: number;
  headers: Headers;
  body: unknown;
}

export class LinkError extends Error {
  override name = 'LinkError';
}

/** Reads an RFC 6901 pointer ("/id", "/a~1b/0") in a parsed JSON value. */
function atPointer(value: unknown, pointer: string): unknown {
  return pointerTokens(pointer).reduce<unknown>(
    (at, key) =>
      at !== null && typeof at === 'object' && Object.hasOwn(at, key)
        ? (at as Record<string, unknown>)[key]
        : undefined,
    value,
  );
}

/** Evaluates a link's value: a runtime expression, or any other value as it is. */
export function evaluate(expression: unknown, exchange: ExpressionSource): unknown {
  if (typeof expression !== 'string' || !expression.startsWith('$')) return expression;
  const [source, pointer] = expression.split('#', 2) as [string, string | undefined];
  const { request } = exchange;
  const parameter = /^\$request\.(path|query)\.(.+)$/.exec(source);
  if (parameter)
    return request.route.parameters.some((p) => p.in === parameter[1] && p.name === parameter[2])
      ? request.params[parameter[2]!]
      : undefined;
  if (source === '$request.body') return atPointer(request.body, pointer ?? '');
  if (source === '$response.body') return atPointer(exchange.body, pointer ?? '');
  if (source === '$statusCode') return exchange.status;
  const header = /^\$response\.header\.(.+)$/.exec(source);
  if (header) return exchange.headers.get(header[1]!) ?? undefined;
  throw new LinkError(
    `Unsupported runtime expression ${expression}: the runner reads $request.path, $request.query, $request.body, $response.body, $response.header and $statusCode`,
  );
}

export interface LinkSpec {
  name: string;
  target: RouteSpec;
  parameters: Record<string, unknown>;
  requestBody: unknown;
  expectedStatus: number;
}

/** The links of each operation's success response, checked against the document's operations. */
export function linksByOperation(document: OpenApiDocument, routes: readonly RouteSpec[]): Map<string, LinkSpec[]> {
  const byId = new Map(routes.map((route) => [route.operationId, route]));
  const result = new Map<string, LinkSpec[]>();
  for (const route of routes) {
    const links = Object.entries(successLinks(document, route)).map(([name, link]): LinkSpec => {
      const target = byId.get(link.operationId);
      if (!target)
        throw new LinkError(
          `Link ${name} of ${route.operationId} names operationId "${link.operationId}", which the document does not have`,
        );
      const parameters = (link.parameters ?? {}) as Record<string, unknown>;
      for (const key of Object.keys(parameters)) {
        if (!target.parameters.some((p) => p.name === key.replace(/^(path|query)\./, '')))
          throw new LinkError(
            `Link ${name} of ${route.operationId} sets parameter "${key}", which ${target.operationId} does not take`,
          );
      }
      return {
        name,
        target,
        parameters,
        requestBody: link.requestBody,
        expectedStatus: Number(link['x-expected-status'] ?? target.status),
      };
    });
    if (links.length > 0) result.set(route.operationId, links);
  }
  return result;
}

/** The request a link makes from an exchange: the target's example request with the link's values put in. */
export function linkedCase(document: OpenApiDocument, link: LinkSpec, exchange: ExpressionSource): RequestCase {
  const request = exampleCase(document, link.target);
  for (const [key, expression] of Object.entries(link.parameters)) {
    const name = key.replace(/^(path|query)\./, '');
    const value = evaluate(expression, exchange);
    if (value === undefined) delete request.params[name];
    else request.params[name] = value;
  }
  if (link.requestBody !== undefined) request.body = structuredClone(evaluate(link.requestBody, exchange));
  return {
    ...request,
    kind: 'linked',
    expectedStatus: link.expectedStatus,
    note: `link ${link.name} from ${exchange.request.route.operationId} (${exchange.request.note})`,
  };
}

const isObject = (value: unknown): value is Record<string, unknown> =>
  value !== null && typeof value === 'object' && !Array.isArray(value);

/** Whether two parsed JSON values are the same, whatever the order of their keys. */
function sameJson(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (
    a === null ||
    b === null ||
    typeof a !== 'object' ||
    typeof b !== 'object' ||
    Array.isArray(a) !== Array.isArray(b)
  )
    return false;
  const keys = Object.keys(a);
  return (
    keys.length === Object.keys(b).length &&
    keys.every(
      (key) =>
        Object.hasOwn(b, key) && sameJson((a as Record<string, unknown>)[key], (b as Record<string, unknown>)[key]),
    )
  );
}

/**
 * Why the runner must not send a link's request, or undefined: a value from the answer that cannot fill
 * its path parameter (`..` for an id would move it to another path), or a DELETE whose body names another
 * resource than the request it follows sent: the runner deletes only what it created. The reason names
 * the cause, not the values (the failure's request shows them), so that one cause is one failure.
 */
export function unsafeLink(source: RequestCase, linked: RequestCase): string | undefined {
  for (const parameter of linked.route.parameters) {
    const problem = parameter.in === 'path' ? pathValueProblem(linked.params[parameter.name]) : undefined;
    if (problem)
      return `a value from the answer cannot fill path parameter ${parameter.name} of ${linked.route.method} ${linked.route.path} (it ${problem}): not sent`;
  }
  if (linked.route.method !== 'DELETE' || !isObject(source.body) || !isObject(linked.body)) return undefined;
  const sent = source.body;
  const answered = linked.body;
  const other = Object.keys(sent).find((key) => !sameJson(sent[key], answered[key]));
  if (other === undefined) return undefined;
  return `the answer names another resource than this run created (its ${other} is not the one sent): the DELETE was not sent`;
}
