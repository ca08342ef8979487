// checkContract(): sends requests made from the document to a server and checks every answer against
// it. Operations take turns (one request each, round after round) so that a small budget still
// reaches all of them; the requests a link makes from an answer go next. Requests go one at a time,
// no faster than the rate.
import {
  authorizationValue,
  createRedactor,
  credentialsOptional,
  deriveRoutes,
  networkCode,
  readBoundedText,
  secretsOfKey,
  SecurityError,
  securityOf,
  type CredentialSlot,
  type DocumentSecurity,
  type JsonObject,
  type OpenApiDocument,
  type RouteSpec,
} from 'cloud-platform-api/toolbox';
import { loadBundledDocument } from '../contract/bundled-document.js';
import { oneSidedDocument } from '../contract/one-sided-required.js';
import { readDocument } from '../contract/read-document.js';
import { createContractValidator } from '../contract/validator.js';
import { createAnswerJudge, type Answer, type AnswerJudge } from './verdicts.js';
import {
  CheckOptionError,
  refusal,
  resolveCheckOptions,
  type CheckOptions,
  type ResolvedCheckOptions,
} from './check-options.js';
import { computeCoverage, type CoverageExchange, type CoverageReport } from './coverage/model.js';
import { linkedCase, linksByOperation, unsafeLink, type LinkSpec } from './links.js';
import {
  createRequestJudge,
  exampleCase,
  invalidCases,
  randomValidCases,
  requestedStatusCases,
  type RequestCase,
  type RequestJudge,
} from './request-cases.js';
import { queryPairs, wireParameters, wirePath, type WireParameters } from './request-wire.js';
import { RunFindings, type Findings, type SentRequest } from './run-findings.js';

/** What a run found: each operation's summary, each failure, and whether all passed. */
export interface CheckResult extends Findings {
  baseUrl: string;
  seed: number;
  durationMs: number;
  /** Why the run stopped before its budget, where it did. */
  stoppedEarly?: string;
  passed: boolean;
  /** What the run met of the operations checked: statuses, parameters, links. */
  coverage: CoverageReport;
}

/** After this many requests in a row without an answer, the server is taken to be gone. */
const UNANSWERED_IN_A_ROW = 3;

/** A 32-bit FNV-1a hash, so that each operation draws its own random requests from the one seed. */
function hash(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 0x01000193);
  return h >>> 0;
}

/** The routes of the operations asked for, out of all the document's. */
function selectRoutes(routes: readonly RouteSpec[], wanted: readonly string[] | undefined): readonly RouteSpec[] {
  if (!wanted) return routes;
  const known = new Set(routes.map((r) => r.operationId));
  const unknown = wanted.filter((id) => !known.has(id));
  if (unknown.length > 0)
    throw new CheckOptionError(
      `--operations: unknown operationId ${unknown.map((id) => `"${id}"`).join(', ')}; known: ${[...known].join(', ')}`,
    );
  return routes.filter((r) => wanted.includes(r.operationId));
}

/** The document's security, or a CheckOptionError naming the scheme it cannot serve (securityOf's line). */
function documentSecurity(document: OpenApiDocument): DocumentSecurity {
  try {
    return securityOf(document);
  } catch (error) {
    throw error instanceof SecurityError ? new CheckOptionError(`document: ${error.message}`) : error;
  }
}

/** The slots a request sends the key in: the first alternative of its operation's requirement that asks for any. */
const slotsOf = (security: DocumentSecurity, route: RouteSpec): readonly CredentialSlot[] | undefined =>
  security
    .requirementOf(route)
    .find((alternative) => alternative.length > 0)
    ?.map(({ slot }) => slot);

/** The request without its credentials, where the operation asks for them: it must be refused. */
function unauthenticatedCase(security: DocumentSecurity, example: RequestCase): RequestCase[] {
  const requirement = security.requirementOf(example.route);
  if (credentialsOptional(requirement)) return [];
  const slots = slotsOf(security, example.route)!;
  const only = slots.length === 1 && 'header' in slots[0]! ? slots[0] : undefined;
  const note = only && 'header' in only ? `no ${only.header} header` : 'no credentials';
  return [{ ...example, kind: 'unauthenticated' as const, note }];
}

/**
 * Each operation's requests in the order they go: its examples, without a key (where it asks for one),
 * each rule broken, each other documented status asked for, then random.
 */
function planQueues(
  document: OpenApiDocument,
  routes: readonly RouteSpec[],
  options: ResolvedCheckOptions,
  judge: RequestJudge,
  security: DocumentSecurity,
) {
  const share = Math.ceil(options.maxRequests / routes.length);
  return new Map(
    routes.map((route) => {
      const example = exampleCase(document, route, judge);
      const invalid = invalidCases(document, judge, example);
      const requested = requestedStatusCases(example);
      const random = randomValidCases(
        document,
        judge,
        example,
        (options.seed + hash(route.operationId)) % 2 ** 31,
        Math.max(2, share - 2 - invalid.length - requested.length),
      );
      return [
        route.operationId,
        [example, ...unauthenticatedCase(security, example), ...invalid, ...requested, ...random],
      ];
    }),
  );
}

function requestUrl(base: URL, request: RequestCase, wire: WireParameters): string {
  // Unchecked: an invalid case breaks a rule on purpose; the judge and unsafeLink keep every value in its path.
  const search = wire.query === '' ? '' : `?${wire.query}`;
  return `${base.origin}${base.pathname.replace(/\/$/, '')}${wirePath(request.route, wire)}${search}`;
}

/** What goes on the wire for a request: method, URL, body as text, and whether it carries the key. */
function sentRequest(run: Pick<Run, 'options' | 'security'>, request: RequestCase): SentRequest {
  const body = request.body === undefined ? undefined : JSON.stringify(request.body);
  const wire = wireParameters(request.route, request.params);
  return {
    method: request.route.method,
    url: requestUrl(run.options.baseUrl, request, wire),
    body,
    auth: request.kind === 'unauthenticated' ? undefined : slotsOf(run.security, request.route),
    ...(Object.keys(wire.headers).length === 0 ? {} : { headers: wire.headers }),
    ...(request.requestedStatus === undefined ? {} : { prefer: `code=${request.requestedStatus}` }),
  };
}

/** A request as sent and its status, as coverage reads them; a status asked for and given is a fault's. */
function coverageExchange(base: URL, request: RequestCase, sent: SentRequest, status: number): CoverageExchange {
  const url = new URL(sent.url);
  return {
    operationId: request.route.operationId,
    method: request.route.method,
    path: url.pathname.slice(base.pathname.replace(/\/$/, '').length),
    query: queryPairs(url.search),
    headers: sent.headers,
    body: request.body,
    status,
    fault: request.requestedStatus !== undefined && status === request.requestedStatus,
  };
}

/** The URL without the query pairs named `name`: a parameter of the key's own name gives way to the key. */
function withoutQueryPair(url: string, name: string): string {
  const at = url.indexOf('?');
  if (at === -1) return url;
  const kept = url
    .slice(at + 1)
    .split('&')
    .filter((pair) => decodeURIComponent(pair.split('=')[0]!.replaceAll('+', ' ')) !== name);
  return kept.length === 0 ? url.slice(0, at) : `${url.slice(0, at)}?${kept.join('&')}`;
}

/**
 * The URL and headers that carry the key where each slot says: a header, a query parameter added to the
 * URL (the report's URL holds none), or a cookie. A parameter the document declares under the key's own
 * name and place (the petstore's `api_key` header) gives way to the key: it is sent once, never twice.
 */
function credentialed(sent: SentRequest, key: string, headers: Record<string, string>): string {
  let url = sent.url;
  const cookies: string[] = [];
  const cookieNames = new Set<string>();
  for (const slot of [sent.auth ?? []].flat()) {
    if ('query' in slot) {
      url = withoutQueryPair(url, slot.query);
      url += `${url.includes('?') ? '&' : '?'}${encodeURIComponent(slot.query)}=${encodeURIComponent(key)}`;
    } else if ('cookie' in slot) {
      cookies.push(`${slot.cookie}=${key}`);
      cookieNames.add(slot.cookie);
    } else {
      for (const name of Object.keys(headers))
        if (name.toLowerCase() === slot.header.toLowerCase()) delete headers[name];
      headers[slot.header] = authorizationValue(slot, key);
    }
  }
  // After the cookie parameters the request already carries, where it has any, but those of the key's names.
  const declared = (headers.cookie ?? '')
    .split('; ')
    .filter((pair) => pair !== '' && !cookieNames.has(pair.split('=')[0]!));
  if (cookies.length > 0) headers.cookie = [...declared, ...cookies].join('; ');
  return url;
}

async function send(
  run: Pick<Run, 'options' | 'security'>,
  request: RequestCase,
): Promise<{ sent: SentRequest; answer?: Answer; error?: string }> {
  const { options } = run;
  const sent = sentRequest(run, request);
  // The parameters' headers first: the key, the media type and Prefer are the runner's own.
  const headers: Record<string, string> = { ...sent.headers, accept: 'application/json' };
  const url = credentialed(sent, options.apiKey, headers);
  if (sent.prefer) headers.prefer = sent.prefer;
  if (sent.body !== undefined) headers['content-type'] = 'application/json';
  try {
    const outgoing = new Request(url, { method: sent.method, headers, body: sent.body, redirect: 'manual' });
    const response = await options.fetch(outgoing, { signal: AbortSignal.timeout(options.timeoutMs) });
    return {
      sent,
      answer: { status: response.status, headers: response.headers, text: await readBoundedText(response) },
    };
  } catch (error) {
    const reason =
      (error as Error).name === 'TimeoutError'
        ? `no answer in ${options.timeoutMs} ms`
        : `${networkCode(error) ?? (error as Error).name}: ${(error as Error).message}`;
    return { sent, error: `${sent.method} ${sent.url} failed: ${reason}` };
  }
}

/** Waits so that requests start no closer together than the rate allows. */
function createPacer(rate: number) {
  const interval = Number.isFinite(rate) ? 1000 / rate : 0;
  let nextAt = 0;
  return async () => {
    const wait = nextAt - performance.now();
    if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
    nextAt = Math.max(nextAt, performance.now()) + interval;
  };
}

/**
 * Sends requests made from the document (its examples, invalid variants, random valid values and its
 * links) to a server, and checks every answer against the document. To a host that is not loopback it
 * sends GETs only, at most 5 a second, unless the options allow more.
 *
 * @example
 * const result = await checkContract({ baseUrl: 'http://127.0.0.1:4010', apiKey: 'any-token', seed: 1 });
 * if (!result.passed) console.log(formatReport(result));
 */
export async function checkContract(options: CheckOptions & { document?: JsonObject }): Promise<CheckResult> {
  const document = readDocument(options.document ?? loadBundledDocument(), 'document');
  const security = documentSecurity(document);
  const resolved = resolveCheckOptions(options, security.schemes.length > 0);
  const allRoutes = deriveRoutes(document);
  const routes = selectRoutes(allRoutes, resolved.operations);
  // Strict for this project's document, which its tests lint so; another's unknown keywords are annotations.
  const strict = options.document === undefined;
  const validator = createContractValidator(document, { strict });
  // Each side is judged without the other side's required properties (a readOnly id is not sent).
  const sided = (direction: 'request' | 'response') => {
    const own = oneSidedDocument(document, direction);
    return own === document ? validator : createContractValidator(own, { strict });
  };
  const judge = createRequestJudge(sided('request'));
  const run = {
    options: resolved,
    document,
    security,
    // Links may lead to operations outside the ones asked for: they are read from all of them.
    links: linksByOperation(document, allRoutes),
    judgeAnswer: createAnswerJudge(document, sided('response')),
    findings: new RunFindings(
      routes.map((r) => r.operationId),
      createRedactor([resolved.apiKey, ...security.schemes.flatMap(({ slot }) => secretsOfKey(slot, resolved.apiKey))]),
    ),
    pace: createPacer(resolved.rate),
    unansweredInARow: 0,
    exchanges: [] as CoverageExchange[],
  };
  const queues = planQueues(document, routes, resolved, judge, security);
  for (const route of routes) {
    const reason = refusal(route.method, false, resolved);
    if (reason) {
      run.findings.skip(route.operationId, reason);
      queues.delete(route.operationId);
    }
  }
  const started = performance.now();
  const stoppedEarly = await runQueues(run, queues);
  const found = run.findings.result();
  return {
    baseUrl: resolved.baseUrl.href.replace(/\/$/, ''),
    seed: resolved.seed,
    durationMs: performance.now() - started,
    ...found,
    ...(stoppedEarly ? { stoppedEarly } : {}),
    passed: found.failures.length === 0,
    coverage: computeCoverage(
      document,
      run.exchanges,
      routes.map((r) => r.operationId),
    ),
  };
}

type Run = {
  options: ResolvedCheckOptions;
  document: OpenApiDocument;
  security: DocumentSecurity;
  links: Map<string, LinkSpec[]>;
  judgeAnswer: AnswerJudge;
  findings: RunFindings;
  pace: () => Promise<void>;
  unansweredInARow: number;
  exchanges: CoverageExchange[];
};

/** Sends one request, records its verdicts, and returns the requests its links make (none unless it succeeded). */
async function exchange(run: Run, request: RequestCase): Promise<RequestCase[]> {
  await run.pace();
  const { sent, answer, error } = await send(run, request);
  const { operationId } = request.route;
  if (!answer) {
    run.unansweredInARow++;
    run.findings.record(operationId, request.note, sent, 'no answer', [{ check: 'answered', failure: error! }]);
    return [];
  }
  run.unansweredInARow = 0;
  const { verdicts, body } = run.judgeAnswer(request, answer);
  run.findings.record(operationId, request.note, sent, String(answer.status), verdicts);
  run.exchanges.push(coverageExchange(run.options.baseUrl, request, sent, answer.status));
  // Links are followed from the runner's own requests only: a link's request that succeeds starts no
  // chain (a stateless mock answers a self-link's 409 with a 2xx, again and again); nor does a status asked for.
  const success = answer.status >= 200 && answer.status <= 299;
  if (!success || request.kind !== 'valid' || request.requestedStatus !== undefined) return [];
  return (run.links.get(operationId) ?? [])
    .map((link) => linkedCase(run.document, link, { request, status: answer.status, headers: answer.headers, body }))
    .filter((linked) => refusal(linked.route.method, true, run.options) === undefined)
    .filter((linked) => {
      const unsafe = unsafeLink(request, linked);
      if (unsafe) run.findings.refuseLink(operationId, linked.note, sentRequest(run, linked), unsafe);
      return unsafe === undefined;
    });
}

/** Round after round, one request per operation, each followed by what its links make; until the budget is spent. */
async function runQueues(run: Run, queues: Map<string, RequestCase[]>): Promise<string | undefined> {
  const budgetLeft = () => run.findings.requests < run.options.maxRequests;
  while (budgetLeft() && [...queues.values()].some((queue) => queue.length > 0)) {
    for (const queue of queues.values()) {
      const pending = queue.length > 0 ? [queue.shift()!] : [];
      while (pending.length > 0 && budgetLeft()) {
        pending.push(...(await exchange(run, pending.shift()!)));
        if (run.unansweredInARow >= UNANSWERED_IN_A_ROW)
          return `stopped after ${UNANSWERED_IN_A_ROW} requests in a row got no answer`;
      }
    }
  }
  return undefined;
}
