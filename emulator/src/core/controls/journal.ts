// What the emulator was asked and how it answered, for a test to assert on: "did my app call
// createLogsUploaderConfig once, with enabled: false?". Every adapter feeds it (through `record`); the
// last `size` requests are kept, and no more of their bodies than JOURNAL_BODY_BUDGET_BYTES (a peer
// sending 1 MiB bodies cannot grow it past that); the key is scrubbed from every body, in every form
// the client's redactor knows. A request costs only a record of what came in and went out: entries are made, and
// bodies parsed and scrubbed, when a test reads them.
import type { DropKind } from './faults.js';
import { createRedactor, redactJson, type RouteSpec } from 'cloud-platform-api/toolbox';
import type { ValidationIssue } from 'cloud-platform-check/contract';
import { credentialOf } from '../api-keys.js';
import { createJournalFilter } from './journal-filter.js';
import type { CoreRequest } from '../messages.js';
import { wholeNumberOption } from '../common/option-values.js';

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
  route: { operationId: string } | undefined;
  injected: number | undefined;
  drop: DropKind | undefined;
  applied: number | undefined;
  unknownFields: string[] | undefined;
  issues: readonly ValidationIssue[] | undefined;
}

/** A body as a test reads it: parsed where it is JSON, its text otherwise, the key scrubbed from every string. */
function readableBody(text: string, keyHeaderValue: string | undefined): unknown {
  try {
    return redactJson(JSON.parse(text), redactorFor(keyHeaderValue));
  } catch {
    return scrubbedText(text, keyHeaderValue);
  }
}

function redactorFor(keyHeaderValue: string | undefined): (value: string) => string {
  const token = credentialOf(keyHeaderValue);
  return token ? createRedactor(token) : (value) => value;
}

const scrubbedText = (text: string, keyHeaderValue: string | undefined) => redactorFor(keyHeaderValue)(text);

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
  body: string | undefined;
  bodyTruncatedFrom: number | undefined;
  /** The value of the header the key came in, to scrub from the body when the entry is made. */
  keyHeaderValue: string | undefined;
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

/**
 * A body as the journal keeps it: whole up to JOURNAL_BODY_LIMIT_BYTES, else its first part, copied out:
 * a slice would keep the whole original alive.
 */
function keptBody(body: string | undefined): Pick<Kept, 'body' | 'bodyTruncatedFrom'> {
  if (body === undefined || bytesHeld(body) <= JOURNAL_BODY_LIMIT_BYTES) return { body, bodyTruncatedFrom: undefined };
  const copy = new TextDecoder().decode(new TextEncoder().encode(body.slice(0, JOURNAL_BODY_LIMIT_BYTES / 2)));
  return { body: copy, bodyTruncatedFrom: body.length };
}

function entryOf(kept: Kept): JournalEntry {
  const {
    time,
    method,
    path,
    query,
    body,
    bodyTruncatedFrom,
    keyHeaderValue,
    operationId,
    status,
    fault,
    applied,
    unknownFields,
    issues,
  } = kept;
  kept.entry ??= {
    time,
    method: method.toUpperCase(),
    path,
    query: { ...query },
    ...(operationId ? { operationId } : {}),
    ...(body
      ? {
          body:
            bodyTruncatedFrom === undefined ? readableBody(body, keyHeaderValue) : scrubbedText(body, keyHeaderValue),
          ...(bodyTruncatedFrom === undefined ? {} : { bodyTruncatedFrom }),
        }
      : {}),
    status,
    ...(fault === undefined ? {} : { fault }),
    ...(applied === undefined ? {} : { applied }),
    ...(unknownFields?.length ? { unknownFields } : {}),
    ...(issues?.length ? { issues } : {}),
  };
  return kept.entry;
}

/**
 * `routes`: the document's operations, which a filter must name; `keyHeaderName`: the header the
 * document's key arrives in (keyHeaderOf), whose secret is scrubbed from the bodies kept.
 */
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

export function createJournal(journalSize: unknown, routes: readonly RouteSpec[], keyHeaderName: string): Journal {
  const size = wholeNumberOption('journalSize', journalSize, 1, MAX_JOURNAL_SIZE);
  const matcher = createJournalFilter(routes);
  // Oldest first from `start`: the newest `size` records whose bodies fit the budget. Records leave by
  // moving `start`, and the array is cut down only now and then, so a full journal costs a request no copy.
  let kept: Kept[] = [];
  let start = 0;
  let bodyBytes = 0;
  const path = sameAsBefore();
  const keyHeaderValue = sameAsBefore();

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
        ...keptBody(request.body),
        keyHeaderValue: keyHeaderValue(request.headers[keyHeaderName]),
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
      return kept.slice(start).filter(matcher(filter)).map(entryOf);
    },
    clear() {
      kept = [];
      start = 0;
      bodyBytes = 0;
    },
  };
}
