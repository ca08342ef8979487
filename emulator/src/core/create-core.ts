// The emulator's core: one function, `handle`, from a request as plain data to an answer as plain
// data, with no transport in it. It owns routing (from the document), auth, validation, the
// operations' behaviour and the error shapes of each area; the adapters (HTTP, in-process fetch, MSW)
// only translate.
import type { OpenApiDocument } from 'cloud-platform-api/contract';
import type { Store } from '../store/store.js';
import { areaHandlers, STATE_MODEL, type EmulatorTables, type Fixtures } from '../operations/index.js';
import { createAuth, tokenOf } from './auth.js';
import { asCalledByTheCore } from './behaviour.js';
import { createControlRoutes } from './control-routes.js';
import { withDocumentAnswers } from './document-answers.js';
import { createFaultStage } from './fault-stage.js';
import { documentParts } from './document-parts.js';
import { createFaults } from './faults.js';
import type { CoreRequest, CoreResponse } from './messages.js';
import { createOperate } from './operate.js';
import { createJournal } from './journal.js';
import { initialSnapshot } from './state.js';

export interface CoreOptions {
  document: OpenApiDocument;
  fixtures: Fixtures;
  store: Store<EmulatorTables>;
  /** Accept only these tokens; any token when empty or absent. */
  apiKeys?: readonly string[] | undefined;
  /** Refuse body fields the document does not declare (400 naming each), instead of dropping them. */
  strict?: boolean | undefined;
  /** Told once, at creation, of operations answered from the document for want of behaviour. Default: console.warn. */
  warn?: ((line: string) => void) | undefined;
  /** How many requests the journal keeps. Default: 1,000. */
  journalSize?: number | undefined;
}

/**
 * The core: `handle` takes a request through the stages (the emulator's own routes, routing, auth,
 * faults, the checks and the operation), each of its own module; `refuse` answers what a transport
 * refused before it could be handled.
 */
export function createCore({ document, fixtures, store, apiKeys, strict, warn = (line) => console.warn(line.trimEnd()), journalSize }: CoreOptions) {
  const { routes, match, error, requestValidator: validator, deprecation, checkFaultRule } = documentParts(document);
  const faults = createFaults(routes, checkFaultRule);
  const auth = createAuth(store, apiKeys);
  const handlers = withDocumentAnswers(document, routes, asCalledByTheCore(areaHandlers({ document, fixtures, store })), warn);
  const operate = createOperate({ document, routes, handlers, validator, strict, error, clientIdentity: auth.clientIdentity });
  const withFaults = createFaultStage(faults, error, operate);
  const journal = createJournal(journalSize);
  /** The fixtures' state again, and an empty journal: for POST /__emulator/reset and emulator.reset(). */
  const reset = () => {
    store.replace(initialSnapshot(STATE_MODEL, fixtures));
    journal.clear();
  };
  const control = createControlRoutes({ faults, journal, resetState: reset, refusal: auth.refusal, tokenOf, keysRequired: auth.keysRequired });

  function handle(request: CoreRequest): CoreResponse {
    const method = request.method.toUpperCase();
    const own = control.handle(method, request);
    if (own) return own;
    const found = match(method, request.path);
    // A path or method no operation has: answered in the shape of the nearest area, but no operation's.
    if (found.kind === 'none') return { ...error(found.nearest, 404, `No operation at ${method} ${request.path}`), operationId: undefined };
    if (found.kind === 'method-not-allowed') {
      const allow = found.allowed.join(', ');
      return { ...error(found.route, 405, `${method} is not allowed on ${found.route.path}; allowed: ${allow}`, undefined, { allow }), operationId: undefined };
    }
    const headers = deprecation.get(found.route) ?? {};
    const token = tokenOf(request.headers);
    const refused = auth.refusal(token);
    if (refused) return error(found.route, 401, refused, undefined, headers);
    return withFaults({ route: found.route, request: request.method === method ? request : { ...request, method }, rawParams: found.rawParams, token: token!, headers });
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

  return { handle, refuse, reset, routes, faults, journal, controlRoutes: control.list };
}

export type Core = ReturnType<typeof createCore>;
