// Operations the emulator has no behaviour for still answer: with the example their success response
// declares (else its schema's), the same on every call, whatever the state. Routing, auth, validation
// and error bodies come from the document as for any operation; one warning at start names them.
import { resolveRef, schemaExample, type JsonObject, type OpenApiDocument, type RouteSpec } from 'cloud-platform-api/contract';
import type { Handler } from './behaviour.js';

/** The body an operation's success response shows: its JSON example, its first named example, or its schema's. */
function exampleBody(document: OpenApiDocument, route: RouteSpec): unknown {
  const raw = (route.operation.responses as Record<string, JsonObject>)[String(route.status)];
  const response = raw ? resolveRef<JsonObject>(document, raw) : {};
  const media = Object.entries((response.content ?? {}) as Record<string, JsonObject>).find(([type]) => /json/.test(type))?.[1];
  if (!media) return undefined;
  if ('example' in media) return media.example;
  const named = Object.values((media.examples ?? {}) as Record<string, JsonObject>)[0];
  if (named) return resolveRef<JsonObject>(document, named).value;
  return schemaExample(document, media.schema ?? {});
}

/**
 * `handlers` with an answer from the document for each route that has none; `warn` is told once which
 * operations those are.
 */
export function withDocumentAnswers(document: OpenApiDocument, routes: readonly RouteSpec[], handlers: Partial<Record<string, Handler>>, warn: (line: string) => void): Record<string, Handler> {
  const answered: Record<string, Handler> = { ...handlers } as Record<string, Handler>;
  const missing = routes.filter((route) => answered[route.operationId] === undefined);
  for (const route of missing) {
    const body = exampleBody(document, route);
    answered[route.operationId] = () => body;
  }
  if (missing.length > 0) {
    warn(`cloud-platform-emulator: no behaviour for ${missing.map((r) => r.operationId).join(', ')}: answered statelessly with the document's example\n`);
  }
  return answered;
}
