// The behaviour of the operations no area has any for: the items of the document's REST-shaped
// collections kept in the store (kept-collections.ts), and every other operation answered with the
// document's success answer (document/stateless-handlers.ts). One warning at start names each kind.
import type { OpenApiDocument, RouteSpec } from 'cloud-platform-api/toolbox';
import { createDocumentAnswers, statelessHandler } from '../document/stateless-handlers.js';
import type { Handler } from '../operation-handler.js';
import { keptCollectionHandlers, type KeptTables } from './kept-collections.js';
import type { CoreTables } from './state.js';
import type { Store } from '../../store/store.js';

/** How many operations a warning names before it counts the rest: a large document's line stays readable. */
export const NAMED_IN_A_WARNING = 10;

/** The operationIds of `routes`, the first NAMED_IN_A_WARNING of them, then how many more there are. */
export function named(routes: readonly RouteSpec[]): string {
  const names = routes
    .slice(0, NAMED_IN_A_WARNING)
    .map((route) => route.operationId)
    .join(', ');
  const more = routes.length - NAMED_IN_A_WARNING;
  return more > 0 ? `${names} and ${more} more` : names;
}

/**
 * `handlers` with behaviour from the document for each route that has none; `warn` is told once which
 * operations keep state by inference, and which answer statelessly.
 */
export function withDocumentBehaviour(
  document: OpenApiDocument,
  routes: readonly RouteSpec[],
  handlers: Partial<Record<string, Handler>>,
  store: Store<KeptTables & CoreTables>,
  warn: (line: string) => void,
): Record<string, Handler> {
  // No prototype: an operationId such as `constructor` or `__proto__` is a key like any other, never
  // Object.prototype's method or accessor.
  const answered: Record<string, Handler> = Object.assign(Object.create(null), handlers);
  const missing = new Set(routes.filter((route) => answered[route.operationId] === undefined));
  if (missing.size === 0) return answered;
  const answer = createDocumentAnswers(document);
  const kept = keptCollectionHandlers(document, routes, (route) => missing.has(route), store, answer);
  Object.assign(answered, kept);
  const stateless = [...missing].filter((route) => kept[route.operationId] === undefined);
  for (const route of stateless) answered[route.operationId] = statelessHandler(route, answer);
  const inferred = [...missing].filter((route) => kept[route.operationId] !== undefined);
  if (inferred.length > 0)
    warn(`cloud-platform-emulator: no behaviour for ${named(inferred)}: state kept by inference from the paths\n`);
  if (stateless.length > 0)
    warn(
      `cloud-platform-emulator: no behaviour for ${named(stateless)}: answered statelessly with the document's example\n`,
    );
  return answered;
}
