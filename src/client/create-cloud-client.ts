// createCloudClient: an openapi-fetch client typed by the generated `paths`, with the API key,
// per-attempt timeouts, safe retries, a deprecation warning, and optionally errors thrown.
import createClient, { type Client, type Middleware } from 'openapi-fetch';
import type { paths } from '../../generated/schema.js';
import { deprecationWarning } from './deprecation.js';
import { apiErrorFor } from './errors.js';
import { exchangeOf } from './read-response.js';
import { createRetryingFetch, type Transport } from './retrying-fetch.js';
import type { ThrowingCloudClient } from './throwing-client.js';

export type CloudClient = Client<paths>;
export type { ThrowingCloudClient };

export interface CloudClientOptions {
  /** The API key. Default: GCORE_API_KEY from the environment. */
  apiKey?: string;
  /** Default: GCORE_BASE_URL from the environment, else https://api.gcore.com. */
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
}

export const DEFAULT_BASE_URL = 'https://api.gcore.com';
const DEFAULT_TIMEOUT_MS = 120_000;
const DEFAULT_MAX_RETRIES = 2;

/** Reads the environment where there is one (Node), and nothing in a browser. */
function environment(name: string): string | undefined {
  return (globalThis as { process?: { env?: Record<string, string | undefined> } }).process?.env?.[name];
}

class CloudClientOptionError extends TypeError {
  override name = 'CloudClientOptionError';
}

function checkedApiKey(apiKey: string | undefined): string {
  if (apiKey === undefined || apiKey.trim() === '') {
    throw new CloudClientOptionError('apiKey is required: pass { apiKey } or set GCORE_API_KEY');
  }
  // The key goes into a header: a character a header cannot hold would make fetch throw an error
  // that quotes the whole header value, key included. Refuse it here, without quoting it.
  if (/[^\u0021-\u007e\u00a1-\u00ff]/.test(apiKey)) {
    throw new CloudClientOptionError('apiKey must not contain whitespace, control or non-Latin-1 characters');
  }
  return apiKey;
}

function checkedBaseUrl(baseUrl: string): string {
  let url: URL;
  try {
    url = new URL(baseUrl);
  } catch {
    throw new CloudClientOptionError(`baseUrl must be an absolute http(s) URL, got "${baseUrl}"`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new CloudClientOptionError(`baseUrl must use http or https, got "${url.protocol}"`);
  }
  return baseUrl.replace(/\/+$/, '');
}

/** The largest delay a timer can hold (2^31 - 1 ms, about 24.8 days): above it, it fires at once. */
const MAX_TIMER_MS = 2 ** 31 - 1;

function checkedNumber(name: string, value: unknown, rule: (n: number) => boolean, wanted: string): number {
  if (typeof value !== 'number' || !rule(value)) {
    throw new CloudClientOptionError(`${name} must be ${wanted}, got ${typeof value === 'number' ? value : JSON.stringify(value) ?? String(value)}`);
  }
  return value;
}

const throwOnErrorMiddleware: Middleware = {
  onResponse({ request, response }) {
    if (response.ok) return;
    // The retrying fetch read and parsed this error body already; a response it did not see has none.
    const exchange = exchangeOf(response) ?? { method: request.method, path: new URL(request.url).pathname, errorBody: undefined };
    throw apiErrorFor(response, exchange.method, exchange.path, exchange.errorBody);
  },
};

/** With `throwOnError: true`, a call resolves only on a 2xx, so its `data` is never undefined. */
export function createCloudClient(options: CloudClientOptions & { throwOnError: true }): ThrowingCloudClient;
export function createCloudClient(options?: CloudClientOptions): CloudClient;
export function createCloudClient(options: CloudClientOptions = {}): CloudClient | ThrowingCloudClient {
  const apiKey = checkedApiKey(options.apiKey ?? environment('GCORE_API_KEY'));
  const baseUrl = checkedBaseUrl(options.baseUrl ?? environment('GCORE_BASE_URL') ?? DEFAULT_BASE_URL);
  const timeoutMs = checkedNumber('timeoutMs', options.timeoutMs ?? DEFAULT_TIMEOUT_MS, (n) => Number.isFinite(n) && n > 0 && n <= MAX_TIMER_MS, `a number of milliseconds above 0 and at most ${MAX_TIMER_MS}`);
  const maxRetries = checkedNumber('maxRetries', options.maxRetries ?? DEFAULT_MAX_RETRIES, (n) => Number.isInteger(n) && n >= 0 && n <= 10, 'a whole number from 0 to 10');
  const transport: Transport = options.fetch ?? ((request, init) => globalThis.fetch(request, init));

  const client = createClient<paths>({
    baseUrl,
    // Last, so it replaces an `authorization` of any case: openapi-fetch sets these in order on one Headers.
    headers: { ...options.headers, Authorization: `apikey ${apiKey}` },
    fetch: createRetryingFetch({ fetch: transport, timeoutMs, maxRetries, secret: apiKey }),
  });
  client.use(deprecationWarning);
  if (options.throwOnError) client.use(throwOnErrorMiddleware);
  return client;
}
