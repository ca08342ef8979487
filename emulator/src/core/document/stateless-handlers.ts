// Operations the emulator has no behaviour for still answer: with the example their success response
// declares (else its schema's), the same on every call, whatever the state. Routing, auth, validation
// and error bodies come from the document as for any operation; one warning at start names them.
import { responseExample, responseFor, type OpenApiDocument, type RouteSpec } from 'cloud-platform-api/toolbox';
import type { Handler } from '../operation-handler.js';

/**
 * `handlers` with an answer from the document for each route that has none; `warn` is told once which
 * operations those are.
 */
export function withStatelessHandlers(
  document: OpenApiDocument,
  routes: readonly RouteSpec[],
  handlers: Partial<Record<string, Handler>>,
  warn: (line: string) => void,
): Record<string, Handler> {
  // No prototype: an operationId such as `constructor` or `__proto__` is a key like any other, never
  // Object.prototype's method or accessor.
  const answered: Record<string, Handler> = Object.assign(Object.create(null), handlers);
  const missing = routes.filter((route) => answered[route.operationId] === undefined);
  for (const route of missing) {
    const body = responseExample(document, responseFor(document, route, route.status));
    answered[route.operationId] = () => body;
  }
  if (missing.length > 0) {
    warn(
      `cloud-platform-emulator: no behaviour for ${missing.map((r) => r.operationId).join(', ')}: answered statelessly with the document's example\n`,
    );
  }
  return answered;
}
