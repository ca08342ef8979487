// The routing stage: the operation a request goes to (routing.ts reads the document's paths), with its
// method upper-cased; a path or method no operation has is answered 404 or 405 in the shape of the
// nearest area, but as no operation's. Through a proxy, such a request goes to the upstream as it is.
import { JSON_HEADERS, NO_HEADERS, type CoreResponse } from '../messages.js';
import { settled, type Exchange, type StageParts } from './exchange.js';

export function routing(exchange: Exchange): void {
  if (settled(exchange)) return;
  const { request, parts } = exchange;
  const method = request.method.toUpperCase();
  const found = parts.match(method, request.path);
  if (found.kind === 'operation') {
    exchange.route = found.route;
    exchange.rawParams = found.rawParams;
    if (request.method !== method) exchange.request = { ...request, method };
    // Through a proxy, the upstream's answer carries the upstream's headers alone.
    exchange.headers = parts.forward ? NO_HEADERS : (parts.headersOf(found.route) ?? NO_HEADERS);
    return;
  }
  if (parts.forward) return;
  if (found.kind === 'none') {
    const message = `No operation at ${method} ${request.path}`;
    // A document with no operation has no area's shape to answer in: the emulator's own.
    exchange.answer = found.nearest
      ? parts.error(found.nearest, 404, message)
      : { status: 404, headers: JSON_HEADERS, body: { message } };
    return;
  }
  const allow = found.allowed.join(', ');
  const message = `${method} is not allowed on ${found.route.path}; allowed: ${allow}`;
  exchange.answer = parts.error(found.route, 405, message, undefined, { allow });
}

/**
 * The answer for a request that never went through the stages whole (an HTTP parser's refusal, an
 * internal error): what the document declares for the operation its path names, or no body.
 */
export function refusedAnswer(
  parts: Pick<StageParts, 'match' | 'error'>,
  method: string,
  path: string,
  status: number,
  message: string,
): CoreResponse {
  const found = parts.match(method.toUpperCase(), path);
  const op = found.kind === 'operation' || found.kind === 'method-not-allowed' ? found.route : undefined;
  return op ? parts.error(op, status, message) : { status, headers: {}, body: undefined };
}
