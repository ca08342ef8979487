// The HTTP adapter: a node:http server that reads a request into the core's plain form, and writes
// the core's answer back. It adds only what belongs to HTTP: the body size cap while reading, the
// header, request and idle timeouts, answers for what Node's parser refuses, and the static files;
// what browser pages may do is cors.ts's.
import { existsSync, readFileSync } from 'node:fs';
import type { IncomingMessage, OutgoingHttpHeaders, Server, ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import path from 'node:path';
import { hostName } from 'cloud-platform-api/toolbox';
import { corsHeaders, DEFAULT_CORS_ORIGINS, hostCheck, LOCAL_HOSTS, refusedBrowserRequest } from './cors.js';
import { readRequestBody, type RequestBody } from 'cloud-platform-api/toolbox';
import { queryOf } from './web.js';
import { refuse, type AdapterPort } from '../core/adapter-port.js';
import { runLifecycle, type Carrier } from '../core/lifecycle.js';
import type { CoreRequest, CoreResponse } from '../core/messages.js';
import { BODY_LIMIT_BYTES } from '../core/document/request-body.js';
import { bodyContent, bodyText } from '../core/common/body-content.js';
import { STATUS_TEXT } from '../core/common/status-text.js';

// Taken from the process, not imported: importing node:http as an ES module reads each of its exports,
// and its WebSocket ones load Node's own fetch (undici), a tenth of the emulator's start.
const { createServer } = process.getBuiltinModule('node:http');

/** How long a connection may take, in ms. */
export interface ConnectionTimeouts {
  /** For the request line and headers. */
  headers: number;
  /** For the whole request, body included. */
  request: number;
  /** Between requests, and while nothing moves. */
  idle: number;
}

/** The server's connection timeouts: documented in the README. */
export const TIMEOUTS: Readonly<ConnectionTimeouts> = { headers: 5_000, request: 10_000, idle: 5_000 };

/** What Node's parser could not take as a request: status and words, by the parser's error code. */
const clientErrors = (timeouts: ConnectionTimeouts): Record<string, [number, string]> => ({
  HPE_HEADER_OVERFLOW: [431, 'The request line and headers are larger than 16 KiB'],
  ERR_HTTP_REQUEST_TIMEOUT: [408, `The request did not arrive within ${timeouts.request / 1000} s`],
});

/**
 * What is served beside the operations: files (the docs page, the bundled document), read on each request so a
 * rebuild shows, and texts made once at start.
 */
export interface StaticFiles {
  /** A file, or text: as it is, or made when first asked for (a large document written as YAML). */
  [urlPath: string]: { type: string } & ({ file: string } | { text: string | (() => string) });
}

interface ReadBody {
  text: string | undefined;
  bytes: Buffer | undefined;
  tooLarge: boolean;
}

/** A request with no body, as most GETs are: one object for all of them. */
const NO_BODY: ReadBody = Object.freeze({ text: undefined, bytes: undefined, tooLarge: false });

/** The body as the core takes it: the bytes read, not a copy (most bodies arrive in one chunk, a Buffer already), and its text. */
function bodyOf({ bytes, tooLarge }: RequestBody): ReadBody {
  if (bytes === undefined) return tooLarge ? { text: undefined, bytes: undefined, tooLarge } : NO_BODY;
  const buffer = Buffer.isBuffer(bytes) ? bytes : Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  return { text: buffer.toString('utf8'), bytes: buffer, tooLarge };
}

const NO_QUERY: CoreRequest['query'] = Object.freeze(Object.create(null));

/** Where a request goes: its path, without the query, and its query. */
interface Target {
  path: string;
  query: CoreRequest['query'];
}

/**
 * Reads the request target's path and query. A client asks for the same query again and again (a page,
 * a filter), so the last one read is kept, frozen, and handed to each request that repeats it: nothing
 * downstream changes a request's query (the journal keeps a copy).
 */
function targetReader(): (url: string) => Target {
  let lastSearch: string | undefined;
  let lastQuery = NO_QUERY;
  return (url) => {
    const at = url.indexOf('?');
    if (at < 0) return { path: url, query: NO_QUERY };
    const search = url.slice(at + 1);
    if (search !== lastSearch) {
      lastSearch = search;
      lastQuery = Object.freeze(queryOf(new URLSearchParams(search)));
    }
    return { path: url.slice(0, at), query: lastQuery };
  };
}

function coreRequestOf(req: IncomingMessage, { path, query }: Target, body: ReadBody): CoreRequest {
  return {
    method: req.method ?? 'GET',
    path,
    query,
    // Node gives header names in lower case, and joins repeats into one string (all but set-cookie,
    // which no request carries), as the core reads them; no copy is needed.
    headers: req.headers as CoreRequest['headers'],
    body: body.text,
    bodyBytes: body.bytes,
    bodyTooLarge: body.tooLarge,
  };
}

// The last text sent, and its bytes once it is sent again: a fixture's JSON is the same string request after
// request (bodyContent keeps it), so it is encoded once, not counted and encoded again for every answer.
let lastText: string | undefined;
let lastBytes: Buffer | undefined;

/** What goes on the wire for a text: the text itself, or, for the text sent just before, its bytes. */
function sendable(text: string): string | Buffer {
  if (text !== lastText) {
    lastText = text;
    lastBytes = undefined;
    return text;
  }
  lastBytes ??= Buffer.from(text, 'utf8');
  return lastBytes;
}

function send(res: ServerResponse, answer: CoreResponse): void {
  const text = bodyContent(answer);
  const content = typeof text === 'string' ? sendable(text) : text;
  const headers: OutgoingHttpHeaders = { ...answer.headers };
  if (answer.setCookie?.length) headers['set-cookie'] = [...answer.setCookie];
  if (content !== undefined)
    headers['content-length'] = typeof content === 'string' ? Buffer.byteLength(content) : content.byteLength;
  res.writeHead(answer.status, headers);
  res.end(content);
}

function serveStatic(res: ServerResponse, root: string, asset: StaticFiles[string]): void {
  if ('text' in asset) {
    const text = typeof asset.text === 'function' ? asset.text() : asset.text;
    return void res.writeHead(200, { 'content-type': asset.type }).end(text);
  }
  const { file, type } = asset;
  if (!existsSync(file)) {
    res
      .writeHead(404, { 'content-type': 'text/plain; charset=utf-8' })
      .end(`${path.relative(root, file)} is not built: run npm run build`);
    return;
  }
  res.writeHead(200, { 'content-type': type }).end(readFileSync(file));
}

/**
 * Answers a request Node's HTTP parser refused (headers too large, a timeout, a malformed request
 * line): what the document declares for the operation its first line names, or no body.
 */
function answerClientError(port: AdapterPort, timeouts: ConnectionTimeouts) {
  const known = clientErrors(timeouts);
  return (error: NodeJS.ErrnoException & { rawPacket?: Buffer }, socket: Socket) => {
    if (error.code === 'ECONNRESET' || socket.destroyed) return;
    const [status, message] = known[error.code ?? ''] ?? [400, 'Malformed HTTP request'];
    const [method = '', target = ''] = (error.rawPacket?.toString('latin1').split('\r\n', 1)[0] ?? '').split(' ');
    const answer = refuse(port, method, target.split('?')[0]!, status, message);
    const text = bodyText(answer) ?? '';
    const lines = [
      `HTTP/1.1 ${status} ${STATUS_TEXT[status] ?? ''}`,
      'connection: close',
      `content-length: ${Buffer.byteLength(text)}`,
    ];
    for (const [name, value] of Object.entries(answer.headers)) lines.push(`${name}: ${value}`);
    if (socket.writable) socket.write(`${lines.join('\r\n')}\r\n\r\n${text}`);
    socket.destroy();
  };
}

/** The client left while its request waited: nothing more is sent, and the lifecycle stops. */
const CLIENT_GONE = new Error('The client closed the connection');

/**
 * The lifecycle's waits and deliveries over one connection. While a stage waits (an injected
 * delay, an upstream's answer) or a request is held, the idle timeout is paused; a wait ends early when the client leaves.
 * A class, not an object of arrow functions: one is made for every request, and its methods are made once.
 */
class HttpCarrier implements Carrier<void> {
  readonly #socket: Socket;
  readonly #res: ServerResponse;
  /** The idle timeout the server set, while a wait has it paused: put back once the wait is over. */
  #pausedIdle: number | undefined;

  constructor(socket: Socket, res: ServerResponse) {
    this.#socket = socket;
    this.#res = res;
  }

  wait(ms: number): Promise<void> {
    const socket = this.#socket;
    return new Promise((resolve, reject) => {
      if (socket.destroyed) return reject(CLIENT_GONE);
      this.#pausedIdle ??= socket.timeout ?? TIMEOUTS.idle;
      socket.setTimeout(0);
      const onClose = () => {
        clearTimeout(timer);
        reject(CLIENT_GONE);
      };
      const timer = setTimeout(() => {
        socket.off('close', onClose);
        resolve();
      }, ms);
      socket.once('close', onClose);
    });
  }

  deliver(answer: CoreResponse): void {
    this.#resumeIdle();
    send(this.#res, answer);
  }

  drop(): void {
    this.#resumeIdle();
    this.#socket.destroy();
  }

  /** The connection is gone: there is no one to send anything to. */
  abandoned(): void {}

  #resumeIdle(): void {
    if (this.#pausedIdle !== undefined) this.#socket.setTimeout(this.#pausedIdle);
  }
}

/** Answers a request whose body has been read (one past the limit read whole and dropped: its 413 is seen). */
function answerRequest(
  port: AdapterPort,
  started: number,
  req: IncomingMessage,
  res: ServerResponse,
  target: Target,
  body: ReadBody,
): void {
  const delivered = runLifecycle(port, coreRequestOf(req, target, body), new HttpCarrier(req.socket, res), started);
  // A client that left ends its life without a rejection; any other (a throwing log sink after a
  // delay) must not end the server's process as an unhandled rejection.
  if (delivered) delivered.catch(() => undefined);
}

export interface HttpServerOptions {
  staticFiles?: StaticFiles;
  /** The folder static files are named relative to, in messages. */
  root?: string;
  /** Origins allowed to call from a browser page. Default: DEFAULT_CORS_ORIGINS. */
  corsOrigins?: readonly string[];
  /**
   * The headers the document's credentials go in, in lower case and separated by commas (credentialHeaders;
   * `authorization` for this repository's document, empty for none), which a page's preflight may ask to send.
   */
  keyHeader: string;
  /** Host names answered beside localhost, 127.0.0.1 and [::1]: the bound address, and any --allow-host. */
  hosts?: readonly string[];
  /** Where a browser that opens `/` is redirected (a page of `staticFiles`); other clients get the 404 as before. */
  browserHome?: string;
  /** What a stalled connection is given (tests give less). Default: TIMEOUTS. */
  timeouts?: ConnectionTimeouts;
}

/** A browser's page load lists text/html in Accept; an API client (curl's any, fetch's JSON) does not. */
const asksForHtml = (req: IncomingMessage) => /(^|,)\s*text\/html\b/.test(req.headers.accept ?? '');

/** A server for the emulator, not yet listening; its header, request and idle timeouts close stalled connections in seconds. */
export function createHttpServer(
  port: AdapterPort,
  {
    staticFiles = {},
    root = process.cwd(),
    corsOrigins = DEFAULT_CORS_ORIGINS,
    hosts = [],
    browserHome,
    keyHeader,
    timeouts = TIMEOUTS,
  }: HttpServerOptions,
): Server {
  const assets = new Map(Object.entries(staticFiles));
  const answersHost = hostCheck(
    new Set([
      ...LOCAL_HOSTS,
      ...hosts.map((host) => hostName(host.includes(':') && !host.startsWith('[') ? `[${host}]` : host)),
    ]),
  );
  const readTarget = targetReader();
  const server = createServer(
    {
      headersTimeout: timeouts.headers,
      requestTimeout: timeouts.request,
      keepAliveTimeout: timeouts.idle,
      // Node checks the header and request timeouts this often: a tenth of the shortest, at most 500 ms.
      connectionsCheckingInterval: Math.min(500, Math.ceil(Math.min(timeouts.headers, timeouts.request) / 10)),
    },
    (req, res) => {
      // A request's time counts from here, before its body is read.
      const started = performance.now();
      if (refusedBrowserRequest(req, res, answersHost, corsOrigins)) return;
      if (corsHeaders(req, res, corsOrigins, keyHeader)) return;
      const target = readTarget(req.url ?? '/');
      const asset = req.method === 'GET' ? assets.get(target.path) : undefined;
      if (asset) return serveStatic(res, root, asset);
      if (browserHome && req.method === 'GET' && target.path === '/' && asksForHtml(req))
        return void res.writeHead(302, { location: browserHome }).end();
      // Read up to the limit (one past it is dropped and reported too large); a failed read ends the response.
      // One callback, made here: a request with no body is answered in this turn, with no other made.
      readRequestBody(
        req,
        BODY_LIMIT_BYTES,
        (body) => answerRequest(port, started, req, res, target, bodyOf(body)),
        () => res.destroy(),
      );
    },
  );
  server.setTimeout(timeouts.idle);
  server.on('clientError', answerClientError(port, timeouts));
  // Node hands CONNECT to this event, not to the request handler; with no listener it answers nothing.
  server.on('connect', (_request: IncomingMessage, socket: Socket) => {
    const text = 'CONNECT is not supported: this is not a proxy';
    socket.end(
      `HTTP/1.1 405 Method Not Allowed\r\nconnection: close\r\ncontent-type: text/plain; charset=utf-8\r\ncontent-length: ${Buffer.byteLength(text)}\r\n\r\n${text}`,
    );
  });
  return server;
}
