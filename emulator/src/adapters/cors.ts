// What a browser page may do with the HTTP server: CORS for the allowed origins (preflights answered,
// headers that let a page read the answer), and the refusals that keep other pages out: a Host header
// that is no name of this server (DNS rebinding), and a control route called from another origin.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { hostAnswered, hostName, LOOPBACK_NAMES, originAllowed } from 'cloud-platform-api/toolbox';
// The emulator's own routes change what every client sees: no page of another origin may call them.
import { CONTROL_PREFIX } from '../core/controls/routes.js';

/** The origins a browser page may call the server from: exact origins, `*`, or `http://host:*` for any port. */
export const DEFAULT_CORS_ORIGINS = ['http://localhost:*', 'http://127.0.0.1:*'] as const;
/** The request headers a page may send: those the document's credentials go in (in lower case), and those the API reads. */
const allowedHeaders = (keyHeader: string) => [keyHeader, 'content-type', 'prefer'].filter(Boolean).join(', ');
const CORS_EXPOSED_HEADERS = 'retry-after, deprecation';

/** Host names every server answers to, beside the address it is bound to and those --allow-host adds: loopback's. */
export const LOCAL_HOSTS = LOOPBACK_NAMES;

/**
 * Whether a Host header names this server (one of `names`). A client sends the same Host on every
 * request, so the last header's verdict is kept rather than its name parsed again.
 */
export function hostCheck(names: ReadonlySet<string>): (host: string | undefined) => boolean {
  let last: string | undefined;
  let answered = false;
  return (host) => {
    if (host === undefined) return hostAnswered(host, names);
    if (host !== last) {
      last = host;
      answered = hostAnswered(host, names);
    }
    return answered;
  };
}

/**
 * Refuses what a web page must not reach: a request whose Host is not a name this server answers to
 * (a DNS-rebinding page's), with 421; a call to a control route from an origin the CORS rule does not
 * allow, preflight or not (a no-cors request needs none), with 403. Answers it and returns true.
 */
export function refusedBrowserRequest(
  req: IncomingMessage,
  res: ServerResponse,
  answersHost: (host: string | undefined) => boolean,
  origins: readonly string[],
): boolean {
  const host = req.headers.host;
  if (!answersHost(host)) {
    const name = hostName(host!);
    res
      .writeHead(421, { 'content-type': 'text/plain; charset=utf-8' })
      .end(`This emulator does not answer for the host ${name}: start it with --allow-host ${name} to allow it`);
    return true;
  }
  if (!(req.url ?? '').startsWith(CONTROL_PREFIX)) return false;
  const origin = req.headers.origin;
  if (origin && !originAllowed(origin, origins) && !(host !== undefined && origin === `http://${host}`)) {
    res
      .writeHead(403, { 'content-type': 'text/plain; charset=utf-8', vary: 'origin' })
      .end(`Origin ${origin} may not call the emulator's control routes: start it with --cors ${origin} to allow it`);
    return true;
  }
  // A browser sends no Origin with a no-cors GET, but says where the request came from: a page of another
  // site (or of another port) must not reach these routes that way either.
  const site = req.headers['sec-fetch-site'];
  if (!origin && (site === 'cross-site' || site === 'same-site')) {
    res
      .writeHead(403, { 'content-type': 'text/plain; charset=utf-8' })
      .end(
        `A page of another origin (Sec-Fetch-Site: ${site}) may not call the emulator's control routes without an Origin: call them with fetch in cors mode from an origin --cors allows`,
      );
    return true;
  }
  return false;
}

/** The methods a page may send: every one an API operation uses (PUT too: another document's collections take it). */
const CORS_METHODS = 'GET, HEAD, POST, PUT, PATCH, DELETE';

/**
 * CORS for browser apps: a preflight from an allowed origin is answered here (204, or 403 for an
 * origin not allowed); any other request from one gets the headers that let the page read the answer.
 */
export function corsHeaders(
  req: IncomingMessage,
  res: ServerResponse,
  origins: readonly string[],
  keyHeader: string,
): boolean {
  const origin = req.headers.origin;
  if (!origin) return false;
  const allowed = originAllowed(origin, origins);
  const preflight = req.method === 'OPTIONS' && req.headers['access-control-request-method'] !== undefined;
  if (preflight) {
    if (!allowed) {
      res
        .writeHead(403, { 'content-type': 'text/plain; charset=utf-8', vary: 'origin' })
        .end(`Origin ${origin} is not allowed: start the emulator with --cors ${origin}`);
      return true;
    }
    res.writeHead(204, {
      'access-control-allow-origin': origins.includes('*') ? '*' : origin,
      'access-control-allow-methods': CORS_METHODS,
      'access-control-allow-headers': allowedHeaders(keyHeader),
      'access-control-max-age': '600',
      vary: 'origin',
    });
    res.end();
    return true;
  }
  if (allowed) {
    res.setHeader('access-control-allow-origin', origins.includes('*') ? '*' : origin);
    res.setHeader('access-control-expose-headers', CORS_EXPOSED_HEADERS);
    res.setHeader('vary', 'origin');
  }
  return false;
}
