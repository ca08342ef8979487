// The emulator's HTTP server: Fastify routes derived from the document, apikey auth, requests
// validated against the document, behaviour from handlers.ts, and every client mistake answered
// with a 4xx in the shape of the operation's area.
import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import Fastify, { type FastifyError, type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify';
import { listOperations, loadBundledDocument, packageRoot, successStatus, type OpenApiDocument, type OperationRef } from '../contract/document.js';
import { createContractValidator, type ValidationIssue } from '../contract/validator.js';
import type { OperationId } from '../operations.js';
import { createErrorBodies, describeIssues } from './error-bodies.js';
import { createFixtureLoader, type Fixtures } from './fixtures.js';
import { createHandlers, HttpProblem } from './handlers.js';
import { createRequestChecker } from './request-validation.js';
import { deriveRoutes, type RouteSpec } from './routes.js';
import { StateStore } from './store.js';

export interface EmulatorOptions {
  /** A fixtures file that replaces the built-in set, or fixtures already loaded. */
  fixtures?: string | Fixtures;
  /** Where state is written after every change, and read from on start. */
  stateFile?: string;
  /** Accept only these tokens; any token when empty or absent. */
  apiKeys?: readonly string[];
}

export const BODY_LIMIT_BYTES = 1024 * 1024;
const METHODS = ['DELETE', 'GET', 'HEAD', 'OPTIONS', 'PATCH', 'POST', 'PUT'] as const;
/** RFC 9745 Deprecation date of op 2: the month (July 2025) the live service removed it. */
const DEPRECATION_DATE = `@${Date.UTC(2025, 6, 1) / 1000}`;
const AUTHORIZATION = /^apikey ([^\s]+)$/i;

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
    default:
      return error.statusCode === 400 && error instanceof SyntaxError ? `Malformed JSON body: ${error.message}` : error.message;
  }
}

export async function createEmulator(options: EmulatorOptions = {}) {
  const document: OpenApiDocument = loadBundledDocument();
  const validator = createContractValidator(document);
  const loader = createFixtureLoader(document, validator);
  const fixtures = typeof options.fixtures === 'string' ? loader.fromFile(options.fixtures) : (options.fixtures ?? loader.builtIn());
  const store = new StateStore(fixtures, options.stateFile);
  const handlers = createHandlers(document, fixtures, store);
  const errors = createErrorBodies(document);
  const checkRequest = createRequestChecker(validator);
  const routes = deriveRoutes(document);
  const allowedKeys = options.apiKeys?.length ? new Set(options.apiKeys) : undefined;

  for (const route of routes) {
    if (!(route.operationId in handlers)) throw new Error(`No emulator handler for operation ${route.operationId}`);
  }

  // Tokens are kept only as hashes in state; this cache spares re-hashing a token on every call.
  const clientIds = new Map<string, number>();
  const clientIdFor = (token: string): number => {
    let id = clientIds.get(token);
    if (id === undefined) {
      const hash = createHash('sha256').update(token).digest('hex');
      id = store.state.clients[hash] ?? store.change((state) => (state.clients[hash] = state.nextClientId++));
      clientIds.set(token, id);
    }
    return id;
  };

  /** The operation whose area answers for a URL no route matched: the one sharing the longest path prefix. */
  const operations = listOperations(document);
  const nearestOperation = (url: string): OperationRef => {
    const segments = url.split('?')[0]!.split('/');
    const shared = (op: OperationRef) => {
      const own = op.path.split('/');
      let n = 0;
      while (n < own.length && n < segments.length && own[n] === segments[n]) n++;
      return n;
    };
    return operations.reduce((best, op) => (shared(op) > shared(best) ? op : best));
  };

  // JSON text of frozen answers (fixtures), made once: serializing them again is most of a GET's cost.
  const jsonOfFrozen = new WeakMap<object, string>();
  function sendJson(reply: FastifyReply, body: unknown) {
    if (body === null || typeof body !== 'object' || !Object.isFrozen(body)) return reply.send(body);
    let text = jsonOfFrozen.get(body);
    if (text === undefined) jsonOfFrozen.set(body, (text = JSON.stringify(body)));
    return reply.type('application/json; charset=utf-8').send(text);
  }

  function sendError(reply: FastifyReply, op: OperationRef, status: number, message: string, issues?: readonly ValidationIssue[]) {
    const answer = errors.forOperation(op, status, message, issues);
    reply.code(status);
    if (answer.body === undefined) return reply.send();
    if (answer.contentType) reply.type(answer.contentType);
    return reply.send(answer.body);
  }

  const app: FastifyInstance = Fastify({ logger: false, bodyLimit: BODY_LIMIT_BYTES });
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

  app.setErrorHandler((error: FastifyError, request, reply) => {
    const op = request.routeOptions.config.operation ?? nearestOperation(request.url);
    const status = error.statusCode !== undefined && error.statusCode >= 400 && error.statusCode < 500 ? error.statusCode : 500;
    if (status === 500) {
      // Never the request's headers: the API key must not reach a log line.
      process.stderr.write(`emulator: internal error on ${request.method} ${request.url.split('?')[0]}: ${error.stack ?? error.message}\n`);
      return sendError(reply, op, 500, 'Internal emulator error');
    }
    return sendError(reply, op, status, describeFastifyError(error, request));
  });

  app.setNotFoundHandler((request, reply) => sendError(reply, nearestOperation(request.url), 404, `No operation at ${request.method} ${request.url.split('?')[0]}`));

  for (const route of routes) {
    const handler = handlers[route.operationId as OperationId];
    const success = successStatus(route.operation);
    app.route({
      method: route.method as (typeof METHODS)[number],
      url: route.url,
      config: { operation: route },
      // A callback hook, not an async one: it runs on every request, and the promise costs.
      onRequest: (request, reply, done) => {
        if (route.operation.deprecated) reply.header('deprecation', DEPRECATION_DATE);
        const match = AUTHORIZATION.exec(request.headers.authorization ?? '');
        if (!match) return void sendError(reply, route, 401, 'Missing or malformed Authorization header: send "Authorization: apikey <token>"');
        if (allowedKeys && !allowedKeys.has(match[1]!)) return void sendError(reply, route, 401, 'Unknown API key');
        done();
      },
      handler: async (request, reply) => {
        const checked = checkRequest(route, request.params as Record<string, string>, request.query as Record<string, unknown>, request.body, request.body !== undefined);
        if (checked.issues.length > 0) return sendError(reply, route, 400, describeIssues(checked.issues), checked.issues);
        // Only the handlers that keep per-client state ask who the client is; the hook checked the header.
        const clientId = () => clientIdFor(AUTHORIZATION.exec(request.headers.authorization!)![1]!);
        try {
          const body = handler({ params: checked.params, query: checked.query, body: checked.body, clientId });
          reply.code(success);
          return body === undefined ? reply.send() : sendJson(reply, body);
        } catch (error) {
          if (error instanceof HttpProblem) return sendError(reply, route, error.status, error.message);
          throw error;
        }
      },
    });
  }

  // A known path with a method it does not have: 405 with the methods it does have.
  const routesByUrl = new Map<string, RouteSpec[]>();
  for (const route of routes) routesByUrl.set(route.url, [...(routesByUrl.get(route.url) ?? []), route]);
  for (const [url, atPath] of routesByUrl) {
    const own = atPath.map((route) => route.method);
    const allowed = own.includes('GET') ? [...own, 'HEAD'] : own;
    const op = atPath[0]!;
    app.route({
      method: METHODS.filter((m) => !allowed.includes(m)),
      url,
      handler: async (request, reply) => {
        reply.header('allow', allowed.join(', '));
        return sendError(reply, op, 405, `${request.method} is not allowed on ${op.path}; allowed: ${allowed.join(', ')}`);
      },
    });
  }

  const root = packageRoot();
  const staticFile = (file: string, type: string) => async (_request: FastifyRequest, reply: FastifyReply) => {
    if (!existsSync(file)) return reply.code(404).type('text/plain').send(`${path.relative(root, file)} is not built: run npm run build`);
    return reply.type(type).send(readFileSync(file));
  };
  app.get('/docs', staticFile(path.join(root, 'dist', 'docs', 'index.html'), 'text/html; charset=utf-8'));
  app.get('/openapi.json', staticFile(path.join(root, 'generated', 'openapi.json'), 'application/json; charset=utf-8'));
  app.get('/openapi.yaml', staticFile(path.join(root, 'generated', 'openapi.yaml'), 'application/yaml; charset=utf-8'));
  app.post('/__emulator/reset', async (_request, reply) => {
    store.reset();
    clientIds.clear();
    return reply.code(204).send();
  });

  await app.ready();
  return { app, store, fixtures, document };
}
