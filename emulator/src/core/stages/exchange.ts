// One request's exchange as it goes through the stages (pipeline.ts runs them): the request, what each
// stage found (the route, the key, the checked call, the fault), the answer once one is made, and beside
// it what the journal and the log record. The answer is wire data only; the parts of the emulator the
// stages read are on `parts`, built once by the composition root.
import type { RouteSpec } from 'cloud-platform-api/toolbox';
import type { ValidationIssue } from 'cloud-platform-check/contract';
import type { ControlRoutes } from '../controls/routes.js';
import type { CallChecker, CheckedCall } from '../document/call-check.js';
import type { ErrorAnswer } from '../document/area-errors.js';
import type { PreferredExample } from '../document/preferred-examples.js';
import type { DropKind, FaultAction, Faults } from '../controls/faults.js';
import type { Handler } from '../operation-handler.js';
import type { Journal } from '../controls/journal.js';
import { NO_HEADERS, type ContractViolation, type CoreRequest, type CoreResponse } from '../messages.js';
import type { Overrides } from '../controls/overrides.js';
import type { Verdict } from '../api-keys.js';
import type { RouteMatch } from '../document/router.js';

/** One line of the request log: never a header, a query or a body value, so no key or secret. */
export interface RequestLogEntry {
  time: string;
  method: string;
  path: string;
  /** The operation that took the request, where one did. */
  operationId?: string;
  /** The status answered; 0 when an injected fault dropped or held the connection instead. */
  status: number;
  ms: number;
  /** Body fields the document does not declare (dropped, or refused with strict). */
  unknownFields?: string[];
  /** The status was injected by a fault, not the operation's own answer. */
  injected?: true;
  /** Why a 400 was refused: each field and rule (the text log shows the first). */
  issues?: { path: string; rule: string }[];
  /** The injected fault that dropped or held the connection, if one did. */
  fault?: DropKind;
  /** The status the operation answered before a fault after it failed the answer: its change was kept. */
  applied?: number;
  /** Through the proxy: each violation of the exchange (direction, path, rule), the undeclared fields marked. */
  violations?: { direction: 'request' | 'response'; path: string; rule: string; undeclared?: true }[];
}

/** The proxy, where the emulator forwards the API: it answers the exchange with the upstream's answer. */
export interface Forwarder {
  forward(exchange: Exchange): Promise<void>;
}

/** What the stages read of the emulator: made once by the composition root, shared by every exchange. */
export interface StageParts {
  control: Pick<ControlRoutes, 'handle'>;
  match(method: string, path: string): RouteMatch;
  error: ErrorAnswer;
  /** Headers every answer of an operation carries (a deprecated operation's Deprecation), if any. */
  headersOf(route: RouteSpec): Readonly<Record<string, string>> | undefined;
  /** What a request may do under a route's requirement (api-keys.ts): act with its token, or be refused. */
  authorize(request: CoreRequest, route: RouteSpec): Verdict;
  clientIdentity(token: string): (create?: { create: true }) => number | undefined;
  checkCall: CallChecker;
  /** Refuse body fields the document does not declare. */
  strict: boolean | undefined;
  faults: Pick<Faults, 'match'>;
  preferredExample: PreferredExample;
  /** The media type of an operation's success answer where the document declares one other than plain JSON. */
  successType?: ((route: RouteSpec) => string | undefined) | undefined;
  handlers: Readonly<Record<string, Handler>>;
  overrides: Pick<Overrides, 'answer'>;
  /** Set when a proxy forwards the API: the target forwards instead of running the operation. */
  forward: Forwarder | undefined;
  journal: Pick<Journal, 'add'>;
  /** The sink of the log's lines, if any. */
  log: ((entry: RequestLogEntry) => void) | undefined;
  /** The scrubber of a request's secrets, for what the log says of it (request-redactor.ts). */
  redactorOf(request: CoreRequest): (text: string) => string;
  /** The time of a request, as the journal and the log write it. */
  now: () => string;
}

/** What a stage may wait on: the carrier's wait, which rejects once the client has gone. */
export interface Waiter {
  wait(ms: number): Promise<void>;
}

export interface Exchange {
  readonly parts: StageParts;
  readonly waiter: Waiter;
  /** When the request arrived (performance.now()), before its body was read. */
  readonly started: number;
  /** The request, its method as the router reads it (upper case) once routed. */
  request: CoreRequest;
  /** The operation that takes the request, once routed; none for a path no operation has. */
  route: RouteSpec | undefined;
  /** Path parameters as matched, still percent-escaped. */
  rawParams: Record<string, string>;
  /** The token the request acts with ('' through a proxy without one). */
  token: string;
  /** Headers every answer of this operation carries (a deprecated operation's Deprecation). */
  headers: Readonly<Record<string, string>>;
  /** The call as the document reads it, or why it cannot be: the target refuses or forwards it. */
  checked: CheckedCall | undefined;
  /** The fault the call gets, if any. */
  fault: FaultAction | undefined;
  /** What goes on the wire, once a stage has made it. */
  answer: CoreResponse | undefined;
  /** An injected fault drops the connection (`reset`), or holds it until the client leaves (`timeout`). */
  drop: DropKind | undefined;
  /** The client left during a wait, with why: nothing more is made, and nothing is delivered. */
  left: { reason: unknown } | undefined;
  // For the journal and the log.
  /** Body fields the document does not declare. */
  unknownFields: string[] | undefined;
  /** Why a request was refused with a 400: each field and rule. */
  issues: readonly ValidationIssue[] | undefined;
  /** The status a fault injected instead of the operation's answer. */
  injected: number | undefined;
  /** The status the operation answered before a fault after it failed the answer: its change was kept. */
  applied: number | undefined;
  /** Through the proxy: what it found wrong in the exchange. */
  violations: readonly ContractViolation[] | undefined;
}

/** No path parameters yet: one frozen object for every exchange until routing sets its own. */
const NO_PARAMS: Record<string, string> = Object.freeze({});

/** A new exchange for `request`: every field set, so that each exchange has the same shape. */
export const newExchange = (parts: StageParts, request: CoreRequest, waiter: Waiter, started: number): Exchange => ({
  parts,
  waiter,
  started,
  request,
  route: undefined,
  rawParams: NO_PARAMS,
  token: '',
  headers: NO_HEADERS,
  checked: undefined,
  fault: undefined,
  answer: undefined,
  drop: undefined,
  left: undefined,
  unknownFields: undefined,
  issues: undefined,
  injected: undefined,
  applied: undefined,
  violations: undefined,
});

/** Whether the exchange is over before the target: answered, dropped, or left by its client. */
export const settled = (exchange: Exchange): boolean =>
  exchange.answer !== undefined || exchange.drop !== undefined || exchange.left !== undefined;

/** Answers the exchange's operation (routed) with an error in its area's shape, and the call's headers. */
export function answerError(
  exchange: Exchange,
  status: number,
  message: string,
  issues?: readonly ValidationIssue[],
  headers: Readonly<Record<string, string>> = exchange.headers,
): void {
  exchange.answer = exchange.parts.error(exchange.route!, status, message, issues, headers);
  if (issues?.length) exchange.issues = issues;
}
