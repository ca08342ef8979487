// createCloudClient: an openapi-fetch client typed by the generated `paths`, with the API key,
// per-attempt timeouts, safe retries, options per call, a log, a deprecation warning, and optionally
// errors thrown.
import createClient, { type Middleware } from 'openapi-fetch';
import clientDefaults from '../../generated/client-defaults.json' with { type: 'json' };
import type { paths } from '../../generated/schema.js';
import type { CallOptions, CloudClient, ThrowingCloudClient } from './client-types.js';
import { warnIfDeprecated } from './deprecation.js';
import type { Logger, LogLevel } from './log.js';
import { errorOrigin, callRecordOf } from './read-response.js';
import { authorizationValue } from '../contract/authorization-value.js';
import { CloudClientOptionError } from './option-error.js';
import { checkedApiKey, checkedBaseUrl, checkedLogLevel, checkedRetries, checkedTimeout } from './option-checks.js';
import { checkTemplateFilled, serializePath } from './path-values.js';
import type { FetchFunction } from '../contract/fetch-function.js';
import { CallRequest, callRequestClass } from './call-request.js';
import { documentClient, type DocumentClient } from './document-client.js';
import type { OpenApiDocument } from '../contract/document.js';
import { createClientFetch } from './client-fetch.js';
import { withMethodStubs } from './method-stubs.js';

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
  fetch?: FetchFunction;
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
  /**
   * Call the API another OpenAPI document describes (as the MCP server does with its --document): its
   * first server is the default base URL (GCORE_BASE_URL is not read), its path parameters' rules check
   * path values, and the key goes where each operation's security says. The calls stay typed by this API.
   */
  document?: OpenApiDocument;
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

/** A page in a browser: a window with a document. Node, Deno and workers have no document. */
const inBrowser = () =>
  typeof (globalThis as { window?: unknown }).window !== 'undefined' &&
  typeof (globalThis as { document?: unknown }).document !== 'undefined';

/**
 * What every call of this API goes through as its Request is made: the once-per-process warning for a
 * deprecated operation, and a template's path values, which openapi-fetch checks (pathSerializer) only
 * where `params.path` is given, and would otherwise send with the template's braces in the URL. Another
 * document's calls have middleware of their own (document-client.ts).
 */
function checkCall(method: string, url: string): void {
  checkTemplateFilled(url);
  warnIfDeprecated(method, url);
}

/** Where requests go unless told: GCORE_BASE_URL, else this API's server; another document's own server. */
function baseUrlOf(options: CloudClientOptions, profile: DocumentClient | undefined): string {
  if (!profile) return checkedBaseUrl(options.baseUrl ?? environment('GCORE_BASE_URL') ?? DEFAULT_BASE_URL);
  const baseUrl = options.baseUrl ?? profile.baseUrl;
  if (baseUrl === undefined)
    throw new CloudClientOptionError("baseUrl is required: the document's first server is no http(s) URL");
  return checkedBaseUrl(baseUrl);
}

const throwOnErrorMiddleware: Middleware = {
  async onResponse({ request, response }) {
    if (response.ok) return;
    // Loaded with the first error, as the failure path is (client-fetch.ts).
    const { apiErrorFor } = await import('./errors.js');
    // The client's fetch read and parsed this error body already; a response it did not see has none.
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
  const profile = options.document === undefined ? undefined : documentClient(options.document);
  const { header } = clientDefaults.auth;
  const keyValue = authorizationValue(clientDefaults.auth, apiKey);
  const baseUrl = baseUrlOf(options, profile);
  const client = createClient<paths>({
    baseUrl,
    // Last, so it replaces the same header in any case: openapi-fetch sets these in order on one Headers.
    // Another document's key is placed per operation, by the profile's middleware, after the call's headers.
    headers: profile ? { ...options.headers } : { ...options.headers, [header]: keyValue },
    Request: profile ? CallRequest : callRequestClass(header, keyValue, checkCall, baseUrl),
    fetch: createClientFetch({
      fetch: options.fetch ?? ((request, init) => globalThis.fetch(request, init)),
      timeoutMs: checkedTimeout('timeoutMs', options.timeoutMs ?? DEFAULT_TIMEOUT_MS),
      maxRetries: checkedRetries('maxRetries', options.maxRetries ?? DEFAULT_MAX_RETRIES),
      apiKey: profile ? () => profile.secrets(apiKey) : apiKey,
      logLevel: checkedLogLevel(options.logLevel ?? environment('GCORE_LOG') ?? 'off'),
      logger: options.logger ?? console,
      preload: inBrowser(),
    }),
    pathSerializer: profile?.pathSerializer ?? serializePath,
  });
  if (profile) client.use(profile.middleware(apiKey));
  if (options.throwOnError) client.use(throwOnErrorMiddleware);
  // The same object openapi-fetch made, with the resource layer's names on it; CloudClient types its calls more strictly.
  return withMethodStubs(client) as unknown as CloudClient;
}
