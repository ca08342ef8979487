// Forwards a request to the upstream as it was sent (method, path, query, the body's bytes, Authorization
// and the other end-to-end headers) and reads its answer as bytes, up to PEER_BODY_LIMIT_BYTES decoded.
// An upstream that is down, cut off or too slow is an UpstreamError that names the upstream and what
// happened, with the status to answer (502, 504).
import {
  BodyTooLargeError,
  httpUrl,
  networkCode,
  notHttpUrl,
  readBoundedBytes,
  type FetchFunction,
} from 'cloud-platform-api/toolbox';
import { shownValue } from '../core/common/shown-value.js';
import { wholeNumberOption } from '../core/common/option-values.js';
import type { CoreRequest } from '../core/messages.js';
import { EmulatorError, EmulatorOptionError } from '../emulator-error.js';

/** The upstream as people are shown it: its origin and path, never the credentials its URL may hold. */
export function shownUpstream(baseUrl: string): string {
  const { origin, pathname } = new URL(baseUrl);
  return `${origin}${pathname}`.replace(/\/$/, '');
}

export interface UpstreamOptions {
  /** Where to forward: `https://api.gcore.com`, or any base URL (a path prefix is kept). */
  baseUrl: string;
  /** The fetch to forward with, called as `fetch(request, { signal })`. Default: the global fetch. */
  fetch?: FetchFunction | undefined;
  /** How long the upstream has to answer in full. Default: 30 s. */
  timeoutMs?: number | undefined;
}

export interface UpstreamAnswer {
  status: number;
  /** Header names in lower case; hop-by-hop headers, those the Connection header names, those of an encoding fetch undid and Set-Cookie left out. */
  headers: Record<string, string>;
  /** Each Set-Cookie header, apart. */
  setCookie: string[];
  /** The body as received, to hand back unchanged. */
  bytes: Uint8Array<ArrayBuffer>;
  /** The body read as UTF-8, for the checks. */
  text: string;
}

const DEFAULT_UPSTREAM_TIMEOUT_MS = 30_000;
/** The longest an upstream may be given to answer: 10 minutes. */
export const MAX_UPSTREAM_TIMEOUT_MS = 600_000;

export class UpstreamError extends EmulatorError {
  override name = 'UpstreamError';
  constructor(
    readonly status: 400 | 502 | 504,
    message: string,
  ) {
    super(message);
  }
}

/**
 * Headers that belong to one connection, or that fetch sets or undoes itself: never passed on. The
 * server answered `Expect: 100-continue` itself; fetch refuses to send it. Set-Cookie is passed apart.
 */
const NOT_PASSED = new Set([
  'host',
  'connection',
  'keep-alive',
  'proxy-authorization',
  'proxy-connection',
  'te',
  'trailer',
  'transfer-encoding',
  'upgrade',
  'content-length',
  'content-encoding',
  'accept-encoding',
  'origin',
  'referer',
  'prefer',
  'expect',
  'set-cookie',
]);

/** The end-to-end headers: those not NOT_PASSED, nor named by the message's Connection header as its own hop's. */
const passed = (
  headers: Iterable<[string, string | undefined]>,
  connection: string | undefined,
): Record<string, string> => {
  const hopByHop = new Set((connection ?? '').split(',').map((name) => name.trim().toLowerCase()));
  const kept: Record<string, string> = {};
  for (const [name, value] of headers) {
    const lower = name.toLowerCase();
    if (value !== undefined && !NOT_PASSED.has(lower) && !hopByHop.has(lower)) kept[lower] = value;
  }
  return kept;
};

/** The query as sent: each name once per value, in order. */
function queryString(query: CoreRequest['query']): string {
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(query))
    for (const one of Array.isArray(value) ? value : [value]) params.append(name, one);
  const text = params.toString();
  return text === '' ? '' : `?${text}`;
}

/** What went wrong with the upstream, for a message: the network code where there is one (the client's reading of it). */
function failureOf(error: unknown): string {
  return (
    networkCode(error) ??
    String((error as { cause?: { message?: unknown } }).cause?.message ?? (error as Error).message)
  );
}

/**
 * The upstream URL of a request, which must stay on the base URL's origin and under its path: a
 * request target that is not a path (`munity://x/`, glued to `https://api.gcore.com`, names another
 * host) or one whose `..` segments climb out of the prefix is a 400, and is not sent.
 */
function upstreamUrl(base: string, request: CoreRequest): URL {
  const { origin, pathname: prefix } = new URL(base);
  const target = request.path.startsWith('/')
    ? new URL(`${base}${request.path}${queryString(request.query)}`)
    : undefined;
  const under = prefix === '/' ? '/' : `${prefix}/`;
  if (target && target.origin === origin && `${target.pathname}/`.startsWith(under)) return target;
  throw new UpstreamError(
    400,
    `${JSON.stringify(request.path)} is not a path under ${base}: the proxy forwards only those`,
  );
}

/**
 * The upstream's values, each checked here for every caller (their shape in proxy-options.ts) (the CLI checks first, for its own messages):
 * credentials in the URL would be quoted by fetch's error in every answer, and a query would swallow
 * every forwarded path.
 */
function checkedUpstreamOptions(options: UpstreamOptions): Required<UpstreamOptions> {
  const { baseUrl, fetch = globalThis.fetch, timeoutMs = DEFAULT_UPSTREAM_TIMEOUT_MS } = options;
  if (typeof baseUrl !== 'string')
    throw new EmulatorOptionError(`proxy.baseUrl: must be an http(s) URL, got ${shownValue(baseUrl)}`);
  if (!httpUrl(baseUrl)) throw new EmulatorOptionError(notHttpUrl('proxy.baseUrl', baseUrl));
  if (typeof fetch !== 'function')
    throw new EmulatorOptionError(`proxy.fetch: must be a function, got ${shownValue(fetch)}`);
  return {
    baseUrl,
    fetch,
    timeoutMs: wholeNumberOption('proxy.timeoutMs', timeoutMs, 1, MAX_UPSTREAM_TIMEOUT_MS, ' of milliseconds'),
  };
}

/** Forwards a request to the upstream, and gives its answer, bounded; an UpstreamError says why it could not. */
export type Upstream = (request: CoreRequest) => Promise<UpstreamAnswer>;

export function createUpstream(options: UpstreamOptions): Upstream {
  const { baseUrl, fetch: send, timeoutMs } = checkedUpstreamOptions(options);
  const base = baseUrl.replace(/\/+$/, '');
  const origin = new URL(base).origin;

  return async function forward(request: CoreRequest): Promise<UpstreamAnswer> {
    const method = request.method.toUpperCase();
    const url = upstreamUrl(base, request);
    const signal = AbortSignal.timeout(timeoutMs);
    const hasBody = method !== 'GET' && method !== 'HEAD' && request.body !== undefined && request.body !== '';
    // The bytes as received where the adapter kept them: a body that is not UTF-8 passes unchanged.
    const body = hasBody ? ((request.bodyBytes as Uint8Array<ArrayBuffer> | undefined) ?? request.body) : undefined;
    let stage = 'could not be reached';
    try {
      const sent = new Request(url, {
        method,
        headers: passed(Object.entries(request.headers), request.headers.connection),
        body,
        redirect: 'manual',
        signal,
      });
      const response = await send(sent, { signal });
      stage = 'cut off its answer';
      const bytes = await readBoundedBytes(response);
      const headers = passed(response.headers, response.headers.get('connection') ?? undefined);
      return {
        status: response.status,
        headers,
        setCookie: response.headers.getSetCookie(),
        bytes,
        text: new TextDecoder().decode(bytes),
      };
    } catch (error) {
      if (error instanceof BodyTooLargeError)
        throw new UpstreamError(
          502,
          `The upstream ${origin} answered ${method} ${request.path} with more than ${error.limitBytes} bytes, decoded: the proxy stopped reading there`,
        );
      if (signal.aborted)
        throw new UpstreamError(
          504,
          `The upstream ${origin} did not answer ${method} ${request.path} within ${timeoutMs} ms`,
        );
      throw new UpstreamError(502, `The upstream ${origin} ${stage} (${method} ${request.path}): ${failureOf(error)}`);
    }
  };
}
