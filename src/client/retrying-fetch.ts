// The careful path of a call: each attempt (the request and the whole response body) under its own timeout,
// retries where the policy allows them, a log where one is asked for, and the API key scrubbed from
// everything handed on (error bodies, headers copied into errors, a network error's cause) before anything
// else reads them. client-fetch.ts loads this module the first time a call needs it: when a log is on, or
// when an attempt did not end in a 2xx with a JSON body. A call that never fails never loads it.
import clientDefaults from '../../generated/client-defaults.json' with { type: 'json' };
import { BodyTooLargeError } from '../contract/bounded-body.js';
import { keyHeaderOf } from '../contract/auth-scheme.js';
import { createRedactor, redactedBodyText, redactJson } from '../contract/redact.js';
import type { AttemptClock } from './attempt-clock.js';
import { type AttemptResult, type CallOverrides, sendAttempt, type Transport } from './attempt.js';
import { ApiConnectionError, ApiResponseError, ApiTimeoutError } from './errors.js';
import { createLog, type Log, type Logger, type LogLevel } from './log.js';
import { type CallRecord, callRecordFor, okResponse, parsedJson, ReadResponse } from './read-response.js';
import { networkCode } from '../contract/network-code.js';
import { isRetryable, retryDelayMs, type AttemptOutcome } from './retry-policy.js';

export interface RetryingFetchOptions {
  fetch: Transport;
  /** The deadlines of the client's attempts (its quick path and this loop share one). */
  clock: AttemptClock;
  timeoutMs: number;
  maxRetries: number;
  /** The key, to remove from error bodies, copied headers, causes and log lines (createRedactor). */
  apiKey: string;
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
  await sleep(wait, caller);
}

/**
 * The retry loop. `first`, where given, is the first attempt's result, sent already by the quick path
 * (client-fetch.ts) with the log off; the loop goes on from it as if it had sent it.
 */
export function createRetryingFetch(options: RetryingFetchOptions) {
  const { clock, fetch, timeoutMs: defaultTimeoutMs, maxRetries: defaultMaxRetries } = options;
  const redact = createRedactor(options.apiKey);
  const log: Log = createLog(options.logLevel, options.logger, redact);
  return async function retryingFetch(
    request: Request,
    call: CallOverrides = {},
    first?: AttemptResult,
  ): Promise<Response> {
    const timeoutMs = call.timeoutMs ?? defaultTimeoutMs;
    const maxRetries = call.maxRetries ?? defaultMaxRetries;
    const { method } = request;
    const sent = callRecordFor(request);
    const caller = request.signal;
    if (log.debug)
      log.debug(
        `${method} ${request.url} request headers: ${headerText(request.headers)}${request.body !== null ? `; body: ${redactedBodyText(await request.clone().text(), redact)}` : ''}`,
      );
    for (let retry = 0; ; retry++) {
      const last = retry >= maxRetries;
      const started = log.info ? performance.now() : 0;
      const result =
        retry === 0 && first
          ? first
          : await sendAttempt(clock, fetch, request, timeoutMs, !last, call.callerMayAbort === true);
      // Log text is made only when a log will take it: with logging off, an attempt makes none.
      const label = () => `${method} ${sent.path} (attempt ${retry + 1} of ${maxRetries + 1})`;
      if (result.kind === 'failed') {
        if (caller.aborted) throw caller.reason;
        const outcome: AttemptOutcome = result.timedOut
          ? { kind: 'timeout' }
          : { kind: 'network', refused: !result.sent && networkCode(result.error) === 'ECONNREFUSED' };
        log.info?.(`${label()} failed after ${Math.round(performance.now() - started)} ms: ${whyRetried(outcome)}`);
        if (last || result.tooLarge || !isRetryable(method, outcome)) {
          const error = failure(result, request, sent.path, timeoutMs, redact);
          log.error?.(error.message);
          throw error;
        }
        await retryAfter(log, retry, label, outcome, caller);
        continue;
      }
      const { response, text } = result;
      log.info?.(`${label()} -> ${response.status} in ${Math.round(performance.now() - started)} ms`);
      log.debug?.(
        `${label()} response headers: ${headerText(response.headers)}; body: ${redactedBodyText(text, redact)}`,
      );
      if (response.ok) return okAnswer(response, text, redact, sent, log);
      const outcome: AttemptOutcome = { kind: 'response', status: response.status, headers: response.headers };
      if (last || !isRetryable(method, outcome)) return errorAnswer(response, text, redact, sent);
      await retryAfter(log, retry, label, outcome, caller, response.headers);
    }
  };
}

export type RetryingFetch = ReturnType<typeof createRetryingFetch>;
