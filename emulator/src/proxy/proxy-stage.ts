// The proxy's stage of the core, in place of the operations: each request to an operation is checked
// against the document and forwarded as it was sent; the upstream's answer is checked against what the
// document declares for that operation and status, then handed back unchanged (with the count of
// violations in X-Contract-Violations), or, with `failOnViolation`, replaced by a 502 listing them.
// A path no operation has is forwarded unchecked. Every exchange goes into the violation log, scrubbed.
import { authSchemeOf, keyHeaderOf, type OpenApiDocument, type RouteSpec } from 'cloud-platform-api/toolbox';
import type { ContractValidator } from 'cloud-platform-check/contract';
import { credentialOf } from '../core/auth.js';
import type { Call, CallChecker } from '../core/call-check.js';
import { JSON_HEADERS, type ContractViolation, type CoreRequest, type CoreResponse } from '../core/messages.js';
import { createExchangeChecks, type RequestSide } from './exchange-checks.js';
import type { Recorder } from './recorder.js';
import { createScrubber, type Scrubber } from './scrub.js';
import { MAX_NESTING, nestingDepth } from '../core/nesting.js';
import { UpstreamError, type Upstream, type UpstreamAnswer } from './upstream.js';
import type { ViolationLog } from './violation-log.js';

export interface ProxyStageOptions {
  document: OpenApiDocument;
  validator: ContractValidator;
  checkCall: CallChecker;
  upstream: Upstream;
  log: ViolationLog;
  /** Undeclared fields count as violations. */
  strict: boolean | undefined;
  /** Answer a violating upstream answer with a 502 listing the violations, instead of handing it back. */
  failOnViolation: boolean | undefined;
  recorder: Recorder | undefined;
  now: () => string;
}

const NO_RETRY_HEADERS: Readonly<Record<string, string>> = Object.freeze({
  ...JSON_HEADERS,
  'x-should-retry': 'false',
});

/** The request as a person reads it in the violations and the report: method, path and query, scrubbed of the key. */
function requestLine(request: CoreRequest, scrub: Scrubber): string {
  const query = new URLSearchParams(
    Object.entries(request.query).flatMap(([name, value]) =>
      (Array.isArray(value) ? value : [value]).map((one) => [name, one]),
    ),
  ).toString();
  return scrub.text(`${request.method.toUpperCase()} ${request.path}${query ? `?${query}` : ''}`);
}

export function createProxyStage({
  document,
  validator,
  checkCall,
  upstream,
  log,
  strict,
  failOnViolation,
  recorder,
  now,
}: ProxyStageOptions) {
  const { requestSide, responseSide } = createExchangeChecks(document, validator, checkCall);
  const scrubberFor = createScrubber(document);
  const keyHeader = keyHeaderOf(authSchemeOf(document));
  const counts = (violation: ContractViolation) => !violation.undeclared || strict === true;

  const scrubbed = (scrub: Scrubber, violations: readonly ContractViolation[]) =>
    violations.map((v) => ({ ...v, path: scrub.text(v.path), message: scrub.text(v.message) }));

  function gatewayAnswer(
    status: number,
    message: string,
    operationId: string | undefined,
    violations: readonly ContractViolation[],
  ): CoreResponse {
    return { status, headers: JSON_HEADERS, body: { message }, operationId, violations };
  }

  /**
   * The 502 for an upstream answer the document does not allow (`failOnViolation`), listing why. Asking
   * again gets the same answer, so it says not to retry: a client that honours `x-should-retry`, as this
   * project's does, makes one request to the upstream, not three.
   */
  function violationAnswer(
    operationId: string | undefined,
    status: number,
    violations: readonly ContractViolation[],
  ): CoreResponse {
    const message = `The upstream's answer to ${operationId} (${status}) is not what the document declares`;
    return { status: 502, headers: NO_RETRY_HEADERS, body: { message, violations }, operationId, violations };
  }

  /** Forwards the request and answers with what the upstream said, or why it could not. */
  async function exchange(
    request: CoreRequest,
    route: RouteSpec | undefined,
    sent: RequestSide,
  ): Promise<CoreResponse> {
    const scrub = scrubberFor(credentialOf(request.headers[keyHeader]));
    const operationId = route?.operationId;
    let answer: UpstreamAnswer;
    try {
      answer = await upstream(request);
    } catch (error) {
      if (!(error instanceof UpstreamError)) throw error;
      const violations = scrubbed(scrub, sent.violations);
      log.add({ operationId, status: undefined, time: now(), request: requestLine(request, scrub) }, violations);
      return gatewayAnswer(error.status, scrub.text(error.message), operationId, violations);
    }
    const received = route ? responseSide(route, answer) : { violations: [], body: undefined };
    const violations = scrubbed(scrub, [...sent.violations, ...received.violations]);
    log.add({ operationId, status: answer.status, time: now(), request: requestLine(request, scrub) }, violations);
    const failing = violations.filter(counts);
    if (failOnViolation && failing.some((v) => v.direction === 'response'))
      return violationAnswer(operationId, answer.status, failing);
    if (route && sent.checked && failing.length === 0 && answer.status >= 200 && answer.status < 300) {
      // An answer deeper than fixtures may nest would make the whole recording unloadable, and would overflow the scrubber's walk.
      if (nestingDepth(received.body) > MAX_NESTING)
        recorder?.skip(route.operationId, `nested deeper than ${MAX_NESTING} levels, which --fixtures would refuse`);
      else recorder?.record(route.operationId, { ...sent.checked, body: scrub.value(received.body) });
    }
    return {
      status: answer.status,
      headers: { ...answer.headers, 'x-contract-violations': String(failing.length) },
      setCookie: answer.setCookie,
      body: answer.bytes,
      verbatim: true,
      operationId,
      violations,
    };
  }

  const deferredExchange = (request: CoreRequest, route: RouteSpec | undefined, sent: RequestSide): CoreResponse => ({
    status: 0,
    headers: {},
    body: undefined,
    operationId: route?.operationId,
    deferred: () => exchange(request, route, sent),
  });

  return {
    /** A request to an operation (one with a body within the size limit): checked, then forwarded. */
    operation: (call: Call): CoreResponse => deferredExchange(call.request, call.route, requestSide(call)),
    /** A request to a path or method no operation of the document has: forwarded as it is. */
    unrouted: (request: CoreRequest): CoreResponse => deferredExchange(request, undefined, { violations: [] }),
  };
}

export type ProxyStage = ReturnType<typeof createProxyStage>;
