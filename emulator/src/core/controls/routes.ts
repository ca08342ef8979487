// The emulator's own routes, beside the API's: POST /__emulator/reset restores the fixtures;
// /__emulator/faults and /__emulator/overrides list (GET), add (POST) and clear (DELETE) scripted
// faults and a test's answers for an operation; /__emulator/requests lists (GET) and clears (DELETE)
// the journal of requests, and
// /__emulator/violations what the proxy found wrong in the exchanges it forwarded; GET /__emulator/coverage
// what the journal's requests met of the document. With --api-key set
// they take an accepted key, like any operation: they change what every client sees.
import { StatePersistError } from '../../store/store.js';
import { JSON_HEADERS, NO_HEADERS, type CoreRequest, type CoreResponse } from '../messages.js';
import { FaultRuleError, type Faults } from './faults.js';
import { OverrideError, type Overrides } from './overrides.js';
import type { Journal } from './journal.js';
import type { Verdict } from '../api-keys.js';
import { JournalFilterError } from './journal-filter.js';
import type { CoverageReport } from 'cloud-platform-check/coverage';

/** Where the emulator's own routes live, apart from the API's paths. */
export const CONTROL_PREFIX = '/__emulator/';
const RESET_PATH = `${CONTROL_PREFIX}reset`;
const FAULTS_PATH = `${CONTROL_PREFIX}faults`;
const OVERRIDES_PATH = `${CONTROL_PREFIX}overrides`;
const REQUESTS_PATH = `${CONTROL_PREFIX}requests`;
const VIOLATIONS_PATH = `${CONTROL_PREFIX}violations`;
const COVERAGE_PATH = `${CONTROL_PREFIX}coverage`;

const JSON_MEDIA = /^application\/json\s*(;|$)/i;
const answer = (status: number, body?: unknown): CoreResponse => ({
  status,
  headers: body === undefined ? NO_HEADERS : JSON_HEADERS,
  body,
});

/** What GET and DELETE /__emulator/violations need of the proxy's log (proxy/violation-log.ts makes it). */
export interface ViolationsView {
  list(): unknown;
  markdown(): string;
  clear(): void;
}

export interface ControlOptions {
  faults: Faults;
  overrides: Overrides;
  journal: Journal;
  violations: ViolationsView;
  /** What the journal's requests met of the document. */
  coverage: () => CoverageReport;
  /** Restores the fixtures' state; throws StatePersistError when it cannot be saved. */
  resetState: () => void;
  /** Whether a request may act with a key in any of the document's schemes (api-keys.ts). */
  authorize: (request: CoreRequest) => Verdict;
  keysRequired: boolean;
  /** The query parameters a key travels in: not a filter of these routes, so left out before they read the query. */
  credentialQuery: ReadonlySet<string>;
}

type Methods = Record<string, (request: CoreRequest) => CoreResponse>;

/** POST restores the fixtures' state; a state that cannot be saved is a 503. */
function resetRoute(resetState: () => void): Methods {
  return {
    POST: () => {
      try {
        resetState();
      } catch (problem) {
        if (problem instanceof StatePersistError) return answer(503, { message: problem.message });
        throw problem;
      }
      return answer(204);
    },
  };
}

/**
 * A list a test manages over HTTP (scripted faults, overrides): GET lists it, POST adds one given as JSON
 * (one that cannot be used is a 400 saying why), DELETE clears it.
 */
function listRoute<T>(
  key: string,
  what: string,
  list: () => T[],
  add: (given: unknown) => T,
  refusedBecause: (problem: unknown) => problem is Error,
  clear: () => void,
): Methods {
  return {
    GET: () => answer(200, { [key]: list() }),
    POST: (request) => {
      let given: unknown;
      try {
        given = JSON.parse(request.body ?? '');
      } catch (error) {
        return answer(400, { message: `The ${what} must be JSON: ${(error as Error).message}` });
      }
      try {
        return answer(201, add(given));
      } catch (problem) {
        if (refusedBecause(problem)) return answer(400, { message: problem.message });
        throw problem;
      }
    },
    DELETE: () => {
      clear();
      return answer(204);
    },
  };
}

/** GET lists the journal, filtered by the query (any of operationId, method and path); DELETE clears it. */
function requestsRoute(journal: Journal): Methods {
  return {
    GET: ({ query }) => {
      try {
        return answer(200, { requests: journal.list(query) });
      } catch (problem) {
        if (problem instanceof JournalFilterError) return answer(400, { message: problem.message });
        throw problem;
      }
    },
    DELETE: () => {
      journal.clear();
      return answer(204);
    },
  };
}

/** GET lists what the proxy found wrong (`?format=markdown`: the report per operation); DELETE clears it. */
function violationsRoute(violations: ViolationsView): Methods {
  return {
    GET: ({ query }) =>
      query.format === 'markdown'
        ? { status: 200, headers: { 'content-type': 'text/markdown; charset=utf-8' }, body: violations.markdown() }
        : answer(200, violations.list()),
    DELETE: () => {
      violations.clear();
      return answer(204);
    },
  };
}

/** The emulator's own routes: the answer of one (or undefined for a request that is not theirs), and their list. */
export interface ControlRoutes {
  handle(request: CoreRequest): CoreResponse | undefined;
  list(): { path: string; methods: string[] }[];
}

/** The routes by path, each with its methods. */
function ownRoutes({
  faults,
  overrides,
  journal,
  violations,
  coverage,
  resetState,
}: ControlOptions): Map<string, Methods> {
  // A Map: every request's path is looked up here, and a path is the client's text, not a known name.
  return new Map<string, Methods>([
    [RESET_PATH, resetRoute(resetState)],
    [REQUESTS_PATH, requestsRoute(journal)],
    [VIOLATIONS_PATH, violationsRoute(violations)],
    [COVERAGE_PATH, { GET: () => answer(200, coverage()) }],
    [
      FAULTS_PATH,
      listRoute(
        'faults',
        'fault rule',
        faults.list,
        faults.add,
        (problem) => problem instanceof FaultRuleError,
        faults.clear,
      ),
    ],
    [
      OVERRIDES_PATH,
      listRoute(
        'overrides',
        'override',
        overrides.list,
        overrides.addJson,
        (problem) => problem instanceof OverrideError,
        overrides.clear,
      ),
    ],
  ]);
}

/** The request with the query parameters a key travels in left out: the key is checked on the request as sent. */
function withoutCredentials(request: CoreRequest, names: ReadonlySet<string>): CoreRequest {
  if (!Object.keys(request.query).some((name) => names.has(name))) return request;
  return { ...request, query: Object.fromEntries(Object.entries(request.query).filter(([name]) => !names.has(name))) };
}

export function createControlRoutes(options: ControlOptions): ControlRoutes {
  const { authorize, keysRequired } = options;
  const routes = ownRoutes(options);

  /** The answer of an own route, or undefined for a request that is not for one. */
  function handle(sent: CoreRequest): CoreResponse | undefined {
    const atPath = routes.get(sent.path);
    if (!atPath) return undefined;
    const request = withoutCredentials(sent, options.credentialQuery);
    const method = request.method.toUpperCase();
    const refused = keysRequired ? authorize(sent).refused : undefined;
    if (refused) return answer(401, { message: refused });
    // A page of any origin can send a text/plain body without a preflight; a JSON one needs a preflight,
    // which the CORS rule answers. So these routes take a body only as JSON.
    if (request.body && !JSON_MEDIA.test(request.headers['content-type'] ?? '')) {
      return answer(415, { message: `${request.path} takes a body only as Content-Type: application/json` });
    }
    const route = atPath[method];
    if (!route)
      return {
        ...answer(405, { message: `${method} is not allowed on ${request.path}` }),
        headers: { ...JSON_HEADERS, allow: Object.keys(atPath).join(', ') },
      };
    return route(request);
  }

  /** Every own route and its methods: what a test walks to show none can be reached from another origin. */
  const list = () => [...routes].map(([path, methods]) => ({ path, methods: Object.keys(methods) }));

  return { handle, list };
}
