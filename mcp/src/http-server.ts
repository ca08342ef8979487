// MCP's Streamable HTTP transport on node:http, for clients that reach a server by URL: the SDK's own
// web-standard handler answers each request at /mcp statelessly, a fresh protocol Server each time (GET
// and DELETE, the 2025 revisions' session streams, get its 405). Before it, this module bounds what a
// peer sends (the body in bytes, the request in time) and refuses with 403 any request whose Host or
// Origin is not this server's own: a web page that reaches 127.0.0.1 under another name, or from another
// origin (DNS rebinding), gets nothing.
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createMcpHandler, DEFAULT_MAX_REQUEST_BODY_SIZE, type Server } from '@modelcontextprotocol/server';
import { hostAnswered, isLoopback, LOOPBACK_NAMES, originAllowed, readRequestBody } from 'cloud-platform-api/toolbox';

/** The one path the server answers on. */
const MCP_PATH = '/mcp';
/** Time a peer has to send a request's headers, and the whole request. */
const HEADERS_TIMEOUT_MS = 10_000;
const REQUEST_TIMEOUT_MS = 30_000;

export interface HttpServeOptions {
  host: string;
  /** 0 picks a free port. */
  port: number;
  /** The largest body taken, in bytes (default: the SDK's, 4 MiB). */
  bodyLimitBytes?: number;
  onerror?: (error: Error) => void;
}

export interface HttpMcpServer {
  /** Where clients connect: http://host:port/mcp. */
  url: string;
  close(): Promise<void>;
}

/** A host as a URL holds it: an IPv6 address in brackets. */
const urlHost = (host: string) => (host.includes(':') ? `[${host}]` : host);

/**
 * Why a request's Host or Origin is not this server's own, or undefined. Host must name one of the
 * server's names (the toolbox's rule, the emulator's too); Origin, which a browser adds (a command-line
 * client sends none), must be http:// with one of them and this server's port.
 */
function foreignHeader(request: IncomingMessage, names: readonly string[], port: number): string | undefined {
  if (!hostAnswered(request.headers.host, new Set(names))) return 'the Host header does not name this server';
  const { origin } = request.headers;
  if (
    origin !== undefined &&
    !originAllowed(
      origin,
      names.map((name) => `http://${name}:${port}`),
    )
  )
    return 'the Origin header is not this server';
  return undefined;
}

/** A JSON-RPC error answered before the protocol handler sees the request. */
function refuse(res: ServerResponse, status: number, message: string): void {
  res.writeHead(status, { 'content-type': 'application/json', connection: 'close' });
  res.end(JSON.stringify({ jsonrpc: '2.0', id: null, error: { code: -32600, message } }));
}

/** The body (empty for none), or undefined for one past the limit (read whole and dropped, so that the 413 is seen). */
const boundedBody = (request: IncomingMessage, limitBytes: number): Promise<Uint8Array | undefined> =>
  new Promise((resolve, reject) =>
    readRequestBody(request, limitBytes, (body) => resolve(body.tooLarge ? undefined : (body.bytes ?? EMPTY)), reject),
  );
const EMPTY = new Uint8Array(0);

/** The node request as the web-standard one the SDK's handler takes, aborted if the client goes away. */
function webRequest(request: IncomingMessage, body: Uint8Array, base: string, signal: AbortSignal): Request {
  const headers = new Headers();
  for (const [name, value] of Object.entries(request.headers))
    for (const each of [value ?? []].flat()) headers.append(name, each);
  const method = request.method ?? 'GET';
  const hasBody = method !== 'GET' && method !== 'HEAD';
  return new Request(`${base}${request.url}`, {
    method,
    headers,
    signal,
    ...(hasBody ? { body: new Uint8Array(body) } : {}),
  });
}

/**
 * Headers of one connection (RFC 9110, 7.6.1), which the SDK's answer may carry but node:http sets for
 * its own connection: copied, `connection: keep-alive` would hold open a connection its client asked to close.
 */
const HOP_BY_HOP = new Set([
  'connection',
  'keep-alive',
  'proxy-connection',
  'te',
  'trailer',
  'transfer-encoding',
  'upgrade',
]);

async function writeResponse(answer: Response, res: ServerResponse): Promise<void> {
  res.writeHead(answer.status, Object.fromEntries([...answer.headers].filter(([name]) => !HOP_BY_HOP.has(name))));
  // An SSE answer streams: each frame is written as it comes.
  const reader = answer.body?.getReader();
  for (let part = await reader?.read(); part && !part.done; part = await reader?.read()) res.write(part.value);
  res.end();
}

/** Serves the factory's servers over Streamable HTTP until closed; resolves once listening. */
export async function serveHttp(factory: () => Server, options: HttpServeOptions): Promise<HttpMcpServer> {
  const limit = options.bodyLimitBytes ?? DEFAULT_MAX_REQUEST_BODY_SIZE;
  const handler = createMcpHandler(factory, { maxRequestBodySize: limit, onerror: options.onerror });
  // The name it listens on, and the loopback names only where it listens on loopback: a Host of localhost
  // on a LAN address is no request a local client makes.
  const names = [...(isLoopback(options.host) ? LOOPBACK_NAMES : []), urlHost(options.host)];
  let base = '';
  let port = 0;
  const server = createServer(async (req, res) => {
    const aborted = new AbortController();
    res.on('close', () => aborted.abort());
    try {
      const why = foreignHeader(req, names, port);
      if (why) return refuse(res, 403, `Forbidden: ${why}`);
      if ((req.url ?? '').split('?')[0] !== MCP_PATH)
        return refuse(res, 404, `Not found: the MCP endpoint is ${MCP_PATH}`);
      const body = await boundedBody(req, limit);
      if (!body) return refuse(res, 413, `Payload too large: a request body is at most ${limit} bytes`);
      await writeResponse(await handler.fetch(webRequest(req, body, base, aborted.signal)), res);
    } catch (error) {
      options.onerror?.(error as Error);
      if (!res.headersSent) refuse(res, 500, 'Internal error');
      else res.destroy();
    }
  });
  server.headersTimeout = HEADERS_TIMEOUT_MS;
  server.requestTimeout = REQUEST_TIMEOUT_MS;
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, options.host, resolve);
  });
  port = (server.address() as AddressInfo).port;
  base = `http://${urlHost(options.host)}:${port}`;
  return {
    url: `${base}${MCP_PATH}`,
    close: async () => {
      await handler.close();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
