// What a call needs beyond the quick path: a log where one is asked for, the judgement of an attempt that
// did not end in a 2xx with a JSON body (retry it, answer it, or end the call with an error), the wait
// before a retry, and the API key scrubbed from everything handed on (error bodies, headers copied into
// errors, a network error's cause) before anything else reads them. The one loop of a call's attempts is
// client-fetch.ts, which loads this module the first time a call needs it: a call that never fails never
// loads it.
import clientDefaults from '../../generated/client-defaults.json' with { type: 'json' };
import { BodyTooLargeError } from '../contract/bounded-body.js';
import { keyHeaderOf } from '../contract/auth-scheme.js';
import { createRedactor, redactedBodyText, redactJson } from '../contract/redact.js';
import type { AttemptResult } from './attempt.js';
import { ApiConnectionError, ApiResponseError, ApiTimeoutError } from './errors.js';
import { createLog, type Log, type Logger, type LogLevel } from './log.js';
import { type CallRecord, okResponse, parsedJson, ReadResponse } from './read-response.js';
import { networkCode } from '../contract/network-code.js';
import { isRetryable, retryDelayMs, type AttemptOutcome } from './retry-policy.js';

export interface FailurePathOptions {
  /**
   * The key, to remove from error bodies, copied headers, causes and log lines (createRedactor); with
   * another document's HTTP basic, the pair and its password.
   */
  apiKey: string | readonly string[];
  logLevel: LogLevel;
  logger: Logger;
}

/** A copy of an error with the key scrubbed from its message, name and code, and from its causes, a few deep. */
function scrubbedError(error: unknown, redact: (text: string) => string, depth = 0): Error | undefined {
  if (error === undefined || error === null) return undefined;
  const source = (typeof error === 'object' ? error : { message: String(error) }) as {
    name?: unknown;
    message?: unknown;
    code?: unknown;
    cause?: unknown;
  };
  const copy = new Error(redact(String(source.message ?? '')));
  copy.name = redact(String(source.name ?? 'Error'));
  if (typeof source.code === 'string') Object.assign(copy, { code: redact(source.code) });
  const cause = depth < 3 ? scrubbedError(source.cause, redact, depth + 1) : undefined;
  if (cause) copy.cause = cause;
  return copy;
}

/**
 * The wait before a retry, on a real timer. An internal seam, not a public option (the package exports nothing
 * of this module): tests of what is retried replace it, so that a 0.5 s backoff is asked for, not waited out.
 */
export const retryWait = { sleep };

function sleep(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal.aborted) return reject(signal.reason);
    const timer = setTimeout(() => {
      signal.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    const onAbort = () => {
      clearTimeout(timer);
      reject(signal.reason);
    };
    signal.addEventListener('abort', onAbort, { once: true });
  });
}

/** A 2xx answer as the client hands it on; one whose body is not JSON is an ApiResponseError (its body not quoted). */
function okAnswer(
  response: Response,
  text: string,
  redact: (text: string) => string,
  call: CallRecord,
  log: Log,
): Response {
  const answer = okResponse(response, text, call);
  if (answer) return answer;
  const contentType = response.headers.get('content-type');
  const error = new ApiResponseError(
    call.method,
    call.path,
    response.status,
    contentType === null ? null : redact(contentType),
    text.length,
  );
  log.error?.(error.message);
  throw error;
}

/**
 * An error answer as the client hands it on, with the key redacted from its body and its request id
 * header before any other code sees them.
 */
function errorAnswer(response: Response, text: string, redact: (text: string) => string, call: CallRecord) {
  const errorJson = response.headers.get('content-type')?.includes('json') ? parsedJson(text) : undefined;
  const errorBody = errorJson ? redactJson(errorJson.value, redact) : redact(text);
  const body = errorJson ? JSON.stringify(errorBody) : (errorBody as string);
  const requestId = response.headers.get('x-request-id');
  return new ReadResponse(
    {
      method: call.method,
      path: call.path,
      errorBody: body === '' ? undefined : errorBody,
      requestIdHeader: requestId === null ? undefined : redact(requestId),
    },
    body,
    undefined,
    response,
  );
}

// The header the key is sent in, as Headers names it.
const keyHeader = keyHeaderOf(clientDefaults.auth);

/** Headers as log text, the key's header left out whole (the rest is scrubbed with the line). */
const headerText = (headers: Headers) =>
  [...headers].map(([name, value]) => `${name}: ${name === keyHeader ? '[redacted]' : value}`).join('; ');

/** host:port of a URL, the scheme's default port written out. */
const hostOf = (url: URL) => `${url.hostname}:${url.port || (url.protocol === 'https:' ? '443' : '80')}`;

const whyRetried = (outcome: AttemptOutcome): string =>
  outcome.kind === 'response'
    ? `status ${outcome.status}`
    : outcome.kind === 'timeout'
      ? 'the attempt timed out'
      : outcome.refused
        ? 'the connection was refused'
        : 'a network error';

/** The message of fetch's cause ("bad port"), which says why where there is no code; scrubbed. */
function causeMessage(error: unknown, redact: (text: string) => string): string | undefined {
  if (error instanceof BodyTooLargeError) return error.message;
  const message = (error as { cause?: { message?: unknown } } | undefined)?.cause?.message;
  return typeof message === 'string' && message !== '' ? redact(message) : undefined;
}

/** The error a failed attempt ends the call with, scrubbed. */
function failure(
  result: Extract<AttemptResult, { kind: 'failed' }>,
  request: Request,
  path: string,
  timeoutMs: number,
  redact: (text: string) => string,
) {
  const host = redact(hostOf(new URL(request.url)));
  if (result.timedOut) return new ApiTimeoutError(request.method, path, timeoutMs, host);
  const code = networkCode(result.error);
  return new ApiConnectionError(request.method, path, code === undefined ? undefined : redact(code), {
    host,
    reason: causeMessage(result.error, redact),
    cause: scrubbedError(result.error, redact),
  });
}

/** Waits before retry number `retry`, saying so in the log. */
async function retryAfter(
  log: Log,
  retry: number,
  label: () => string,
  outcome: AttemptOutcome,
  caller: AbortSignal,
  headers?: Headers,
) {
  const wait = retryDelayMs(retry, headers);
  log.warn?.(`${label()}: retrying in ${Math.round(wait)} ms after ${whyRetried(outcome)}`);
  await retryWait.sleep(wait, caller);
}

/** Where a call is in its loop: which attempt, how many it may make, and what it is. */
export interface AttemptState {
  /** 0 for the first attempt, 1 for the first retry, ... */
  retry: number;
  maxRetries: number;
  timeoutMs: number;
  /** performance.now() when the attempt started; read only where the log is on. */
  started: number;
  call: CallRecord;
}

/** What the loop asks of the failure path. */
export interface FailurePath {
  /** Logs the request a call sends, where the log is at debug. */
  logRequest(request: Request): Promise<void>;
  /**
   * Judges an attempt: the Response the call ends with, or undefined once the wait before the next attempt
   * is over; it throws the error a call ends with (the key scrubbed from it).
   */
  settle(request: Request, result: AttemptResult, attempt: AttemptState): Promise<Response | undefined>;
}

const attemptLabel = (method: string, attempt: AttemptState) =>
  `${method} ${attempt.call.path} (attempt ${attempt.retry + 1} of ${attempt.maxRetries + 1})`;

/** An attempt that ended without an answer: the call's error, or undefined after the wait before a retry. */
async function settleFailed(
  request: Request,
  result: Extract<AttemptResult, { kind: 'failed' }>,
  attempt: AttemptState,
  log: Log,
  redact: (text: string) => string,
): Promise<undefined> {
  const caller = request.signal;
  if (caller.aborted) throw caller.reason;
  const outcome: AttemptOutcome = result.timedOut
    ? { kind: 'timeout' }
    : { kind: 'network', refused: !result.sent && networkCode(result.error) === 'ECONNREFUSED' };
  // Log text is made only when a log will take it: with logging off, an attempt makes none.
  const label = () => attemptLabel(request.method, attempt);
  log.info?.(`${label()} failed after ${Math.round(performance.now() - attempt.started)} ms: ${whyRetried(outcome)}`);
  if (attempt.retry >= attempt.maxRetries || result.tooLarge || !isRetryable(request.method, outcome)) {
    const error = failure(result, request, attempt.call.path, attempt.timeoutMs, redact);
    log.error?.(error.message);
    throw error;
  }
  await retryAfter(log, attempt.retry, label, outcome, caller);
  return undefined;
}

/** An attempt that was answered: the Response the call ends with, or undefined after the wait before a retry. */
async function settleAnswered(
  request: Request,
  { response, text }: Extract<AttemptResult, { kind: 'answer' }>,
  attempt: AttemptState,
  log: Log,
  redact: (text: string) => string,
): Promise<Response | undefined> {
  const label = () => attemptLabel(request.method, attempt);
  log.info?.(`${label()} -> ${response.status} in ${Math.round(performance.now() - attempt.started)} ms`);
  log.debug?.(`${label()} response headers: ${headerText(response.headers)}; body: ${redactedBodyText(text, redact)}`);
  if (response.ok) return okAnswer(response, text, redact, attempt.call, log);
  const outcome: AttemptOutcome = { kind: 'response', status: response.status, headers: response.headers };
  if (attempt.retry >= attempt.maxRetries || !isRetryable(request.method, outcome))
    return errorAnswer(response, text, redact, attempt.call);
  await retryAfter(log, attempt.retry, label, outcome, request.signal, response.headers);
  return undefined;
}

export function createFailurePath(options: FailurePathOptions): FailurePath {
  const redact = createRedactor(options.apiKey);
  const log: Log = createLog(options.logLevel, options.logger, redact);
  return {
    async logRequest(request) {
      if (!log.debug) return;
      const body = request.body === null ? '' : `; body: ${redactedBodyText(await request.clone().text(), redact)}`;
      log.debug(`${request.method} ${request.url} request headers: ${headerText(request.headers)}${body}`);
    },
    settle: (request, result, attempt) =>
      result.kind === 'failed'
        ? settleFailed(request, result, attempt, log, redact)
        : settleAnswered(request, result, attempt, log, redact),
  };
}
