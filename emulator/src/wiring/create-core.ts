// The composition root: the core's stages (core/), the operations' behaviour (operations/) and the
// proxy (proxy/) built and handed to the core's pipeline, which runs them in order, from a request as
// plain data to an answer as plain data, with no adapter in it. It lives outside core/ so that the
// core imports neither the areas nor the proxy; the adapters (HTTP, in-process fetch, MSW) only translate.
import { authSchemeOf, keyHeaderOf, type OpenApiDocument } from 'cloud-platform-api/toolbox';
import type { Store } from '../store/store.js';
import { areaHandlers, RECORDERS, STATE_MODEL, type EmulatorTables, type Fixtures } from '../operations/index.js';
import { createProxyStage } from '../proxy/proxy-stage.js';
import { checkedProxyOptions, type ProxyOptions } from '../proxy/proxy-options.js';
import { createRecorder } from '../proxy/recorder.js';
import { createUpstream } from '../proxy/upstream.js';
import { createViolationLog } from '../proxy/violation-log.js';
import type { Call } from '../core/call-check.js';
import { overLimit } from '../core/request-body.js';
import { createAuth } from '../core/auth.js';
import { asCalledByTheCore } from '../core/behaviour.js';
import { createControlRoutes } from '../core/control-routes.js';
import { withDocumentAnswers } from '../core/document-answers.js';
import { createExampleAnswer } from '../core/example-answer.js';
import { createFaultStage } from '../core/fault-stage.js';
import { documentParts } from './document-parts.js';
import { createFaults } from '../core/faults.js';
import { createOperate } from '../core/operate.js';
import { createPipeline } from '../core/pipeline.js';
import { createRequestRecord, type RequestLogEntry } from '../core/request-record.js';
import { createAdapterPort } from '../core/adapter-port.js';
import { createOverrides } from '../core/overrides.js';
import { createJournal, DEFAULT_JOURNAL_SIZE } from '../core/journal.js';
import { journalCoverage } from '../core/coverage.js';
import { initialSnapshot } from '../core/state.js';

/**
 * What the emulator does with requests, however it is run: declared once here, and taken by the core,
 * createEmulator and startEmulatorServer alike.
 */
export interface BehaviourOptions {
  /** Accept only these tokens; any token when empty or absent. */
  apiKeys?: readonly string[] | undefined;
  /** Refuse body fields the document does not declare, with a 400 naming each, instead of dropping them. */
  strict?: boolean | undefined;
  /**
   * Told once, at creation, of the operations answered with their success example for want of
   * behaviour (a document of your own). Default: console.warn.
   */
  warn?: ((line: string) => void) | undefined;
  /** How many requests the journal keeps, the newest. Default: DEFAULT_JOURNAL_SIZE (1,000). */
  journalSize?: number | undefined;
}

/** What the composition root needs beyond the shared options: the parts it wires together. */
export interface CoreOptions extends BehaviourOptions {
  document: OpenApiDocument;
  fixtures: Fixtures;
  store: Store<EmulatorTables>;
  /** Forward every API request to an upstream, checking both directions, instead of running the operations. */
  proxy?: ProxyOptions | undefined;
  /** The time of a request or a violation, as the journal and the logs write it. */
  now: () => string;
  /** Where each request's log line goes, if anywhere. */
  log?: ((entry: RequestLogEntry) => void) | undefined;
  /** How long a `timeout` fault holds a request, in ms (checkedHoldMs). */
  holdMs: number;
}

/**
 * The core: the stages (the emulator's own routes, routing, auth, faults, the checks and the operation),
 * each of its own module, built here and handed to the pipeline, which runs them in order; the adapters'
 * port, through which each request is run and recorded.
 */
export function createCore(options: CoreOptions) {
  const {
    document,
    fixtures,
    store,
    apiKeys,
    strict,
    warn = (line) => console.warn(line.trimEnd()),
    journalSize,
  } = options;
  const { routes, match, error, checkCall, deprecation, checkFaultRule, checkAnswer } = documentParts(document);
  const faults = createFaults(routes, checkFaultRule);
  const scheme = authSchemeOf(document);
  const auth = createAuth(store, apiKeys, scheme);
  const { tokenOf, refusal } = auth;
  const violations = createViolationLog();
  const proxy = options.proxy && proxyStage({ ...options, warn }, checkedProxyOptions(options.proxy), violations);
  const handlers = proxy
    ? {}
    : withDocumentAnswers(document, routes, asCalledByTheCore(areaHandlers({ document, fixtures, store })), warn);
  const overrides = createOverrides(routes, checkAnswer, { proxied: proxy !== undefined });
  const operate = createOperate({ handlers, checkCall, strict, error, clientIdentity: auth.clientIdentity, overrides });
  // A body over the size limit is refused by the operation stage, proxy or not: it is never forwarded.
  const perform = (call: Call) =>
    proxy && !overLimit(call.request.body, call.request.bodyTooLarge) ? proxy.operation(call) : operate(call);
  const journal = createJournal(journalSize ?? DEFAULT_JOURNAL_SIZE, routes, keyHeaderOf(scheme));
  /** The fixtures' state again, and an empty journal: for POST /__emulator/reset and emulator.reset(). */
  const reset = () => {
    store.replace(initialSnapshot(STATE_MODEL, fixtures));
    journal.clear();
  };
  const coverage = () => journalCoverage(document, journal.list());
  const control = createControlRoutes({
    faults,
    overrides,
    journal,
    violations,
    coverage,
    resetState: reset,
    refusal,
    tokenOf,
    keysRequired: auth.keysRequired,
  });
  const { handle, refuse } = createPipeline({
    control: control.handle,
    match,
    error,
    headersOf: (route) => deprecation.get(route),
    tokenOf,
    refusal,
    perform: createFaultStage(faults, error, createExampleAnswer(document, error), perform),
    unrouted: proxy?.unrouted,
  });
  const record = createRequestRecord({ journal, log: options.log, now: options.now });
  const port = createAdapterPort({ handle, refuse, record, holdMs: options.holdMs });
  return {
    handle,
    port,
    reset,
    routes,
    faults,
    overrides,
    journal,
    violations,
    coverage,
    controlRoutes: control.list,
  };
}

/** The proxy's stage, with its upstream, its checks and any recording. */
function proxyStage(
  { document, strict, warn, now }: CoreOptions & { warn: (line: string) => void },
  proxy: ProxyOptions,
  log: ReturnType<typeof createViolationLog>,
) {
  const { validator, checkCall } = documentParts(document);
  return createProxyStage({
    document,
    validator,
    checkCall,
    upstream: createUpstream(proxy),
    log,
    strict,
    failOnViolation: proxy.failOnViolation,
    recorder: proxy.recording && createRecorder(RECORDERS, proxy.recording, warn),
    now,
  });
}

export type Core = ReturnType<typeof createCore>;
