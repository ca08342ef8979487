// A fetch for openapi-fetch that gives each attempt (the request and the whole response body) its own timeout,
// retries what the policy allows, and scrubs the API key from error bodies before anything else reads them.
import { ApiConnectionError, ApiResponseError, ApiTimeoutError } from './errors.js';
import { ReadResponse, type Exchange } from './read-response.js';
import { createRedactor, redactJson } from './redact.js';
import { isRetryable, retryDelayMs, type AttemptOutcome } from './retry-policy.js';

/** The fetch signature the client sends with: a Request, plus the init that carries the attempt's signal. */
export type Transport = (request: Request, init: { signal: AbortSignal }) => Promise<Response>;

export interface RetryingFetchOptions {
  fetch: Transport;
  timeoutMs: number;
  maxRetries: number;
  /** Removed from error bodies, in case a server echoes the request's headers back. */
  secret: string;
}

/**
 * One attempt's signal: aborted by its own timer or by the caller. A controller and a timer are
 * used rather than AbortSignal.any + AbortSignal.timeout, which cost a third of a local call on Node 20.
 */
function attemptSignal(caller: AbortSignal, timeoutMs: number) {
  const controller = new AbortController();
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    controller.abort(new DOMException('The attempt timed out', 'TimeoutError'));
  }, timeoutMs);
  const onAbort = () => controller.abort(caller.reason);
  caller.addEventListener('abort', onAbort, { once: true });
  return {
    signal: controller.signal,
    timedOut: () => timedOut,
    done() {
      clearTimeout(timer);
      caller.removeEventListener('abort', onAbort);
    },
  };
}

/** Node's fetch puts the system error code on the cause (an AggregateError when several addresses were tried). */
function networkCode(error: unknown): string | undefined {
  const cause = (error as { cause?: { code?: unknown; errors?: { code?: unknown }[] } } | undefined)?.cause;
  if (typeof cause?.code === 'string') return cause.code;
  const codes = new Set((cause?.errors ?? []).map((e) => e.code).filter((c): c is string => typeof c === 'string'));
  return codes.size === 1 ? [...codes][0] : undefined;
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

/** Parsed JSON, or undefined when the text is not JSON. */
function parsedJson(text: string): { value: unknown } | undefined {
  try {
    return { value: JSON.parse(text) };
  } catch {
    return undefined;
  }
}

/**
 * A response's body as the client hands it on: read within the attempt (so a body that stalls times
 * out, and one cut off is a network failure the policy may retry), with the key redacted from an
 * error body before any other code sees it.
 */
function answered(response: Response, text: string, json: { value: unknown } | undefined, redact: (text: string) => string, exchange: Exchange): Response {
  const init = { status: response.status, statusText: response.statusText, headers: response.headers };
  if (response.ok) return new ReadResponse(exchange, text, json, init);
  const errorJson = response.headers.get('content-type')?.includes('json') ? parsedJson(text) : undefined;
  const errorBody = errorJson ? redactJson(errorJson.value, redact) : redact(text);
  const body = errorJson ? JSON.stringify(errorBody) : (errorBody as string);
  return new ReadResponse({ ...exchange, errorBody: body === '' ? undefined : errorBody }, body, undefined, init);
}

export function createRetryingFetch({ fetch, timeoutMs, maxRetries, secret }: RetryingFetchOptions) {
  const redact = createRedactor(secret);
  return async function retryingFetch(request: Request): Promise<Response> {
    const { method } = request;
    const exchange: Exchange = { method, path: new URL(request.url).pathname };
    const caller = request.signal;
    // A body can be read once: keep the original unread while another attempt may still need it.
    const replayable = request.body !== null;
    for (let retry = 0; ; retry++) {
      // A signal aborted before the call, or during a wait, sends nothing more.
      if (caller.aborted) throw caller.reason;
      const last = retry >= maxRetries;
      const attempt = attemptSignal(caller, timeoutMs);
      let response: Response;
      let text: string;
      let sent = false;
      try {
        response = await fetch(replayable && !last ? request.clone() : request, { signal: attempt.signal });
        sent = true;
        text = response.body === null ? '' : await response.text();
      } catch (error) {
        const outcome: AttemptOutcome = attempt.timedOut() ? { kind: 'timeout' } : { kind: 'network', refused: !sent && networkCode(error) === 'ECONNREFUSED' };
        if (caller.aborted) throw caller.reason;
        if (last || !isRetryable(method, outcome)) {
          throw attempt.timedOut() ? new ApiTimeoutError(method, exchange.path, timeoutMs) : new ApiConnectionError(method, exchange.path, networkCode(error));
        }
        await sleep(retryDelayMs(retry), caller);
        continue;
      } finally {
        attempt.done();
      }
      const json = response.ok && text !== '' ? parsedJson(text) : undefined;
      if (response.ok && text !== '' && !json) {
        throw new ApiResponseError(method, exchange.path, response.status, response.headers.get('content-type'), text.length);
      }
      if (response.ok || last || !isRetryable(method, { kind: 'response', status: response.status, headers: response.headers })) {
        return answered(response, text, json, redact, exchange);
      }
      await sleep(retryDelayMs(retry, response.headers), caller);
    }
  };
}
