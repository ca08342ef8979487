// The proxy as the core's target, in place of the operations: each request to an operation is checked
// against the document and forwarded as it was sent; the upstream's answer is checked against what the
// document declares for that operation and status, then handed back unchanged (with the count of
// violations in X-Contract-Violations), or, with `failOnViolation`, replaced by a 502 listing them.
// A path no operation has is forwarded unchecked. Every exchange goes into the violation log, scrubbed.
import { REDACTED, securityOf, type OpenApiDocument, type RouteSpec } from 'cloud-platform-api/toolbox';
import type { ContractValidator } from 'cloud-platform-check/contract';
import { credentialTexts, type CredentialTexts } from '../core/api-keys.js';
import { JSON_HEADERS, type ContractViolation, type CoreRequest, type CoreResponse } from '../core/messages.js';
import type { Exchange, Forwarder } from '../core/stages/exchange.js';
import { createExchangeChecks, type ExchangeChecks, type RequestSide } from './exchange-checks.js';
import type { RecordedExchange, Recorder } from './recorder.js';
import { createScrubber, type Scrubber } from './scrub.js';
import { MAX_NESTING, nestingDepth } from '../core/document/nesting.js';
import { UpstreamError, type Upstream, type UpstreamAnswer } from './upstream.js';
import type { ViolationLog } from './violation-log.js';

export interface ProxyStageOptions {
  document: OpenApiDocument;
  validator: ContractValidator;
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

/**
 * The request as a person reads it in the violations and the report: method, path and query, scrubbed of
 * the secrets, a query parameter that carries a credential redacted whole.
 */
function requestLine(request: CoreRequest, scrub: Scrubber, credentialNames: ReadonlySet<string>): string {
  const query = new URLSearchParams(
    Object.entries(request.query).flatMap(([name, value]) =>
      (Array.isArray(value) ? value : [value]).map((one) => [name, credentialNames.has(name) ? REDACTED : one]),
    ),
  ).toString();
  return scrub.text(`${request.method.toUpperCase()} ${request.path}${query ? `?${query}` : ''}`);
}

/** What one proxy forwards with, made once. */
interface ProxyParts extends Pick<ProxyStageOptions, 'upstream' | 'log' | 'failOnViolation' | 'recorder' | 'now'> {
  checks: ExchangeChecks;
  scrubberFor: (secrets: readonly string[]) => Scrubber;
  credentials: CredentialTexts;
  /** Whether a violation fails the exchange: an undeclared field only when the emulator is strict. */
  counts: (violation: ContractViolation) => boolean;
}

const scrubbed = (scrub: Scrubber, violations: readonly ContractViolation[]) =>
  violations.map((v) => ({ ...v, path: scrub.text(v.path), message: scrub.text(v.message) }));

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
  return { status: 502, headers: NO_RETRY_HEADERS, body: { message, violations } };
}

/** Records a valid success answer of an operation, scrubbed, where the proxy records (`--record`). */
function recordSuccess(parts: ProxyParts, route: RouteSpec, sent: RequestSide, body: unknown, scrub: Scrubber): void {
  // An answer deeper than fixtures may nest would make the whole recording unloadable, and would overflow the scrubber's walk.
  if (nestingDepth(body) > MAX_NESTING)
    parts.recorder?.skip(route.operationId, `nested deeper than ${MAX_NESTING} levels, which --fixtures would refuse`);
  else {
    const { params, query } = scrub.value({
      params: sent.checked!.params,
      query: sent.checked!.query,
    }) as RecordedExchange;
    parts.recorder?.record(route.operationId, { params, query, body: scrub.value(body) });
  }
}

/** The upstream's answer, checked and logged: handed back unchanged, or a 502 listing what it violates. */
function answered(
  parts: ProxyParts,
  exchange: Exchange,
  sent: RequestSide,
  answer: UpstreamAnswer,
  scrub: Scrubber,
): void {
  const { route, request } = exchange;
  const operationId = route?.operationId;
  const received = route ? parts.checks.responseSide(route, answer) : { violations: [], body: undefined };
  const violations = scrubbed(scrub, [...sent.violations, ...received.violations]);
  parts.log.add(
    {
      operationId,
      status: answer.status,
      time: parts.now(),
      request: requestLine(request, scrub, parts.credentials.queryNames),
    },
    violations,
  );
  exchange.violations = violations;
  const failing = violations.filter(parts.counts);
  if (parts.failOnViolation && failing.some((v) => v.direction === 'response')) {
    exchange.answer = violationAnswer(operationId, answer.status, failing);
    return;
  }
  if (route && sent.checked && failing.length === 0 && answer.status >= 200 && answer.status < 300)
    recordSuccess(parts, route, sent, received.body, scrub);
  exchange.answer = {
    status: answer.status,
    headers: { ...answer.headers, 'x-contract-violations': String(failing.length) },
    setCookie: answer.setCookie,
    body: answer.bytes,
    verbatim: true,
  };
}

/** Forwards the request and answers with what the upstream said, or why it could not. */
async function forwarded(parts: ProxyParts, exchange: Exchange): Promise<void> {
  const { request, route, checked } = exchange;
  const sent: RequestSide = route && checked ? parts.checks.requestSide(checked) : { violations: [] };
  const { credentials } = parts;
  const scrub = parts.scrubberFor(credentials.secrets(credentials.carried(request.headers), request.query));
  let answer: UpstreamAnswer;
  try {
    answer = await parts.upstream(request);
  } catch (error) {
    if (!(error instanceof UpstreamError)) throw error;
    const violations = scrubbed(scrub, sent.violations);
    const line = {
      operationId: route?.operationId,
      status: undefined,
      time: parts.now(),
      request: requestLine(request, scrub, parts.credentials.queryNames),
    };
    parts.log.add(line, violations);
    exchange.violations = violations;
    exchange.answer = { status: error.status, headers: JSON_HEADERS, body: { message: scrub.text(error.message) } };
    return;
  }
  answered(parts, exchange, sent, answer, scrub);
}

/**
 * The proxy as the core's target: a request to an operation (one with a body within the size limit),
 * checked, then forwarded; a request to a path or method no operation of the document has, forwarded as it is.
 */
export function createProxyStage({ document, validator, strict, ...rest }: ProxyStageOptions): Forwarder {
  const parts: ProxyParts = {
    ...rest,
    checks: createExchangeChecks(document, validator),
    scrubberFor: createScrubber(document),
    credentials: credentialTexts(securityOf(document)),
    counts: (violation) => !violation.undeclared || strict === true,
  };
  return { forward: (exchange) => forwarded(parts, exchange) };
}
