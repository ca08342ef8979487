// `cloud-platform-emulator`: createEmulator gives the emulator's core with a store (in memory unless
// told otherwise) and an in-process `fetch` for it: no server, no port, in Node and in browsers.
//
//   const emulator = await createEmulator();
//   const client = createCloudClient({ apiKey: 'any', baseUrl: 'http://emulator.local', fetch: emulator.fetch });
import type { OperationId } from 'cloud-platform-api';
import type { JsonObject, OpenApiDocument } from 'cloud-platform-api/toolbox';
import type { CoverageReport } from 'cloud-platform-check/coverage';
import { readDocument } from 'cloud-platform-check/contract';
import bundled from 'cloud-platform-api/openapi.json' with { type: 'json' };
import { createInProcessFetch } from './adapters/fetch.js';
import { createPlainHandle } from './adapters/plain.js';
import type { JournalEntry } from './core/controls/journal.js';
import type { JournalFilter } from './core/controls/journal-filter.js';
import { clockText } from './core/common/clock.js';
import { registerPort } from './core/adapter-port.js';
import { checkedHoldMs, DEFAULT_HOLD_MS } from './core/lifecycle.js';
import type { RequestLogEntry } from './core/stages/exchange.js';
import { type BehaviourOptions, createCore } from './wiring/create-core.js';
import type { ProxyOptions } from './proxy/proxy-options.js';
import { shownUpstream } from './proxy/upstream.js';
import type { ViolationEntry } from './proxy/violation-log.js';
import type { CoreRequest, CoreResponse } from './core/messages.js';
import type { FaultRule, StoredFault } from './core/controls/faults.js';
import { documentParts } from './wiring/document-parts.js';
import { prepareState, raiseCounters } from './core/state/state.js';
import { BUILT_IN_FIXTURES, STATE_MODEL, TABLE_NAMES, type EmulatorTables, type Fixtures } from './operations/index.js';
import { prepared } from './core/state/fixtures.js';
import type { OverrideSource, StoredOverride } from './core/controls/overrides.js';
import type { DeepReadonly, OverrideAnswerOf, OverrideRequestOf } from './override-types.js';
import { createMemoryStore, type StateSnapshot as AnySnapshot, type Store as AnyStore } from './store/store.js';

export { EmulatorError, EmulatorOptionError } from './emulator-error.js';
export { FixtureError } from './core/state/fixtures.js';
export type { EmulatorTables, Fixtures } from './operations/index.js';
export { StateFileError, StatePersistError } from './store/store.js';
export type { CoreRequest, CoreResponse } from './core/messages.js';
export { FaultRuleError, MAX_FAULT_RULES, type FaultRule, type StoredFault } from './core/controls/faults.js';
export { MAX_OVERRIDES, OverrideError, type StoredOverride } from './core/controls/overrides.js';
export { MAX_OVERRIDE_HEADER_BYTES, MAX_OVERRIDE_HEADERS } from './core/controls/override-shape.js';
export type { DeepReadonly, OverrideAnswerOf, OverrideOf, OverrideRequestOf } from './override-types.js';
export { JOURNAL_BODY_BUDGET_BYTES, JOURNAL_BODY_LIMIT_BYTES, type JournalEntry } from './core/controls/journal.js';
export { JournalFilterError, type JournalFilter } from './core/controls/journal-filter.js';
export type { ProxyOptions } from './proxy/proxy-options.js';
export type { RecordingSink } from './proxy/recorder.js';
export type { ViolationEntry } from './proxy/violation-log.js';
export type { RequestLogEntry } from './core/stages/exchange.js';

/** The emulator's store: its tables, each area's and the core's. */
export type Store = AnyStore<EmulatorTables>;
/** Every row of every table of the emulator's state, as `--export-state` writes it. */
export type StateSnapshot = AnySnapshot<EmulatorTables>;

/** The fixtures the package ships (videos, streams, zones, ...), frozen: a test's own set starts from them. */
export const builtInFixtures: DeepReadonly<Fixtures> = prepared(BUILT_IN_FIXTURES);

/** Options of createEmulator; all optional. */
export interface EmulatorOptions extends BehaviourOptions {
  /**
   * Fixtures merged over the built-in set, as `--fixtures` merges a file: each top-level part given
   * (`streamsPageSize`, `videos`, ...) replaces that part, the rest stays built in. Checked against the
   * document; `source` names them in errors.
   */
  fixtures?: { value: DeepReadonly<Partial<Fixtures>> | Record<string, unknown>; source: string } | undefined;
  /** Where state is kept. Default: in memory. */
  store?: Store | undefined;
  /** Called once for each request answered, by whichever adapter answered it. */
  log?: ((entry: RequestLogEntry) => void) | undefined;
  /**
   * The document to emulate: OpenAPI 3.0 (read as 3.1) or 3.1, as an object (`loadDocument(file)` of
   * `cloud-platform-check/document` reads one from a file). Default: the package's. One that is not
   * OpenAPI 3.0 or 3.1 is a DocumentError. An operation the emulator has no behaviour for is
   * answered with its success response's example, and `warn` is told once which. A request schema whose
   * `$ref` cannot be followed, or whose `pattern` no linear-time engine runs (lookaround, backreferences),
   * is an EmulatorOptionError naming it.
   */
  document?: JsonObject | undefined;
  /**
   * Forward every API request to an upstream (`baseUrl`, with `fetch`) instead of running the
   * operations: both directions are checked against the document, and what is wrong goes into
   * `violations`. `strict` counts undeclared fields as violations.
   */
  proxy?: ProxyOptions | undefined;
  /**
   * How long a `timeout` fault holds a request whose client never gives up, in ms, before its connection
   * is dropped; through every adapter. Default: DEFAULT_HOLD_MS (10 minutes).
   */
  holdMs?: number | undefined;
}

/** An override as set: its id, and `remove()`, which ends it before its count does (false when it already had). */
export interface OverrideHandle {
  id: number;
  remove(): boolean;
}

/** A running emulator: its in-process fetch, its core, and the test controls (faults, overrides, journal, state). */
export interface Emulator {
  /** A fetch answered by the emulator in process; any origin, the path decides. */
  fetch(input: RequestInfo | URL, init?: RequestInit): Promise<Response>;
  /**
   * The core itself: a request as plain data in, the answer as plain data out (status, headers, body),
   * once any injected delay is over; undefined where a fault dropped the connection.
   */
  handle(request: CoreRequest): Promise<CoreResponse | undefined>;
  /** Restores the fixtures' state (POST /__emulator/reset does the same over HTTP). */
  reset(): void;
  /**
   * Replaces the state with a snapshot (as --import-state does), once it is checked whole: a row the
   * document refuses, a missing counter or an id with no room left is a StateFileError naming
   * `source`, the table, the row and the rule, and the state is left as it was.
   */
  importState(snapshot: AnySnapshot, source?: string): void;
  /**
   * What the proxy found wrong in the exchanges it forwarded (empty unless `proxy` is set): GET
   * /__emulator/violations over HTTP; `report()` is the Markdown summary per operation.
   */
  readonly violations: {
    list(): { violations: ViolationEntry[]; undeclaredFields: ViolationEntry[] };
    clear(): void;
    report(): string;
  };
  /**
   * The journal: every request an adapter answered (the control routes' aside), the newest
   * `journalSize`, with what the emulator made of it. GET /__emulator/requests over HTTP; reset() clears it.
   */
  readonly requests: { list(filter?: JournalFilter): JournalEntry[]; clear(): void };
  /**
   * What the journal's requests met of the document, per operation: the documented statuses seen, the
   * parameters and body properties sent (each enum value, a boolean both ways), the links followed.
   * GET /__emulator/coverage over HTTP.
   *
   * @example
   * afterAll(() => console.log(coverageSummary(emulator.coverage())));
   */
  coverage(): CoverageReport;
  /** The emulator's own routes (/__emulator/*) and their methods. */
  controlRoutes(): { path: string; methods: string[] }[];
  /** Scripted faults, as POST, GET and DELETE /__emulator/faults manage them over HTTP. */
  readonly faults: { add(rule: FaultRule): StoredFault; list(): StoredFault[]; clear(): void };
  /**
   * Makes one operation answer as a test says, `count` times or until removed: a fixed answer, or a
   * function of the request. The request still goes through auth, the checks and the journal. The answer
   * must be one the document declares (status, body, headers): a fixed one is checked here, a function's
   * as it is made (an OverrideError naming the field; a 500 saying so to the client).
   *
   * @example
   * emulator.override('getVideo', ({ path }) => ({ status: 200, body: { ...video, id: path.video_id, status: 'pending' as const } }), { count: 1 });
   */
  override<Id extends OperationId>(
    operationId: Id,
    answer: (request: OverrideRequestOf<NoInfer<Id>>) => OverrideAnswerOf<NoInfer<Id>>,
    options?: { count?: number },
  ): OverrideHandle;
  override<Id extends OperationId>(
    operationId: Id,
    answer: OverrideAnswerOf<NoInfer<Id>>,
    options?: { count?: number },
  ): OverrideHandle;
  /** The overrides set (over HTTP, GET /__emulator/overrides), and clearing them all. */
  readonly overrides: { list(): StoredOverride[]; clear(): void };
  /** How long a `timeout` fault holds a request before its connection is dropped, in ms. */
  readonly holdMs: number;
  /** Where the proxy forwards requests, shown without the credentials its URL may hold; undefined without `proxy`. */
  readonly upstream: string | undefined;
  readonly store: Store;
  readonly fixtures: Fixtures;
  readonly document: OpenApiDocument;
  /** Releases the store (closes a state file). */
  close(): Promise<void>;
}

/** Given fixtures over the built-in set, part by part; anything but an object is left for the check to refuse. */
const overBuiltIn = (value: unknown): unknown =>
  value !== null && typeof value === 'object' && !Array.isArray(value) ? { ...BUILT_IN_FIXTURES, ...value } : value;

/**
 * Makes an emulator of the document's operations, in memory unless given a store: no server, no port.
 *
 * @example
 * const emulator = await createEmulator();
 * const client = createCloudClient({ apiKey: 'any', baseUrl: 'http://emulator.local', fetch: emulator.fetch });
 */
export async function createEmulator(options: EmulatorOptions = {}): Promise<Emulator> {
  const document = readDocument(options.document ?? bundled, 'document');
  const holdMs = options.holdMs === undefined ? DEFAULT_HOLD_MS : checkedHoldMs(options.holdMs);
  const { fixtureLoader, builtInFixtures: builtInSet, checkState } = documentParts(document);
  const given = options.fixtures;
  const fixtures = given ? fixtureLoader.checked(overBuiltIn(given.value), given.source) : builtInSet();
  const store = options.store ?? createMemoryStore<EmulatorTables>(TABLE_NAMES);
  prepareState(store, STATE_MODEL, fixtures, (snapshot) => checkState(snapshot, store.source));
  const core = createCore({
    document,
    fixtures,
    store,
    apiKeys: options.apiKeys,
    strict: options.strict,
    warn: options.warn,
    journalSize: options.journalSize,
    proxy: options.proxy,
    now: clockText(1, (time) => time.toISOString()),
    log: options.log,
    holdMs,
  });
  const emulator: Emulator = {
    fetch: createInProcessFetch(core.port),
    handle: createPlainHandle(core.port),
    reset: core.reset,
    controlRoutes: core.controlRoutes,
    requests: { list: (filter) => core.journal.list(filter), clear: () => core.journal.clear() },
    coverage: core.coverage,
    violations: {
      list: () => core.violations.list(),
      clear: () => core.violations.clear(),
      report: () => core.violations.markdown(),
    },
    importState(snapshot, source = 'The imported snapshot') {
      checkState(snapshot, source);
      // Checked whole just above: it holds the emulator's tables, and nothing else.
      store.replace(snapshot as StateSnapshot);
      raiseCounters(store, STATE_MODEL, snapshot);
    },
    faults: { add: (rule) => core.faults.add(rule), list: core.faults.list, clear: core.faults.clear },
    override(operationId, answer, options) {
      const { id } = core.overrides.add(operationId, answer as OverrideSource, options);
      return { id, remove: () => core.overrides.remove(id) };
    },
    overrides: { list: core.overrides.list, clear: core.overrides.clear },
    holdMs,
    // After createCore, which refuses a base URL the proxy cannot use.
    upstream: options.proxy && shownUpstream(options.proxy.baseUrl),
    store,
    fixtures,
    document,
    close: async () => store.close(),
  };
  registerPort(emulator, core.port);
  return emulator;
}
