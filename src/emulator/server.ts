// The emulator's HTTP server: Fastify routes derived from the document, apikey auth, requests
// validated against the document, behaviour from handlers.ts, and every client mistake answered
// with a 4xx in the shape of the operation's area.
import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { createServer, STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import path from 'node:path';
import Fastify, { type ConnectionError, type FastifyError, type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify';
import { listOperations, loadBundledDocument, operationsAt, packageRoot, pathPattern, successStatus, type OpenApiDocument, type OperationRef } from '../contract/document.js';
import { createContractValidator, type ValidationIssue } from '../contract/validator.js';
import type { OperationId } from '../operations.js';
import { documentedOnly } from './documented-fields.js';
import { createErrorBodies, describeIssues } from './error-bodies.js';
import { createFixtureLoader, type Fixtures } from './fixtures.js';
import { createHandlers, HttpProblem, type Handler } from './handlers.js';
import { createRequestChecker } from './request-validation.js';
import { deriveRoutes, type RouteSpec } from './routes.js';
import { withSafeIntegers } from './safe-integers.js';
import { StatePersistError, StateStore } from './store.js';

export interface EmulatorOptions {
  /** A fixtures file that replaces the built-in set, or fixtures already loaded. */
  fixtures?: string | Fixtures;
  /** Where state is written after every change, and read from on start. */
  stateFile?: string;
  /** Accept only these tokens; any token when empty or absent. */
  apiKeys?: readonly string[];
}

export const BODY_LIMIT_BYTES = 1024 * 1024;
/** How long a connection may take, in ms: documented in the README. */
export const TIMEOUTS = { headers: 5_000, request: 10_000, idle: 5_000 } as const;
/** RFC 9745 Deprecation date of op 2: the month (July 2025) the live service removed it. */
const DEPRECATION_DATE = `@${Date.UTC(2025, 6, 1) / 1000}`;
const AUTHORIZATION = /^apikey ([^\s]+)$/i;
/** Above any URL Node accepts (16 KiB of headers), so a long path parameter meets its schema, not Fastify's 414. */
const MAX_PARAM_LENGTH = 65_536;

declare module 'fastify' {
  interface FastifyContextConfig {
    operation?: RouteSpec;
  }
}

/** Fastify's own 4xx errors, in words that tell the client what to change. */
function describeFastifyError(error: FastifyError, request: FastifyRequest): string {
  switch (error.code) {
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return `Unsupported Content-Type "${request.headers['content-type'] ?? ''}": send application/json`;
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return `Request body is larger than ${BODY_LIMIT_BYTES} bytes`;
    case 'FST_ERR_CTP_INVALID_CONTENT_LENGTH':
      return 'Content-Length does not match the body';
    case 'FST_ERR_BAD_URL':
      return 'The path has a malformed percent-escape';
    default:
      return error.statusCode === 400 && error instanceof SyntaxError ? `Malformed JSON body: ${error.message}` : error.message;
  }
}

/** The token a request's Authorization header carries, or undefined when it is missing or malformed. */
const tokenOf = (request: FastifyRequest): string | undefined => AUTHORIZATION.exec(request.headers.authorization ?? '')?.[1];

/** Everything the routes share: the document, validation, state, behaviour and error shapes. */
function createCore(options: EmulatorOptions) {
  const document: OpenApiDocument = loadBundledDocument();
  const validator = createContractValidator(document);
  const loader = createFixtureLoader(document, validator);
  const fixtures = typeof options.fixtures === 'string' ? loader.fromFile(options.fixtures) : (options.fixtures ?? loader.builtIn());
  const store = new StateStore(fixtures, options.stateFile);
  const handlers = createHandlers(document, fixtures, store);
  const routes = deriveRoutes(document);
  for (const route of routes) {
    if (!(route.operationId in handlers)) throw new Error(`No emulator handler for operation ${route.operationId}`);
  }
  const allowedKeys = options.apiKeys?.length ? new Set(options.apiKeys) : undefined;
  /** Whether a request may act: a well-formed token, and one of the accepted ones when --api-key is set. */
  const refusal = (token: string | undefined): string | undefined => {
    if (token === undefined) return 'Missing or malformed Authorization header: send "Authorization: apikey <token>"';
    if (allowedKeys && !allowedKeys.has(token)) return 'Unknown API key';
    return undefined;
  };
  return {
    document,
    fixtures,
    store,
    handlers,
    routes,
    refusal,
    keysRequired: allowedKeys !== undefined,
    errors: createErrorBodies(document),
    checkRequest: createRequestChecker(createContractValidator(withSafeIntegers(document))),
  };
}
type Core = ReturnType<typeof createCore>;

/**
 * The client id a token acts as. Tokens are kept only as hashes, and a token gets an id only when it
 * creates something: a lookup by a token that never created anything adds nothing to the state.
 */
function clientIdentity(store: StateStore, token: string) {
  const hash = createHash('sha256').update(token).digest('hex');
  return (create?: { create: true }): number | undefined => {
    const known = store.state.clients[hash];
    if (known !== undefined || !create) return known;
    return (store.state.clients[hash] = store.state.nextClientId++);
  };
}

function createSender(core: Core) {
  // JSON text of frozen answers (fixtures), made once: serializing them again is most of a GET's cost.
  const jsonOfFrozen = new WeakMap<object, string>();
  return {
    json(reply: FastifyReply, body: unknown) {
      if (body === null || typeof body !== 'object' || !Object.isFrozen(body)) return reply.send(body);
      let text = jsonOfFrozen.get(body);
      if (text === undefined) jsonOfFrozen.set(body, (text = JSON.stringify(body)));
      return reply.type('application/json; charset=utf-8').send(text);
    },
    error(reply: FastifyReply, op: OperationRef, status: number, message: string, issues?: readonly ValidationIssue[]) {
      const answer = core.errors.forOperation(op, status, message, issues);
      reply.code(status);
      for (const [name, value] of Object.entries(answer.headers)) reply.header(name, value);
      if (answer.body === undefined) return reply.send();
      if (answer.contentType) reply.type(answer.contentType);
      return reply.send(answer.body);
    },
  };
}
type Sender = ReturnType<typeof createSender>;

/** Calls an operation's handler on a checked request and sends its answer, or the problem it raised. */
async function answer(core: Core, send: Sender, route: RouteSpec, handler: Handler, request: FastifyRequest, reply: FastifyReply) {
  const checked = core.checkRequest(route, request.params as Record<string, string>, request.query as Record<string, unknown>, request.body, request.body !== undefined);
  if (checked.issues.length > 0) return send.error(reply, route, 400, describeIssues(checked.issues), checked.issues);
  const body = route.body && checked.body !== undefined ? documentedOnly(core.document, { $ref: route.body.schema }, checked.body) : checked.body;
  try {
    const result = handler({ params: checked.params, query: checked.query, body, clientId: clientIdentity(core.store, tokenOf(request)!) });
    reply.code(successStatus(route.operation));
    return result === undefined ? reply.send() : send.json(reply, result);
  } catch (error) {
    if (error instanceof HttpProblem) return send.error(reply, route, error.status, error.message);
    if (error instanceof StatePersistError) return send.error(reply, route, 503, `${error.message}; nothing was changed, try again`);
    throw error;
  }
}

function addOperationRoutes(app: FastifyInstance, core: Core, send: Sender) {
  for (const route of core.routes) {
    const handler = core.handlers[route.operationId as OperationId];
    app.route({
      method: route.method as 'GET',
      url: route.url,
      config: { operation: route },
      // A callback hook, not an async one: it runs on every request, and the promise costs.
      onRequest: (request, reply, done) => {
        if (route.operation.deprecated) reply.header('deprecation', DEPRECATION_DATE);
        const refused = core.refusal(tokenOf(request));
        if (refused) return void send.error(reply, route, 401, refused);
        done();
      },
      handler: (request, reply) => answer(core, send, route, handler, request, reply),
    });
  }
}

/**
 * Answers for requests no operation route took: a known path with another method (any method token)
 * is a 405 with `Allow`; anything else is a 404 in the shape of the nearest operation's area.
 */
function createFallbacks(core: Core, send: Sender) {
  const operations = listOperations(core.document);
  const templates = core.routes.map((route) => ({ route, pattern: pathPattern(route.path) }));
  /** The operation whose area answers for a URL no route matched: the one sharing the longest path prefix. */
  const nearestOperation = (pathname: string): OperationRef => {
    const segments = pathname.split('/');
    const shared = (op: OperationRef) => {
      const own = op.path.split('/');
      let n = 0;
      while (n < own.length && n < segments.length && own[n] === segments[n]) n++;
      return n;
    };
    return operations.reduce((best, op) => (shared(op) > shared(best) ? op : best));
  };
  const notFound = (request: FastifyRequest, reply: FastifyReply) => {
    const pathname = request.url.split('?')[0]!;
    const atPath = templates.filter(({ pattern }) => pattern.test(pathname)).map(({ route }) => route);
    if (atPath.length === 0) return send.error(reply, nearestOperation(pathname), 404, `No operation at ${request.method} ${pathname}`);
    const own = atPath.map((route) => route.method);
    const allowed = own.includes('GET') ? [...own, 'HEAD'] : own;
    reply.header('allow', allowed.join(', '));
    return send.error(reply, atPath[0]!, 405, `${request.method} is not allowed on ${atPath[0]!.path}; allowed: ${allowed.join(', ')}`);
  };
  const onError = (error: FastifyError, request: FastifyRequest, reply: FastifyReply) => {
    const op = request.routeOptions?.config?.operation ?? nearestOperation(request.url.split('?')[0]!);
    const status = error.statusCode !== undefined && error.statusCode >= 400 && error.statusCode < 500 ? error.statusCode : 500;
    if (status === 500) {
      // Never the request's headers: the API key must not reach a log line.
      process.stderr.write(`emulator: internal error on ${request.method} ${request.url.split('?')[0]}: ${error.stack ?? error.message}\n`);
      return send.error(reply, op, 500, 'Internal emulator error');
    }
    return send.error(reply, op, status, describeFastifyError(error, request));
  };
  return { notFound, onError };
}

function addJsonParser(app: FastifyInstance) {
  // Only JSON bodies: anything else is a 415, not a string the schema would then reject.
  app.removeContentTypeParser('text/plain');
  // Many clients send Content-Type: application/json on every request: an empty body is no body
  // (then "body: is required" where the operation needs one), not a parse error. Parsing stays
  // Fastify's own, which guards against prototype poisoning.
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    if (body === '') return done(null, undefined);
    return parseJson(request, body as string, done);
  });
}

function addEmulatorRoutes(app: FastifyInstance, core: Core) {
  const root = packageRoot();
  const staticFile = (file: string, type: string) => async (_request: FastifyRequest, reply: FastifyReply) => {
    if (!existsSync(file)) return reply.code(404).type('text/plain').send(`${path.relative(root, file)} is not built: run npm run build`);
    return reply.type(type).send(readFileSync(file));
  };
  app.get('/docs', staticFile(path.join(root, 'dist', 'docs', 'index.html'), 'text/html; charset=utf-8'));
  app.get('/openapi.json', staticFile(path.join(root, 'generated', 'openapi.json'), 'application/json; charset=utf-8'));
  app.get('/openapi.yaml', staticFile(path.join(root, 'generated', 'openapi.yaml'), 'application/yaml; charset=utf-8'));
  // Reset wipes every client's state: with --api-key set, it takes an accepted key like any operation.
  app.post('/__emulator/reset', async (request, reply) => {
    const refused = core.keysRequired ? core.refusal(tokenOf(request)) : undefined;
    if (refused) return reply.code(401).send({ message: refused });
    try {
      core.store.reset();
    } catch (error) {
      if (error instanceof StatePersistError) return reply.code(503).send({ message: error.message });
      throw error;
    }
    return reply.code(204).send();
  });
}

/** What Node's parser could not take as a request: status and words, by the parser's error code. */
const CLIENT_ERRORS: Record<string, [number, string]> = {
  HPE_HEADER_OVERFLOW: [431, 'The request line and headers are larger than 16 KiB'],
  ERR_HTTP_REQUEST_TIMEOUT: [408, `The request did not arrive within ${TIMEOUTS.request / 1000} s`],
};

/**
 * Answers a request Node's HTTP parser refused (headers too large, a timeout, a malformed request
 * line), before any route sees it. Where the bytes received name a known path, the answer is what the
 * document declares for that operation and status; otherwise it has no body.
 */
function clientErrorAnswerer(core: Core) {
  return (error: ConnectionError, socket: Socket) => {
    if (error.code === 'ECONNRESET' || socket.destroyed) return;
    const [status, message] = CLIENT_ERRORS[error.code] ?? [400, 'Malformed HTTP request'];
    // Fastify types rawPacket as a Buffer's JSON form; Node hands over the Buffer itself, or nothing.
    const raw = error.rawPacket as unknown as Buffer | undefined;
    const [method, target] = (raw?.toString('latin1').split('\r\n', 1)[0] ?? '').split(' ');
    const atPath = target ? operationsAt(core.document, target.split('?')[0]!) : [];
    const op = atPath.find((candidate) => candidate.method === method) ?? atPath[0];
    const answer = op ? core.errors.forOperation(op, status, message) : undefined;
    const body = answer?.body === undefined ? '' : typeof answer.body === 'string' ? answer.body : JSON.stringify(answer.body);
    const headers = [`HTTP/1.1 ${status} ${STATUS_CODES[status]}`, 'Connection: close', `Content-Length: ${Buffer.byteLength(body)}`];
    if (body) headers.push(`Content-Type: ${answer!.contentType}`);
    for (const [name, value] of Object.entries(answer?.headers ?? {})) headers.push(`${name}: ${value}`);
    if (socket.writable) socket.write(`${headers.join('\r\n')}\r\n\r\n${body}`);
    socket.destroy();
  };
}

/** A node:http server whose header, request and idle timeouts close stalled and slow connections in seconds. */
function serverWithTimeouts(handler: (req: any, res: any) => void) {
  const server = createServer({ headersTimeout: TIMEOUTS.headers, requestTimeout: TIMEOUTS.request, keepAliveTimeout: TIMEOUTS.idle, connectionsCheckingInterval: 500 }, handler);
  server.setTimeout(TIMEOUTS.idle);
  return server;
}

export async function createEmulator(options: EmulatorOptions = {}) {
  const core = createCore(options);
  const send = createSender(core);
  const fallbacks = createFallbacks(core, send);
  const app: FastifyInstance = Fastify({
    logger: false,
    bodyLimit: BODY_LIMIT_BYTES,
    routerOptions: { maxParamLength: MAX_PARAM_LENGTH },
    serverFactory: serverWithTimeouts,
    // A malformed percent-escape reaches the operation's area shape, not Fastify's own body.
    frameworkErrors: fallbacks.onError,
    clientErrorHandler: clientErrorAnswerer(core),
  });
  addJsonParser(app);
  app.setErrorHandler(fallbacks.onError);
  app.setNotFoundHandler(fallbacks.notFound);
  addOperationRoutes(app, core, send);
  addEmulatorRoutes(app, core);
  await app.ready();
  return { app, store: core.store, fixtures: core.fixtures, document: core.document };
}
