// The coverage model: from the document and a list of exchanges (what was sent, what status came
// back), per operation the documented statuses seen and never seen, each input sent or not, and each
// link followed or not. One model for the checker's run and for an emulator's journal.
import {
  deriveRoutes,
  pathParameterNames,
  pathPattern,
  responseFor,
  successLinks,
  type OpenApiDocument,
  type RouteSpec,
} from 'cloud-platform-api/toolbox';
import { inputFigure, inputsOf, markSent, type InputCoverage, type SentParameter } from './inputs.js';

/** One request and its answer, as coverage reads it. */
export interface CoverageExchange {
  method: string;
  /** The path as sent, without the query: `/streaming/videos/1444`. */
  path: string;
  query?: Record<string, string | readonly string[]> | undefined;
  /** Request headers by lower-case name, for header parameters. */
  headers?: Record<string, string> | undefined;
  /** Header and cookie parameters read where the request arrived, for a sender that keeps no header (sentParameterReader). */
  sentParameters?: readonly SentParameter[] | undefined;
  /** The JSON body as parsed; absent for none. */
  body?: unknown;
  /** The status answered; 0 for none (a dropped connection). */
  status: number;
  /** The operation, where the sender knows it; else found from the method and path. */
  operationId?: string | undefined;
  /** The status was injected by a fault (a Prefer header, a fault rule), not given by the server's own behaviour. */
  fault?: boolean | undefined;
}

/** A documented link, and whether its target was called after a success of its source. */
export interface LinkCoverage {
  name: string;
  target: string;
  followed: boolean;
}

/** A pair `[covered, total]`. */
export type Figure = [covered: number, total: number];

/** What the exchanges met of one operation: its documented statuses, its inputs and its links, with their figures. */
export interface OperationCoverage {
  operationId: string;
  method: string;
  path: string;
  requests: number;
  statuses: {
    /** The response keys the document declares: '200', '404', '4XX', 'default'. */
    documented: string[];
    seen: string[];
    /** Of those seen, the ones met only through a fault: covered, and marked so. */
    faultOnly: string[];
    /** Statuses answered that the document does not declare for the operation. */
    undocumented: string[];
  };
  parameters: InputCoverage[];
  bodyProperties: InputCoverage[];
  links: LinkCoverage[];
  figures: { statuses: Figure; parameters: Figure; links: Figure };
}

/** The coverage of a whole document: each operation's, and the totals as `[covered, total]` pairs. */
export interface CoverageReport {
  operations: OperationCoverage[];
  /** `parameters` counts parameters and body properties: one each, or one per enum value or boolean side. */
  totals: { operations: Figure; statuses: Figure; parameters: Figure; links: Figure };
}

/** What an operation has met so far, while the exchanges are read. */
interface OperationProgress {
  route: RouteSpec;
  requests: number;
  /** Each response key met, and whether every exchange that met it had its status injected. */
  seen: Map<string, { onlyByFault: boolean }>;
  undocumented: Set<string>;
  inputs: InputCoverage[];
  links: LinkCoverage[];
  /** Whether a 2xx of this operation, not injected, has been seen yet: its links may be followed from then on. */
  succeeded: boolean;
}

/** The route an exchange went to: by its operationId, else by method and path (HEAD is answered as GET). */
function routeOf(routes: readonly RouteSpec[], exchange: CoverageExchange): RouteSpec | undefined {
  if (exchange.operationId) return routes.find((r) => r.operationId === exchange.operationId);
  const method = exchange.method.toUpperCase() === 'HEAD' ? 'GET' : exchange.method.toUpperCase();
  return routes.find((r) => r.method === method && pathPattern(r.path).test(exchange.path));
}

/** The path parameters' values as sent, by name, still percent-escaped (their style reads them). */
function pathValues(route: RouteSpec, path: string): Record<string, string> {
  const names = pathParameterNames(route.path);
  const values = pathPattern(route.path).exec(path)?.slice(1) ?? [];
  return Object.fromEntries(names.flatMap((name, i) => (values[i] === undefined ? [] : [[name, values[i]]])));
}

function record(
  document: OpenApiDocument,
  tally: OperationProgress,
  exchange: CoverageExchange,
  all: Map<string, OperationProgress>,
): void {
  tally.requests++;
  markSent(tally.inputs, tally.route, {
    path: pathValues(tally.route, exchange.path),
    query: exchange.query ?? {},
    header: exchange.headers ?? {},
    body: exchange.body,
    sentParameters: exchange.sentParameters,
  });
  // A call of a link's target after a success of its source is the link followed.
  for (const source of all.values())
    if (source.succeeded)
      for (const link of source.links) if (link.target === tally.route.operationId) link.followed = true;
  if (exchange.status === 0) return;
  const key = responseFor(document, tally.route, exchange.status)?.key;
  if (key === undefined) tally.undocumented.add(String(exchange.status));
  else tally.seen.set(key, { onlyByFault: (tally.seen.get(key)?.onlyByFault ?? true) && exchange.fault === true });
  if (exchange.status >= 200 && exchange.status < 300 && !exchange.fault) tally.succeeded = true;
}

const figure = (pairs: readonly Figure[]): Figure => [
  pairs.reduce((sum, [covered]) => sum + covered, 0),
  pairs.reduce((sum, [, total]) => sum + total, 0),
];

function operationCoverage(tally: OperationProgress): OperationCoverage {
  const { route } = tally;
  const documented = Object.keys(route.operation.responses ?? {});
  const seen = documented.filter((key) => tally.seen.has(key));
  const parameters = tally.inputs.filter((input) => input.in !== 'body');
  return {
    operationId: route.operationId,
    method: route.method,
    path: route.path,
    requests: tally.requests,
    statuses: {
      documented,
      seen,
      faultOnly: seen.filter((key) => tally.seen.get(key)!.onlyByFault),
      undocumented: [...tally.undocumented].sort(),
    },
    parameters,
    bodyProperties: tally.inputs.filter((input) => input.in === 'body'),
    links: tally.links,
    figures: {
      statuses: [seen.length, documented.length],
      parameters: figure(tally.inputs.map(inputFigure)),
      links: [tally.links.filter((link) => link.followed).length, tally.links.length],
    },
  };
}

/**
 * The coverage of the document's operations (or of those named) by a list of exchanges, in the order
 * they happened. An exchange no operation takes is left out.
 */
export function computeCoverage(
  document: OpenApiDocument,
  exchanges: readonly CoverageExchange[],
  only?: readonly string[],
): CoverageReport {
  const routes = deriveRoutes(document);
  const tallies = new Map(
    routes.map((route): [string, OperationProgress] => [
      route.operationId,
      {
        route,
        requests: 0,
        seen: new Map(),
        undocumented: new Set(),
        inputs: inputsOf(document, route),
        links: Object.entries(successLinks(document, route)).map(([name, link]) => ({
          name,
          target: String(link.operationId),
          followed: false,
        })),
        succeeded: false,
      },
    ]),
  );
  for (const exchange of exchanges) {
    const route = routeOf(routes, exchange);
    if (route) record(document, tallies.get(route.operationId)!, exchange, tallies);
  }
  const operations = [...tallies.values()]
    .filter((tally) => only === undefined || only.includes(tally.route.operationId))
    .map(operationCoverage);
  return {
    operations,
    totals: {
      operations: [operations.filter((op) => op.requests > 0).length, operations.length],
      statuses: figure(operations.map((op) => op.figures.statuses)),
      parameters: figure(operations.map((op) => op.figures.parameters)),
      links: figure(operations.map((op) => op.figures.links)),
    },
  };
}
