// The recording stage, whichever adapter carried the request: the journal
// keeps it (the emulator's own routes aside) and the log, a sink the caller gives, gets one line for it.
import { CONTROL_PREFIX } from '../controls/routes.js';
import type { Exchange, RequestLogEntry } from './exchange.js';

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
  if (parts.log) parts.log(logEntryOf(exchange, performance.now() - exchange.started, time, parts.redactorOf(request)));
}

/**
 * The log's line for an answered request: what it says, never a header, a query or a body value; the
 * request's secrets scrubbed from its path and the field names it gives.
 */
function logEntryOf(exchange: Exchange, ms: number, time: string, redact: (text: string) => string): RequestLogEntry {
  const method = exchange.request.method.toUpperCase();
  const path = redact(exchange.request.path);
  const operationId = exchange.route?.operationId;
  const status = statusOf(exchange);
  const tenths = Math.round(ms * 10) / 10;
  // Made for every request: the optional fields are set where they apply, in the log's order, rather
  // than spread in from an object made for each.
  const entry: RequestLogEntry = operationId
    ? { time, method, path, operationId, status, ms: tenths }
    : { time, method, path, status, ms: tenths };
  if (exchange.unknownFields?.length) entry.unknownFields = exchange.unknownFields.map(redact);
  if (exchange.injected !== undefined) entry.injected = true;
  if (exchange.issues?.length) entry.issues = exchange.issues.map(({ path, rule }) => ({ path: redact(path), rule }));
  if (exchange.drop) entry.fault = exchange.drop;
  if (exchange.applied !== undefined) entry.applied = exchange.applied;
  if (exchange.violations?.length)
    entry.violations = exchange.violations.map(({ direction, path, rule, undeclared }) =>
      undeclared ? { direction, path: redact(path), rule, undeclared } : { direction, path: redact(path), rule },
    );
  return entry;
}
