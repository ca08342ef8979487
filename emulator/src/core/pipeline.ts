// The order a request goes through the core's stages, written once: the emulator's own routes, routing,
// a 404 or 405 for what no operation takes, the proxy's branch, auth, then the faults around the
// operation. Each stage is built by the composition root (wiring/) and handed in, as Prism's core keeps
// this order and its factory only supplies the parts; nothing here knows the areas or the upstream.
import type { RouteSpec } from 'cloud-platform-api/toolbox';
import type { Call } from './call-check.js';
import type { ErrorAnswer } from './error-answer.js';
import { NO_HEADERS, type CoreRequest, type CoreResponse } from './messages.js';
import type { RouteMatch } from './routing.js';

/** The stages `handle` runs, each made elsewhere. */
export interface PipelineStages {
  /** The emulator's own routes (/__emulator/*): their answer, or undefined for a request that is not theirs. */
  control(method: string, request: CoreRequest): CoreResponse | undefined;
  match(method: string, path: string): RouteMatch;
  error: ErrorAnswer;
  /** Headers every answer of an operation carries (a deprecated operation's Deprecation), if any. */
  headersOf(route: RouteSpec): Readonly<Record<string, string>> | undefined;
  tokenOf(headers: CoreRequest['headers']): string | undefined;
  /** Why a token may not act, or undefined. */
  refusal(token: string | undefined): string | undefined;
  /** The faults, then the operation (or the upstream's answer), for a routed call. */
  perform(call: Call): CoreResponse;
  /**
   * Set when a proxy forwards the API: what a request no operation takes is answered with. The upstream
   * then decides who may act, so no key is checked and no header of the emulator's added.
   */
  unrouted?: ((request: CoreRequest) => CoreResponse) | undefined;
}

/**
 * `handle` takes a request through the stages, from plain data to plain data; `refuse` answers what an
 * adapter refused before it could be handled.
 */
export function createPipeline(stages: PipelineStages) {
  const { control, match, error, headersOf, tokenOf, refusal, perform, unrouted } = stages;

  /** A routed call, its method as the router read it. */
  const callOf = (
    request: CoreRequest,
    method: string,
    { route, rawParams }: RouteMatch & { kind: 'operation' },
    token: string,
    headers: Call['headers'],
  ): Call => ({
    route,
    request: request.method === method ? request : { ...request, method },
    rawParams,
    token,
    headers,
  });

  function handle(request: CoreRequest): CoreResponse {
    const method = request.method.toUpperCase();
    const own = control(method, request);
    if (own) return own;
    const found = match(method, request.path);
    if (unrouted) {
      if (found.kind !== 'operation') return unrouted(request);
      return perform(callOf(request, method, found, tokenOf(request.headers) ?? '', {}));
    }
    // A path or method no operation has: answered in the shape of the nearest area, but no operation's.
    if (found.kind === 'none')
      return { ...error(found.nearest, 404, `No operation at ${method} ${request.path}`), operationId: undefined };
    if (found.kind === 'method-not-allowed') {
      const allow = found.allowed.join(', ');
      const message = `${method} is not allowed on ${found.route.path}; allowed: ${allow}`;
      return { ...error(found.route, 405, message, undefined, { allow }), operationId: undefined };
    }
    const headers = headersOf(found.route) ?? NO_HEADERS;
    const token = tokenOf(request.headers);
    const refused = refusal(token);
    if (refused) return error(found.route, 401, refused, undefined, headers);
    return perform(callOf(request, method, found, token!, headers));
  }

  /**
   * The answer for a request that never reached `handle` whole (an HTTP parser's refusal, an internal
   * error): what the document declares for the operation its path names, or no body.
   */
  function refuse(method: string, path: string, status: number, message: string): CoreResponse {
    const found = match(method.toUpperCase(), path);
    const op = found.kind === 'operation' || found.kind === 'method-not-allowed' ? found.route : undefined;
    return op ? error(op, status, message) : { status, headers: {}, body: undefined };
  }

  return { handle, refuse };
}

export type Pipeline = ReturnType<typeof createPipeline>;
