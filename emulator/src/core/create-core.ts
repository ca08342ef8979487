// The emulator's core: one function, `handle`, from a request as plain data to an answer as plain
// data, with no transport in it. It owns routing (from the document), auth, validation, the
// operations' behaviour and the error shapes of each area; the adapters (HTTP, in-process fetch, MSW)
// only translate.
import { createContractValidator, deriveRoutes, resolveRef, type JsonObject, type OpenApiDocument, type OperationRef, type RouteSpec, type ValidationIssue } from 'cloud-platform-api/contract';
import { StatePersistError, type Store } from '../store/store.js';
import { createFieldFilter } from './documented-fields.js';
import { createErrorBodies, describeIssues } from './error-bodies.js';
import type { Fixtures } from './fixtures.js';
import { withDocumentAnswers } from './document-answers.js';
import { createHandlers, HttpProblem } from './handlers.js';
import { parseBody } from './request-body.js';
import { createRequestChecker } from './request-validation.js';
import { createRouter } from './routing.js';
import { withSafeIntegers } from './safe-integers.js';
import { createControlRoutes } from './control-routes.js';
import { createFaults, FaultRuleError, preferredFault, type FaultAction } from './faults.js';
import { COUNTERS, initialSnapshot, nextId } from './state.js';
import { tokenHash } from './token-hash.js';

export interface CoreRequest {
  method: string;
  /** The path as sent, percent-escapes and all, without the query. */
  path: string;
  /** Query parameters, decoded; one given more than once is an array. */
  query: Record<string, string | string[]>;
  /** Header names in lower case. */
  headers: Record<string, string | undefined>;
  /** The body's text; undefined or empty for none. */
  body?: string | undefined;
  /** Set by an adapter that stopped reading a body over the size limit. */
  bodyTooLarge?: boolean;
}

export interface CoreResponse {
  status: number;
  headers: Record<string, string>;
  /** A JSON value, a string for a text body, or undefined for none. */
  body: unknown;
  /** For the request log: the operation that took the request, and the body fields it did not declare. */
  operationId?: string;
  unknownFields?: string[];
  /** An injected fault the adapter carries out: wait first, or drop the connection, or hold the request. */
  fault?: Pick<FaultAction, 'delayMs' | 'drop'>;
  /**
   * With a delay: the call itself, which the adapter makes once the wait is over, and only if its
   * client is still there; a client that gave up during the delay changed nothing.
   */
  afterDelay?: () => CoreResponse;
}

export interface CoreOptions {
  document: OpenApiDocument;
  fixtures: Fixtures;
  store: Store;
  /** Accept only these tokens; any token when empty or absent. */
  apiKeys?: readonly string[] | undefined;
  /** Refuse body fields the document does not declare (400 naming each), instead of dropping them. */
  strict?: boolean | undefined;
  /** Told once, at creation, of operations answered from the document for want of behaviour. Default: console.warn. */
  warn?: ((line: string) => void) | undefined;
}

const AUTHORIZATION = /^apikey ([^\s]+)$/i;

export const tokenOf = (headers: CoreRequest['headers']) => AUTHORIZATION.exec(headers.authorization ?? '')?.[1];

/** The value of the Deprecation header a deprecated operation's success response declares (its `const`), if any. */
function declaredDeprecation(document: OpenApiDocument, route: RouteSpec): string | undefined {
  if (!route.operation.deprecated) return undefined;
  const response = resolveRef<JsonObject>(document, (route.operation.responses as Record<string, JsonObject>)[String(route.status)] ?? {});
  const header = Object.entries((response.headers ?? {}) as Record<string, JsonObject>).find(([name]) => name.toLowerCase() === 'deprecation')?.[1];
  const value = header ? resolveRef<JsonObject>(document, header).schema?.const : undefined;
  return typeof value === 'string' ? value : undefined;
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

export function createCore({ document, fixtures, store, apiKeys, strict, warn = (line) => console.warn(line.trimEnd()) }: CoreOptions) {
  const routes = deriveRoutes(document);
  const handlers = withDocumentAnswers(document, routes, createHandlers(document, fixtures, store), warn);
  const match = createRouter(routes);
  const keepDocumented = createFieldFilter(document);
  const bodySchemas = new Map(routes.filter((route) => route.body).map((route) => [route, { $ref: route.body!.schema }]));
  const errors = createErrorBodies(document);
  // Request bodies get the defaults the document declares (an uploader config's `enabled`, say) as they are checked.
  const validator = createContractValidator(withSafeIntegers(document), { useDefaults: true });
  const checkRequest = createRequestChecker(validator);
  const faults = createFaults(routes, validator);
  const allowedKeys = apiKeys?.length ? new Set(apiKeys) : undefined;
  // A deprecated operation's Deprecation header, as its success response declares it: sent on every answer.
  const deprecationHeaders = new Map(routes.flatMap((route) => {
    const value = declaredDeprecation(document, route);
    return value === undefined ? [] : [[route, { deprecation: value }] as const];
  }));

  /** Why a request may not act, or undefined: a well-formed token, and an accepted one when keys are set. */
  const refusal = (token: string | undefined): string | undefined => {
    if (token === undefined) return 'Missing or malformed Authorization header: send "Authorization: apikey <token>"';
    if (allowedKeys && !allowedKeys.has(token)) return 'Unknown API key';
    return undefined;
  };

  function error(op: OperationRef, status: number, message: string, issues?: readonly ValidationIssue[], headers: Record<string, string> = {}): CoreResponse {
    const answer = errors.forOperation(op, status, message, issues);
    const contentType: Record<string, string> = answer.body === undefined ? {} : { 'content-type': answer.contentType! };
    return { status, headers: { ...headers, ...answer.headers, ...contentType }, body: answer.body, operationId: op.operationId };
  }

  /**
   * The client id a token acts as. Tokens are kept only as SHA-256 hashes, and a token gets an id only
   * when it creates something: a token that only reads adds nothing to the state.
   */
  const clientIdentity = (token: string) => {
    let hash: string | undefined;
    return (create?: { create: true }): number | undefined => {
      hash ??= tokenHash(token);
      const known = store.tables.clients.get(hash);
      if (known !== undefined || !create) return known;
      const id = nextId(store, COUNTERS.client);
      store.tables.clients.put(hash, id);
      return id;
    };
  };

  /** Checks the request in full, then runs the operation; the answer names the fields it did not declare. */
  function operate(route: RouteSpec, request: CoreRequest, rawParams: Record<string, string>, token: string, headers: Record<string, string>): CoreResponse {
    const params = decodedParams(rawParams);
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
    const extra = unknownFields.length > 0 ? { unknownFields } : {};
    try {
      const result = handlers[route.operationId]!({ params: checked.params, query: checked.query, body: documented, clientId: clientIdentity(token) });
      const contentType: Record<string, string> = result === undefined ? {} : { 'content-type': 'application/json; charset=utf-8' };
      return { status: route.status, headers: { ...headers, ...contentType }, body: request.method === 'HEAD' ? undefined : result, operationId: route.operationId, ...extra };
    } catch (problem) {
      if (problem instanceof HttpProblem) return { ...error(route, problem.status, problem.message, undefined, headers), ...extra };
      if (problem instanceof StatePersistError) return { ...error(route, 503, `${problem.message}; try again`, undefined, headers), ...extra };
      throw problem;
    }
  }

  /** The fault a call gets, from its Prefer header or a scripted rule; an answer instead of it, or the operation. */
  function withFaults(route: RouteSpec, request: CoreRequest, rawParams: Record<string, string>, token: string, headers: Record<string, string>): CoreResponse {
    let fault: FaultAction | undefined;
    try {
      fault = preferredFault(request.headers.prefer, route.status) ?? faults.match(route, request.path);
    } catch (problem) {
      if (problem instanceof FaultRuleError) return error(route, 400, problem.message, undefined, headers);
      throw problem;
    }
    if (!fault) return operate(route, request, rawParams, token, headers);
    const drop = fault.drop ? { fault: { drop: fault.drop } } : {};
    const call = (): CoreResponse => {
      // An injected status answers instead of the operation: nothing changes.
      if (fault.status !== undefined) {
        const retryAfter: Record<string, string> = fault.retryAfter !== undefined ? { 'retry-after': fault.retryAfter } : {};
        return { ...error(route, fault.status, `Injected fault: ${fault.status}`, undefined, { ...headers, ...retryAfter }), ...drop };
      }
      if (fault.drop) return { status: 0, headers: {}, body: undefined, operationId: route.operationId, ...drop };
      return operate(route, request, rawParams, token, headers);
    };
    // The wait comes first: the operation runs after it, when the adapter calls it.
    if (fault.delayMs !== undefined) return { status: 0, headers: {}, body: undefined, operationId: route.operationId, fault: { delayMs: fault.delayMs }, afterDelay: call };
    return call();
  }

  /** The fixtures' state again: for POST /__emulator/reset and emulator.reset(). */
  const reset = () => store.replace(initialSnapshot(fixtures));
  const control = createControlRoutes({ faults, resetState: reset, refusal, tokenOf, keysRequired: allowedKeys !== undefined });

  function handle(request: CoreRequest): CoreResponse {
    const method = request.method.toUpperCase();
    const own = control.handle(method, request);
    if (own) return own;
    const found = match(method, request.path);
    if (found.kind === 'none') return error(found.nearest, 404, `No operation at ${method} ${request.path}`);
    if (found.kind === 'method-not-allowed') {
      const allow = found.allowed.join(', ');
      return error(found.route, 405, `${method} is not allowed on ${found.route.path}; allowed: ${allow}`, undefined, { allow });
    }
    const headers = deprecationHeaders.get(found.route) ?? {};
    const token = tokenOf(request.headers);
    const refused = refusal(token);
    if (refused) return error(found.route, 401, refused, undefined, headers);
    return withFaults(found.route, request.method === method ? request : { ...request, method }, found.rawParams, token!, headers);
  }

  /**
   * The answer for a request that never reached `handle` whole (an HTTP parser's refusal): what the
   * document declares for the operation its path names, or no body.
   */
  function refuse(method: string, path: string, status: number, message: string): CoreResponse {
    const found = match(method.toUpperCase(), path);
    const op = found.kind === 'operation' || found.kind === 'method-not-allowed' ? found.route : undefined;
    return op ? error(op, status, message) : { status, headers: {}, body: undefined };
  }

  return { handle, refuse, reset, routes, faults, controlRoutes: control.list };
}

export type Core = ReturnType<typeof createCore>;
