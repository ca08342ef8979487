// What the emulator was asked and how it answered, for a test to assert on: "did my app call
// createLogsUploaderConfig once, with enabled: false?". Every adapter feeds it (through `record`); the
// last `size` requests are kept; the key is scrubbed from every body kept, in every form the client's
// redactor knows.
import { createRedactor, redactJson, type ValidationIssue } from 'cloud-platform-api/contract';
import type { CoreRequest, CoreResponse } from './messages.js';

export const DEFAULT_JOURNAL_SIZE = 1000;

export interface JournalEntry {
  time: string;
  method: string;
  path: string;
  query: Record<string, string | string[]>;
  /** The operation that took the request; absent for a path or method no operation has. */
  operationId?: string;
  /** The request body as parsed (JSON), or its text; the key scrubbed. Absent for none. */
  body?: unknown;
  status: number;
  /** An injected fault: the status it answered instead of the operation, or the connection it dropped or held. */
  fault?: number | 'reset' | 'timeout';
  unknownFields?: string[];
  /** Why the request was refused with a 400. */
  issues?: readonly ValidationIssue[];
}

export interface JournalFilter {
  operationId?: string;
  method?: string;
  path?: string;
}

const TOKEN = /^apikey (.+)$/is;

function keptBody(request: CoreRequest): unknown {
  if (request.body === undefined || request.body === '') return undefined;
  const token = TOKEN.exec(request.headers.authorization ?? '')?.[1];
  const redact = token ? createRedactor(token) : (text: string) => text;
  try {
    return redactJson(JSON.parse(request.body), redact);
  } catch {
    return redact(request.body);
  }
}

export function createJournal(size = DEFAULT_JOURNAL_SIZE) {
  let entries: JournalEntry[] = [];
  return {
    add(request: CoreRequest, answer: CoreResponse, time: string): void {
      const body = keptBody(request);
      const fault = answer.injected ?? answer.fault?.drop;
      entries.push({
        time,
        method: request.method.toUpperCase(),
        path: request.path,
        query: { ...request.query },
        ...(answer.operationId ? { operationId: answer.operationId } : {}),
        ...(body === undefined ? {} : { body }),
        status: answer.status,
        ...(fault === undefined ? {} : { fault }),
        ...(answer.unknownFields?.length ? { unknownFields: answer.unknownFields } : {}),
        ...(answer.issues?.length ? { issues: answer.issues } : {}),
      });
      if (entries.length > size) entries = entries.slice(entries.length - size);
    },
    /** The requests kept, oldest first, those that match every field of `filter`. */
    list(filter: JournalFilter = {}): JournalEntry[] {
      return entries.filter((e) => (filter.operationId === undefined || e.operationId === filter.operationId) && (filter.method === undefined || e.method === filter.method.toUpperCase()) && (filter.path === undefined || e.path === filter.path));
    },
    clear(): void {
      entries = [];
    },
  };
}

export type Journal = ReturnType<typeof createJournal>;
