// createCloudClient: an openapi-fetch client typed by the generated `paths`, with the API key,
// per-attempt timeouts, safe retries, options per call, a log, a deprecation warning, and optionally
// errors thrown.
import createClient, { type Middleware } from 'openapi-fetch';
import clientDefaults from '../../generated/client-defaults.json' with { type: 'json' };
import type { paths } from '../../generated/schema.js';
import { METHOD_NAMES, type CallOptions, type CloudClient, type ThrowingCloudClient } from './client-types.js';
import { warnIfDeprecated } from './deprecation.js';
import { isLogLevel, LOG_LEVELS, type Logger, type LogLevel } from './log.js';
import { errorOrigin, callRecordOf } from './read-response.js';
import { authorizationValue } from '../contract/auth-scheme.js';
import { httpUrl, notHttpUrl } from '../contract/http-url.js';
import { CloudClientOptionError } from './option-error.js';
import { serializePath, withPathValues } from './path-values.js';
import type { Transport } from './attempt.js';
import { type ClientFetch, createClientFetch } from './client-fetch.js';
import { withResources } from './resources.js';

export type { CallOptions, CloudClient, ThrowingCloudClient };

/** Options of createCloudClient; each has a default, so `createCloudClient()` works with GCORE_API_KEY set. */
export interface CloudClientOptions {
  /** The API key. Default: GCORE_API_KEY from the environment. */
  apiKey?: string;
  /** Default: GCORE_BASE_URL from the environment, else the document's server (https://api.gcore.com). */
  baseUrl?: string;
  /** Time allowed for each attempt, in ms. Default: 120000. */
  timeoutMs?: number;
  /** Retries after the first attempt, where the retry policy allows them. Default: 2. */
  maxRetries?: number;
  /**
   * The fetch to send requests with (tests, proxies): called as fetch(request, { signal }) with the
   * attempt's signal. Default: globalThis.fetch.
   */
  fetch?: Transport;
  /** Extra headers for every request. `Authorization` is always the client's own. */
  headers?: Record<string, string>;
  /** Throw an ApiError for any non-2xx instead of returning { error }. Default: false. */
  throwOnError?: boolean;
  /** What to log: 'off', 'error', 'warn', 'info' (each attempt) or 'debug' (headers and bodies too). Default: GCORE_LOG, else 'off'. */
  logLevel?: LogLevel;
  /** Where log lines go. Default: console. Lines never hold the key, in any encoding. */
  logger?: Logger;
  /**
   * Run in a browser, where the key would be sent to every visitor of the page. Default: false, and
   * createCloudClient throws in a browser: keep the key on a server.
   */
  dangerouslyAllowBrowser?: boolean;
}

/** The document's server, read by the build into generated/ (the client's bundle does not carry the document). */
export const DEFAULT_BASE_URL: string = clientDefaults.baseUrl;
const DEFAULT_TIMEOUT_MS = 120_000;
const DEFAULT_MAX_RETRIES = 2;

/** Reads the environment where there is one (Node), and nothing in a browser. */
function environment(name: string): string | undefined {
  return (globalThis as { process?: { env?: Record<string, string | undefined> } }).process?.env?.[name];
}

export { CloudClientOptionError };

function checkedApiKey(apiKey: string | undefined): string {
  if (apiKey === undefined || apiKey.trim() === '') {
    throw new CloudClientOptionError('apiKey is required: pass { apiKey } or set GCORE_API_KEY');
  }
  // The key goes into a header: a character a header cannot hold would make fetch throw an error
  // that quotes the whole header value, key included. Refuse it here, without quoting it. Spaces
  // inside are sent as they are, as the official SDKs send a key (their tests use `My API Key`); at
  // either end fetch would trim them, sending another key than the one given.
  if (/[^\u0020-\u007e\u00a1-\u00ff]/.test(apiKey) || apiKey !== apiKey.trim()) {
    throw new CloudClientOptionError(
      'apiKey must not contain control or non-Latin-1 characters, nor begin or end with whitespace',
    );
  }
  return apiKey;
}

function checkedBaseUrl(baseUrl: string): string {
  if (!httpUrl(baseUrl)) throw new CloudClientOptionError(notHttpUrl('baseUrl', baseUrl));
  return baseUrl.replace(/\/+$/, '');
}

/** The largest delay a timer can hold (2^31 - 1 ms, about 24.8 days): above it, it fires at once. */
const MAX_TIMER_MS = 2 ** 31 - 1;

function checkedNumber(name: string, value: unknown, rule: (n: number) => boolean, wanted: string): number {
  if (typeof value !== 'number' || !rule(value)) {
    throw new CloudClientOptionError(
      `${name} must be ${wanted}, got ${typeof value === 'number' ? value : (JSON.stringify(value) ?? String(value))}`,
    );
  }
  return value;
}

function checkedLogLevel(level: unknown): LogLevel {
  if (!isLogLevel(level))
    throw new CloudClientOptionError(
      `logLevel (or GCORE_LOG) must be one of ${LOG_LEVELS.join(', ')}, got ${JSON.stringify(level)}`,
    );
  return level;
}

const checkedTimeout = (name: string, value: unknown) =>
  checkedNumber(
    name,
    value,
    (n) => Number.isFinite(n) && n > 0 && n <= MAX_TIMER_MS,
    `a number of milliseconds above 0 and at most ${MAX_TIMER_MS}`,
  );
const checkedRetries = (name: string, value: unknown) =>
  checkedNumber(name, value, (n) => Number.isInteger(n) && n >= 0 && n <= 10, 'a whole number from 0 to 10');

/** A page in a browser: a window with a document. Node, Deno and workers have no document. */
const inBrowser = () =>
  typeof (globalThis as { window?: unknown }).window !== 'undefined' &&
  typeof (globalThis as { document?: unknown }).document !== 'undefined';

/** A call's headers may add to the client's, never replace its Authorization. */
function checkCallHeaders(headers: unknown): void {
  const names =
    headers instanceof Headers
      ? [...headers.keys()]
      : Array.isArray(headers)
        ? headers.map((pair) => String(pair[0]))
        : Object.keys(headers ?? {});
  const own = clientDefaults.auth.header;
  if (names.some((name) => name.toLowerCase() === own.toLowerCase())) {
    throw new CloudClientOptionError(`headers of a call must not set ${own}: it is always the client's own (apiKey)`);
  }
}

type Init = (CallOptions & Record<string, unknown>) | undefined;

/**
 * openapi-fetch's init for a call: the call's timeoutMs and maxRetries, and whether it has a signal,
 * become a fetch of its own (openapi-fetch takes a fetch per call), so that they change this call only. A
 * call without them is passed on as it is.
 */
function withCallOptions(init: Init, send: ClientFetch): Init {
  if (init === undefined) return init;
  const { timeoutMs, maxRetries, signal, headers } = init;
  if (headers !== undefined) checkCallHeaders(headers);
  if (timeoutMs === undefined && maxRetries === undefined && signal === undefined) return init;
  const { timeoutMs: _timeout, maxRetries: _retries, ...rest } = init;
  const call = {
    timeoutMs: timeoutMs === undefined ? undefined : checkedTimeout('timeoutMs of a call', timeoutMs),
    maxRetries: maxRetries === undefined ? undefined : checkedRetries('maxRetries of a call', maxRetries),
    callerMayAbort: signal !== undefined,
  };
  return { ...rest, fetch: (request: Request) => send(request, call) };
}

const throwOnErrorMiddleware: Middleware = {
  async onResponse({ request, response }) {
    if (response.ok) return;
    // Loaded with the first error, as the retry loop is (client-fetch.ts).
    const { apiErrorFor } = await import('./errors.js');
    // The retrying fetch read and parsed this error body already; a response it did not see has none.
    throw apiErrorFor(response, errorOrigin(response, request), callRecordOf(response)?.errorBody);
  },
};

/**
 * A client typed by the document: the key from `apiKey` or GCORE_API_KEY, per-attempt timeouts, safe
 * retries, a log on request. With `throwOnError: true`, a call resolves only on a 2xx, so its `data` is
 * never undefined. A bad option is a CloudClientOptionError naming it.
 *
 * @example
 * const client = createCloudClient({ throwOnError: true });
 * const { data: video } = await client.GET('/streaming/videos/{video_id}', { params: { path: { video_id: 1444 } } });
 */
export function createCloudClient(options: CloudClientOptions & { throwOnError: true }): ThrowingCloudClient;
/**
 * A client typed by the document; a call resolves to `{ data }` on a 2xx and `{ error }` otherwise.
 *
 * @example
 * const client = createCloudClient(); // apiKey from GCORE_API_KEY
 * const { data, error } = await client.GET('/streaming/videos/{video_id}', { params: { path: { video_id: 1444 } } });
 */
export function createCloudClient(options?: CloudClientOptions): CloudClient;
export function createCloudClient(options: CloudClientOptions = {}): CloudClient | ThrowingCloudClient {
  if (inBrowser() && options.dangerouslyAllowBrowser !== true) {
    throw new CloudClientOptionError(
      'createCloudClient refuses to run in a browser: the API key would be sent to every visitor of the page. Call the API from a server, or pass { dangerouslyAllowBrowser: true } if the page is yours alone (a test, an internal tool).',
    );
  }
  const apiKey = checkedApiKey(options.apiKey ?? environment('GCORE_API_KEY'));
  const baseUrl = checkedBaseUrl(options.baseUrl ?? environment('GCORE_BASE_URL') ?? DEFAULT_BASE_URL);
  const timeoutMs = checkedTimeout('timeoutMs', options.timeoutMs ?? DEFAULT_TIMEOUT_MS);
  const maxRetries = checkedRetries('maxRetries', options.maxRetries ?? DEFAULT_MAX_RETRIES);
  const clientFetch = createClientFetch({
    fetch: options.fetch ?? ((request, init) => globalThis.fetch(request, init)),
    timeoutMs,
    maxRetries,
    apiKey,
    logLevel: checkedLogLevel(options.logLevel ?? environment('GCORE_LOG') ?? 'off'),
    logger: options.logger ?? console,
    preload: inBrowser(),
  });

  // Middleware a user adds may hand on another request, with a signal of its own: from then on every
  // attempt listens to the request's signal.
  let requestsMayBeReplaced = false;
  const fetchForCall: ClientFetch = (request, call = {}) =>
    clientFetch(request, requestsMayBeReplaced && !call.callerMayAbort ? { ...call, callerMayAbort: true } : call);

  const client = createClient<paths>({
    baseUrl,
    // Last, so it replaces the same header in any case: openapi-fetch sets these in order on one Headers.
    headers: { ...options.headers, [clientDefaults.auth.header]: authorizationValue(clientDefaults.auth, apiKey) },
    fetch: (request: Request) => fetchForCall(request),
    pathSerializer: serializePath,
  });
  if (options.throwOnError) client.use(throwOnErrorMiddleware);
  const use = client.use.bind(client);
  client.use = (...middleware) => {
    requestsMayBeReplaced = true;
    use(...middleware);
  };
  const methods = client as unknown as Record<
    (typeof METHOD_NAMES)[number],
    (url: string, init?: Init) => Promise<unknown>
  >;
  // A call's bad option rejects its promise, as any failure of a call does, instead of throwing.
  const call = (method: string, url: string, init: Init, send: (url: string, init: Init) => Promise<unknown>) => {
    try {
      warnIfDeprecated(method, url);
      return send(url, withCallOptions(withPathValues(url, init), fetchForCall));
    } catch (error) {
      return Promise.reject(error);
    }
  };
  for (const name of METHOD_NAMES) {
    const send = methods[name];
    methods[name] = (url, init) => call(name, url, init, send);
  }
  const { request } = client as unknown as { request: (method: string, url: string, init: Init) => Promise<unknown> };
  Object.assign(client, {
    request: (method: string, url: string, init: Init) =>
      call(method.toUpperCase(), url, init, (path, checked) => request(method, path, checked)),
  });
  return withResources(client) as unknown as CloudClient;
}
