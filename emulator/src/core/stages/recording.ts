// The recording stage, whichever adapter carried the request: the journal
// keeps it (the emulator's own routes aside) and the log, a sink the caller gives, gets one line for it.
import { CONTROL_PREFIX } from '../control-routes.js';
import type { DropKind } from '../faults.js';
import type { Exchange } from './exchange.js';

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

/** The status the journal and the log give an exchange: 0 where no answer went out (a dropped or held connection, a client that left). */
const statusOf = (exchange: Exchange) => exchange.answer?.status ?? 0;

/**
 * The last stage, whatever happened before it: the exchange recorded once it is answered (or dropped, or
 * left by its client), `ms` after the request arrived.
 */
export function recording(exchange: Exchange): void {
  const { parts, request } = exchange;
  const time = parts.now();
  // The emulator's own routes are not API requests: not in the journal.
  if (!request.path.startsWith(CONTROL_PREFIX)) parts.journal.add(exchange, statusOf(exchange), time);
  parts.log?.(logEntryOf(exchange, performance.now() - exchange.started, time));
}

/** The log's line for an answered request: what it says, never a header, a query or a body value. */
function logEntryOf(exchange: Exchange, ms: number, time: string): RequestLogEntry {
  const method = exchange.request.method.toUpperCase();
  const { path } = exchange.request;
  const operationId = exchange.route?.operationId;
  const status = statusOf(exchange);
  const tenths = Math.round(ms * 10) / 10;
  // Made for every request: the optional fields are set where they apply, in the log's order, rather
  // than spread in from an object made for each.
  const entry: RequestLogEntry = operationId
    ? { time, method, path, operationId, status, ms: tenths }
    : { time, method, path, status, ms: tenths };
  if (exchange.unknownFields?.length) entry.unknownFields = exchange.unknownFields;
  if (exchange.injected !== undefined) entry.injected = true;
  if (exchange.issues?.length) entry.issues = exchange.issues.map(({ path, rule }) => ({ path, rule }));
  if (exchange.drop) entry.fault = exchange.drop;
  if (exchange.applied !== undefined) entry.applied = exchange.applied;
  if (exchange.violations?.length)
    entry.violations = exchange.violations.map(({ direction, path, rule, undeclared }) =>
      undeclared ? { direction, path, rule, undeclared } : { direction, path, rule },
    );
  return entry;
}
