// The composition root: the parts the core's stages read (core/), the operations' behaviour (operations/)
// and the proxy (proxy/) built and put on the adapters' port; the core's pipeline runs the stages in
// order, from a request as plain data to an answer as plain data, with no adapter in it. It lives outside
// core/ so that the core imports neither the areas nor the proxy; the adapters (HTTP, in-process fetch,
// MSW) only translate.
import {
  SecurityError,
  securityOf,
  type DocumentSecurity,
  type OpenApiDocument,
  type RouteSpec,
} from 'cloud-platform-api/toolbox';
import { EmulatorOptionError } from '../emulator-error.js';
import { sentParameterReader, type CoverageReport } from 'cloud-platform-check/coverage';
import type { Store } from '../store/store.js';
import { areaHandlers, RECORDERS, STATE_MODEL, type EmulatorTables, type Fixtures } from '../operations/index.js';
import { createProxyStage } from '../proxy/proxy-stage.js';
import { checkedProxyOptions, type ProxyOptions } from '../proxy/proxy-options.js';
import { createRecorder } from '../proxy/recorder.js';
import { createUpstream } from '../proxy/upstream.js';
import { createViolationLog, type ViolationLog } from '../proxy/violation-log.js';
import { createApiKeys, credentialTexts, type CredentialTexts } from '../core/api-keys.js';
import { asCalledByTheCore } from '../core/operation-handler.js';
import { createControlRoutes, type ControlRoutes } from '../core/controls/routes.js';
import { withDocumentBehaviour } from '../core/state/document-behaviour.js';
import { createPreferredExamples } from '../core/document/preferred-examples.js';
import { documentParts } from './document-parts.js';
import { createFaults, type Faults } from '../core/controls/faults.js';
import type { RequestLogEntry } from '../core/stages/exchange.js';
import type { AdapterPort } from '../core/adapter-port.js';
import type { CoreRequest } from '../core/messages.js';
import type { Forwarder } from '../core/stages/exchange.js';
import { createOverrides, type Overrides } from '../core/controls/overrides.js';
import { createJournal, DEFAULT_JOURNAL_SIZE, type Journal } from '../core/controls/journal.js';
import { requestRedactors } from '../core/controls/request-redactor.js';
import { journalCoverage } from '../core/controls/coverage.js';
import { initialSnapshot } from '../core/state/state.js';

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

/** The core as createEmulator takes it: the adapters' port, and the test controls. */
export interface Core {
  /** The parts every adapter runs its requests' lifecycle on. */
  port: AdapterPort;
  /** The fixtures' state again, and an empty journal: for POST /__emulator/reset and emulator.reset(). */
  reset(): void;
  routes: readonly RouteSpec[];
  faults: Faults;
  overrides: Overrides;
  journal: Journal;
  violations: ViolationLog;
  coverage(): CoverageReport;
  controlRoutes: ControlRoutes['list'];
}

/**
 * The core: the parts its stages read (the document's readers, auth, the faults, the behaviour or the
 * proxy, the journal), each of its own module, built here and put on the adapters' port; the stages
 * themselves run in the order core/stages/pipeline.ts gives.
 */
export function createCore(options: CoreOptions): Core {
  const { document, fixtures, store, apiKeys, strict, warn = (line) => console.warn(line.trimEnd()) } = options;
  const { routes, match, error, checkCall, deprecation, successTypes, checkFaultRule, checkAnswer } =
    documentParts(document);
  const faults = createFaults(routes, checkFaultRule);
  const { auth, credentials, authorize } = authParts(document, routes, store, apiKeys, warn);
  const violations = createViolationLog();
  const forward = options.proxy && proxyStage({ ...options, warn }, checkedProxyOptions(options.proxy), violations);
  const handlers = forward
    ? {}
    : withDocumentBehaviour(
        document,
        routes,
        asCalledByTheCore(areaHandlers({ document, fixtures, store })),
        store,
        warn,
      );
  const overrides = createOverrides(routes, checkAnswer, { proxied: forward !== undefined });
  const journal = journalOf(options.journalSize, document, routes, credentials);
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
    authorize: (request) => auth.authorize(request),
    keysRequired: auth.keysRequired,
    credentialQuery: credentials.queryNames,
  });
  const port: AdapterPort = {
    control,
    match,
    error,
    headersOf: (route) => deprecation.get(route),
    successType: (route) => successTypes.get(route),
    authorize,
    clientIdentity: auth.clientIdentity,
    checkCall,
    strict,
    faults,
    preferredExample: createPreferredExamples(document),
    handlers,
    overrides,
    forward,
    journal,
    log: options.log,
    redactorOf: logRedactor(credentials),
    now: options.now,
    holdMs: options.holdMs,
  };
  return { port, reset, routes, faults, overrides, journal, violations, coverage, controlRoutes: control.list };
}

/** What the log scrubs of a request: its secrets, wherever its credentials came in. */
function logRedactor(credentials: CredentialTexts): (request: CoreRequest) => (text: string) => string {
  const redactorOf = requestRedactors(credentials);
  return (request) => redactorOf({ carried: credentials.carried(request.headers), query: request.query });
}

/** The journal: the newest requests, each with what coverage reads of its header and cookie parameters. */
const journalOf = (
  size: number | undefined,
  document: OpenApiDocument,
  routes: readonly RouteSpec[],
  credentials: CredentialTexts,
): Journal =>
  createJournal(size ?? DEFAULT_JOURNAL_SIZE, routes, credentials, sentParameterReader(document, credentials.hidden));

/** Who may act: the document's security read once, each operation's requirement, and where its secrets travel. */
function authParts(
  document: OpenApiDocument,
  routes: readonly RouteSpec[],
  store: CoreOptions['store'],
  apiKeys: readonly string[] | undefined,
  warn: (line: string) => void,
) {
  const security = documentSecurity(document);
  const auth = createApiKeys(store, apiKeys, security);
  if (apiKeys?.length && security.schemes.length === 0)
    warn('apiKeys: the document asks for no credentials, so every request is accepted whatever key it carries');
  const requirements = new Map(routes.map((route) => [route, security.requirementOf(route)]));
  return {
    auth,
    credentials: credentialTexts(security),
    authorize: (request: CoreRequest, route: RouteSpec) =>
      auth.authorize(request, requirements.get(route) ?? security.requirementOf(route)),
  };
}

/** The document's security, or an EmulatorOptionError naming the scheme it cannot serve (securityOf's line). */
function documentSecurity(document: OpenApiDocument): DocumentSecurity {
  try {
    return securityOf(document);
  } catch (error) {
    throw error instanceof SecurityError ? new EmulatorOptionError(`document: ${error.message}`) : error;
  }
}

/** The proxy as the core's target, with its upstream, its checks and any recording. */
function proxyStage(
  { document, strict, warn, now }: CoreOptions & { warn: (line: string) => void },
  proxy: ProxyOptions,
  log: ViolationLog,
): Forwarder {
  const { validator } = documentParts(document);
  return createProxyStage({
    document,
    validator,
    upstream: createUpstream(proxy),
    log,
    strict,
    failOnViolation: proxy.failOnViolation,
    recorder: proxy.recording && createRecorder(RECORDERS, proxy.recording, warn),
    now,
  });
}
