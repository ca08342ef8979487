// What happens to a request once it is answered (or dropped), whichever adapter carried it: the journal
// keeps it (the emulator's own routes aside) and the log, a sink the caller gives, gets one line for it.
import { CONTROL_PREFIX } from './control-routes.js';
import type { DropKind } from './faults.js';
import type { Journal } from './journal.js';
import type { CoreRequest, CoreResponse } from './messages.js';

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

export interface RecordOptions {
  journal: Pick<Journal, 'add'>;
  /** The sink of the log's lines, if any. */
  log?: ((entry: RequestLogEntry) => void) | undefined;
  /** The time of a request, as the journal and the log write it. */
  now: () => string;
}

/** Records a request once it is answered (or dropped), `ms` after it arrived. */
export function createRequestRecord({ journal, log, now }: RecordOptions) {
  return (request: CoreRequest, answer: CoreResponse, ms: number): void => {
    const time = now();
    // The emulator's own routes are not API requests: not in the journal.
    if (!request.path.startsWith(CONTROL_PREFIX)) journal.add(request, answer, time);
    log?.(logEntryOf(request, answer, ms, time));
  };
}

/** The log's line for an answered request: what it says, never a header, a query or a body value. */
function logEntryOf(request: CoreRequest, answer: CoreResponse, ms: number, time: string): RequestLogEntry {
  const method = request.method.toUpperCase();
  const { path } = request;
  const { operationId, status } = answer;
  const tenths = Math.round(ms * 10) / 10;
  // Made for every request: the optional fields are set where they apply, in the log's order, rather
  // than spread in from an object made for each.
  const entry: RequestLogEntry = operationId
    ? { time, method, path, operationId, status, ms: tenths }
    : { time, method, path, status, ms: tenths };
  if (answer.unknownFields?.length) entry.unknownFields = answer.unknownFields;
  if (answer.injected !== undefined) entry.injected = true;
  if (answer.issues?.length) entry.issues = answer.issues.map(({ path, rule }) => ({ path, rule }));
  if (answer.fault?.drop) entry.fault = answer.fault.drop;
  if (answer.applied !== undefined) entry.applied = answer.applied;
  if (answer.violations?.length)
    entry.violations = answer.violations.map(({ direction, path, rule, undeclared }) =>
      undeclared ? { direction, path, rule, undeclared } : { direction, path, rule },
    );
  return entry;
}
