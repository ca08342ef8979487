// What the emulator was asked and how it answered, for a test to assert on: "did my app call
// createLogsUploaderConfig once, with enabled: false?". Every adapter feeds it (through `record`); the
// last `size` requests are kept, and no more of their bodies than JOURNAL_BODY_BUDGET_BYTES (a peer
// sending 1 MiB bodies cannot grow it past that); the key is scrubbed from every body, in every form
// the client's redactor knows. A request costs only a record of what came in and went out: entries are made, and
// bodies parsed and scrubbed, when a test reads them.
import type { DropKind } from './faults.js';
import { REDACTED, redactJson, type RouteSpec } from 'cloud-platform-api/toolbox';
import type { ValidationIssue } from 'cloud-platform-check/contract';
import type { SentParameter } from 'cloud-platform-check/coverage';
import type { CredentialTexts } from '../api-keys.js';
import { createJournalFilter } from './journal-filter.js';
import type { CoreRequest } from '../messages.js';
import { wholeNumberOption } from '../common/option-values.js';
import { requestRedactors } from './request-redactor.js';

export const DEFAULT_JOURNAL_SIZE = 1000;
/** The most requests a journal keeps, as createEmulator's `journalSize` and `--journal-size` take it. */
export const MAX_JOURNAL_SIZE = 1_000_000;
/** The most of one request's body an entry keeps; a longer one is cut there, and the entry says how long it was. */
export const JOURNAL_BODY_LIMIT_BYTES = 64 * 1024;
/** The most memory the bodies kept take in all; past it, the oldest requests leave first. */
export const JOURNAL_BODY_BUDGET_BYTES = 16 * 1024 * 1024;
/** A string's memory, at most: two bytes a character. */
const bytesHeld = (text: string | undefined) => (text === undefined ? 0 : text.length * 2);

/** One request in the journal: what was sent (the key scrubbed) and what the emulator made of it. */
export interface JournalEntry {
  time: string;
  method: string;
  path: string;
  query: Record<string, string | string[]>;
  /**
   * The operation's header and cookie parameters the request carried, by name (the journal keeps no
   * header): with the documented value matched where coverage counts values (an enum, a boolean), never
   * what was sent; a credential's header or cookie only as sent. Absent for none.
   */
  sentParameters?: SentParameter[];
  /** The operation that took the request; absent for a path or method no operation has. */
  operationId?: string;
  /** The request body as parsed (JSON), or its text; the key scrubbed. Absent for none. */
  body?: unknown;
  /** For a body longer than the journal keeps: its length in characters; `body` is then its first part, as text. */
  bodyTruncatedFrom?: number;
  status: number;
  /** An injected fault: the status it answered instead of the operation, or the connection it dropped or held. */
  fault?: number | DropKind;
  /**
   * Applied, then failed: the operation ran and answered this status (its change was kept), and a fault
   * after it (`after: true`) failed the answer the client got.
   */
  applied?: number;
  unknownFields?: string[];
  /** Why the request was refused with a 400. */
  issues?: readonly ValidationIssue[];
}

/** What the journal keeps of an exchange (the stages' Exchange is one): the request, and what the emulator made of it. */
export interface JournalledExchange {
  request: CoreRequest;
  route: RouteSpec | undefined;
  injected: number | undefined;
  drop: DropKind | undefined;
  applied: number | undefined;
  unknownFields: string[] | undefined;
  issues: readonly ValidationIssue[] | undefined;
}

/** A body as a test reads it: parsed where it is JSON, its text otherwise, the secrets scrubbed from every string. */
function readableBody(text: string, redact: (text: string) => string): unknown {
  try {
    return redactJson(JSON.parse(text), redact);
  } catch {
    return redact(text);
  }
}

/** The query as an entry shows it: a parameter that carries a credential redacted whole, the secrets scrubbed from the rest. */
function keptQuery(
  query: CoreRequest['query'],
  redact: (text: string) => string,
  credentialNames: ReadonlySet<string>,
) {
  return Object.fromEntries(
    Object.entries(query).map(([name, value]) => [
      redact(name),
      credentialNames.has(name) ? REDACTED : Array.isArray(value) ? value.map(redact) : redact(value),
    ]),
  );
}

/**
 * A request as kept: only what an entry is made of, copied out of the request and its answer, so the
 * journal does not hold the adapter's header objects alive (a busy server copies what it holds from
 * one heap space to the next). The entry is made when a test reads it.
 */
interface Kept {
  time: string;
  method: string;
  path: string;
  query: CoreRequest['query'];
  sentParameters: SentParameter[] | undefined;
  body: string | undefined;
  bodyTruncatedFrom: number | undefined;
  /** What the request's credentials came in outside its query (CredentialTexts.carried), to scrub when the entry is made. */
  carried: string | undefined;
  operationId: string | undefined;
  status: number;
  fault: JournalEntry['fault'];
  applied: number | undefined;
  unknownFields: string[] | undefined;
  issues: readonly ValidationIssue[] | undefined;
  /** The entry, once made (the body parsed and scrubbed once). */
  entry?: JournalEntry;
}

/**
 * One copy of a string an app sends request after request (its Authorization header, the path it
 * calls): the journal keeps the copy it has, and the request's own dies young instead of being carried
 * to the old space.
 */
function sameAsBefore(): (value: string | undefined) => string | undefined {
  let last: string | undefined;
  return (value) => {
    if (value !== last) last = value;
    return last;
  };
}

/** A body's length where the journal keeps only its first part, undefined where it keeps it whole. */
const truncatedFrom = (body: string | undefined) =>
  body === undefined || bytesHeld(body) <= JOURNAL_BODY_LIMIT_BYTES ? undefined : body.length;

/**
 * A body as the journal keeps it: whole up to JOURNAL_BODY_LIMIT_BYTES, else its first part, copied out:
 * a slice would keep the whole original alive.
 */
function keptBody(body: string | undefined): string | undefined {
  if (truncatedFrom(body) === undefined) return body;
  return new TextDecoder().decode(new TextEncoder().encode(body!.slice(0, JOURNAL_BODY_LIMIT_BYTES / 2)));
}

/** An issue as an entry shows it: its path names a field, which may be anything an app sent. */
const redactedIssue = (issue: ValidationIssue, redact: (text: string) => string): ValidationIssue => ({
  ...issue,
  path: redact(issue.path),
  message: redact(issue.message),
});

function entryOf(
  kept: Kept,
  redactorOf: (kept: Kept) => (text: string) => string,
  queryNames: ReadonlySet<string>,
): JournalEntry {
  const { time, method, path, query, body, bodyTruncatedFrom, operationId, status } = kept;
  if (kept.entry) return kept.entry;
  const redact = redactorOf(kept);
  kept.entry = {
    time,
    method: method.toUpperCase(),
    // An app may put the key in a path (a value, a mistake): scrubbed as the query and the body are.
    path: redact(path),
    query: keptQuery(query, redact, queryNames),
    ...(kept.sentParameters ? { sentParameters: kept.sentParameters } : {}),
    ...(operationId ? { operationId } : {}),
    ...(body
      ? {
          body: bodyTruncatedFrom === undefined ? readableBody(body, redact) : redact(body),
          ...(bodyTruncatedFrom === undefined ? {} : { bodyTruncatedFrom }),
        }
      : {}),
    status,
    ...(kept.fault === undefined ? {} : { fault: kept.fault }),
    ...(kept.applied === undefined ? {} : { applied: kept.applied }),
    ...(kept.unknownFields?.length ? { unknownFields: kept.unknownFields.map(redact) } : {}),
    ...(kept.issues?.length ? { issues: kept.issues.map((issue) => redactedIssue(issue, redact)) } : {}),
  };
  return kept.entry;
}

/** What the emulator was asked and how it answered: the newest requests, within a body budget. */
export interface Journal {
  /** One exchange, with the status it was answered (0 for none), at `time`. */
  add(exchange: JournalledExchange, status: number, time: string): void;
  /**
   * The requests kept, oldest first, those that match every field of `filter` (a JournalFilter, or
   * the query of GET /__emulator/requests): one that would match no request is a JournalFilterError.
   */
  list(filter?: unknown): JournalEntry[];
  clear(): void;
}

/** Which of a route's header and cookie parameters a request carried (cloud-platform-check's sentParameterReader). */
export type SentParameterReader = (route: RouteSpec, headers: CoreRequest['headers']) => SentParameter[] | undefined;

/**
 * `routes`: the document's operations, which a filter must name; `credentials`: where the document's
 * credentials travel (api-keys.ts), whose secrets are scrubbed from the entries; `sentParameters`: what
 * an entry keeps of the headers, for coverage.
 */
export function createJournal(
  journalSize: unknown,
  routes: readonly RouteSpec[],
  credentials: CredentialTexts,
  sentParameters: SentParameterReader,
): Journal {
  const size = wholeNumberOption('journalSize', journalSize, 1, MAX_JOURNAL_SIZE);
  const matcher = createJournalFilter(routes);
  // Oldest first from `start`: the newest `size` records whose bodies fit the budget. Records leave by
  // moving `start`, and the array is cut down only now and then, so a full journal costs a request no copy.
  let kept: Kept[] = [];
  let start = 0;
  let bodyBytes = 0;
  const path = sameAsBefore();
  const carried = sameAsBefore();
  const redactorOf = requestRedactors(credentials);

  function dropOldest(): void {
    bodyBytes -= bytesHeld(kept[start]!.body);
    kept[start++] = undefined as never;
    if (start >= size) {
      kept = kept.slice(start);
      start = 0;
    }
  }

  return {
    add(exchange, status, time) {
      const { request } = exchange;
      const record: Kept = {
        time,
        method: request.method,
        path: path(request.path)!,
        query: request.query,
        sentParameters: exchange.route && sentParameters(exchange.route, request.headers),
        // Set one by one, not spread from an object made for each request.
        body: keptBody(request.body),
        bodyTruncatedFrom: truncatedFrom(request.body),
        carried: carried(credentials.carried(request.headers)),
        operationId: exchange.route?.operationId,
        status,
        fault: exchange.injected ?? exchange.drop,
        applied: exchange.applied,
        unknownFields: exchange.unknownFields,
        issues: exchange.issues,
      };
      kept.push(record);
      bodyBytes += bytesHeld(record.body);
      while (kept.length - start > size || bodyBytes > JOURNAL_BODY_BUDGET_BYTES) dropOldest();
    },
    list(filter = {}) {
      return kept
        .slice(start)
        .filter(matcher(filter))
        .map((each) => entryOf(each, redactorOf, credentials.queryNames));
    },
    clear() {
      kept = [];
      start = 0;
      bodyBytes = 0;
    },
  };
}
