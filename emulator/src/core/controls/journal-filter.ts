// Which journal entries a test asks for. A filter that could match no request (a typo in a key, a
// method, an operationId or a path) is refused naming the field, never answered with an empty list that
// lets `expect(list).toHaveLength(0)` pass. emulator.requests.list() and GET /__emulator/requests (whose
// query is the filter) both go through this one check.
import type { OperationId } from 'cloud-platform-api';
import { pathPattern, type RouteSpec } from 'cloud-platform-api/toolbox';
import { shownValue, quoted } from '../common/shown-value.js';
import { EmulatorError } from '../../emulator-error.js';

/** Which journal entries to list; every field given must match. */
export interface JournalFilter {
  /** One of the document's operationIds: a typo is a type error, and at run time a JournalFilterError. */
  operationId?: OperationId;
  /** A method of the document's operations, or HEAD; in any case. */
  method?: string;
  /** A concrete path as sent, without its query (`/streaming/videos/1444`), or a template (`/streaming/videos/{video_id}`): its operations' requests. */
  path?: string;
}

/** A filter that would match no request: an unknown key, or a value no operation of the document has. */
export class JournalFilterError extends EmulatorError {
  override name = 'JournalFilterError';
}

/** What a filter is matched against: a request as the journal keeps it. */
export interface FilteredRequest {
  method: string;
  path: string;
  operationId: string | undefined;
}

const FILTER_KEYS: readonly string[] = ['operationId', 'method', 'path'];

/** The value of `key`, where the filter gives it: one string (a query key given twice is an array). */
function oneString(filter: Record<string, unknown>, key: string): string | undefined {
  const value = filter[key];
  if (value === undefined || typeof value === 'string') return value;
  throw new JournalFilterError(`${key}: must be one string, got ${shownValue(value)}`);
}

/** The value, where it is one of `known`; else a JournalFilterError listing them. */
function oneOf(key: string, value: string | undefined, known: ReadonlySet<string>): string | undefined {
  if (value === undefined || known.has(value)) return value;
  throw new JournalFilterError(
    `${key}: must be one of ${quoted(known)}, got ${shownValue(value)}: it would match no request`,
  );
}

/** The methods a journal entry of these operations can have: a HEAD is answered as its GET, and journalled as a HEAD. */
const methodsOf = (routes: readonly RouteSpec[]) =>
  new Set(routes.flatMap((route) => (route.method === 'GET' ? ['GET', 'HEAD'] : [route.method])));

/** What a path filter matches, and the methods of the operations at that path. */
interface PathMatch {
  matches: (request: FilteredRequest) => boolean;
  methods: ReadonlySet<string>;
}

/** The check of a filter against the document's operations, made once: it gives the filter's predicate. */
export function createJournalFilter(routes: readonly RouteSpec[]) {
  const operationIds = new Set(routes.map((route) => route.operationId));
  const methods = methodsOf(routes);
  const byTemplate = new Map<string, RouteSpec[]>();
  for (const route of routes) byTemplate.set(route.path, [...(byTemplate.get(route.path) ?? []), route]);
  const patterns = [...byTemplate].map(([template, atTemplate]) => ({ pattern: pathPattern(template), atTemplate }));

  /** What a path matches: a template, its operations' requests; a concrete path, the requests sent to it. */
  function pathMatch(path: string): PathMatch {
    if (/[?#]/.test(path))
      throw new JournalFilterError(
        `path: a path as sent, without a query or fragment (the journal keeps the query apart), got ${shownValue(path)}`,
      );
    const atTemplate = byTemplate.get(path);
    if (atTemplate) {
      const ids = new Set(atTemplate.map((route) => route.operationId));
      return {
        matches: ({ operationId }) => operationId !== undefined && ids.has(operationId),
        methods: methodsOf(atTemplate),
      };
    }
    const atPath = patterns.filter(({ pattern }) => pattern.test(path)).flatMap(({ atTemplate }) => atTemplate);
    // As sent, or with its characters percent-encoded: `/météo/paris` is `/m%C3%A9t%C3%A9o/paris`.
    const sameAs = pathPattern(path);
    if (atPath.length > 0) return { matches: (request) => sameAs.test(request.path), methods: methodsOf(atPath) };
    throw new JournalFilterError(
      `path: no operation has the path ${shownValue(path)}, so it would match no request; give a concrete path or one of the templates ${quoted(byTemplate.keys())}`,
    );
  }

  /** The predicate of a filter, checked: a JournalFilterError names the first field that would match nothing. */
  return function matcher(given: unknown): (request: FilteredRequest) => boolean {
    if (typeof given !== 'object' || given === null || Array.isArray(given))
      throw new JournalFilterError('filter: must be an object of operationId, method and path');
    const filter = given as Record<string, unknown>;
    const unknownKey = Object.keys(filter).find((key) => !FILTER_KEYS.includes(key));
    if (unknownKey !== undefined)
      throw new JournalFilterError(
        `filter: unknown key ${shownValue(unknownKey)}; the keys are ${quoted(FILTER_KEYS)}`,
      );
    const operationId = oneOf('operationId', oneString(filter, 'operationId'), operationIds);
    const method = oneOf('method', oneString(filter, 'method')?.toUpperCase(), methods);
    const path = oneString(filter, 'path');
    const atPath = path === undefined ? undefined : pathMatch(path);
    if (method !== undefined && atPath && !atPath.methods.has(method))
      throw new JournalFilterError(
        `method and path: no operation has ${method} ${path}; it has ${[...atPath.methods].join(', ')}: it would match no request`,
      );
    return (request) =>
      (operationId === undefined || request.operationId === operationId) &&
      (method === undefined || request.method.toUpperCase() === method) &&
      (atPath === undefined || atPath.matches(request));
  };
}
