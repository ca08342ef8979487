// Which operation a request goes to, from the document's path templates: the route and its path
// parameters (still percent-escaped), a 405 with the methods a known path has, or no operation (404,
// answered in the shape of the area whose paths share the longest prefix).
import { pathParameterNames, pathPattern, type OperationRef, type RouteSpec } from 'cloud-platform-api/toolbox';

export type RouteMatch =
  | { kind: 'operation'; route: RouteSpec; rawParams: Record<string, string> }
  | { kind: 'method-not-allowed'; route: RouteSpec; allowed: string[] }
  /** `nearest` is undefined where the document has no operation at all (a webhooks-only one). */
  | { kind: 'none'; nearest: OperationRef | undefined };

/** Whether a route takes a request with this method: its own, or HEAD for a GET (a GET without the body). */
const takes = (route: RouteSpec, method: string) =>
  route.method === method || (method === 'HEAD' && route.method === 'GET');

/** A path's first segment: `/streaming/videos/7` -> `streaming`. */
function firstSegment(path: string): string {
  const end = path.indexOf('/', 1);
  return end < 0 ? path.slice(1) : path.slice(1, end);
}

/** The path parameters a template's pattern matched, by name, still percent-escaped. */
function paramsOf(names: readonly string[], found: RegExpExecArray): Record<string, string> {
  const params: Record<string, string> = {};
  for (let i = 0; i < names.length; i++) params[names[i]!] = found[i + 1]!;
  return params;
}

/** The operation whose area answers for a path no route matched: the one sharing the longest prefix. */
function nearest(routes: readonly RouteSpec[], path: string): OperationRef | undefined {
  const segments = path.split('/');
  const shared = (op: OperationRef) => {
    const own = op.path.split('/');
    let n = 0;
    while (n < own.length && n < segments.length && own[n] === segments[n]) n++;
    return n;
  };
  return routes.reduce<OperationRef | undefined>(
    (best, op) => (best === undefined || shared(op) > shared(best) ? op : best),
    undefined,
  );
}

/** Which operation a request goes to, by its method (upper case) and path. */
export type Router = (method: string, path: string) => RouteMatch;

export function createRouter(routes: readonly RouteSpec[]): Router {
  // Paths without parameters are found by one lookup; only the others are tried against their patterns.
  const literal = new Map<string, RouteSpec[]>();
  for (const route of routes)
    if (!route.path.includes('{')) literal.set(route.path, [...(literal.get(route.path) ?? []), route]);
  const compiled = routes.map((route) => ({
    route,
    pattern: pathPattern(route.path),
    names: pathParameterNames(route.path),
  }));
  // A path is tried against the templates with parameters that share its first segment, or that start
  // with a parameter, in the document's order: a request tries one or two patterns, not every one.
  const parameterized = compiled.filter(({ route }) => route.path.includes('{'));
  // Literal paths first, as by lookup: they win over a template that would also match.
  const everyTemplate = [...compiled.filter(({ route }) => !route.path.includes('{')), ...parameterized];
  const startsOpen = (template: string) => firstSegment(template).includes('{');
  const anyFirst = parameterized.filter(({ route }) => startsOpen(route.path));
  // Grouped in one pass (a large document has hundreds of first segments), each group in the document's order.
  const byFirst = new Map<string, typeof parameterized>();
  for (const { route } of parameterized) if (!startsOpen(route.path)) byFirst.set(firstSegment(route.path), []);
  for (const entry of parameterized) {
    if (!startsOpen(entry.route.path)) byFirst.get(firstSegment(entry.route.path))!.push(entry);
    else for (const group of byFirst.values()) group.push(entry);
  }

  /** Why no operation takes the request: the methods its path has (405), or no route at the path (404). */
  function refusal(path: string): RouteMatch {
    const atPath = compiled.filter(({ pattern }) => pattern.test(path)).map(({ route }) => route);
    if (atPath.length === 0) return { kind: 'none', nearest: nearest(routes, path) };
    const own = atPath.map((route) => route.method);
    return { kind: 'method-not-allowed', route: atPath[0]!, allowed: own.includes('GET') ? [...own, 'HEAD'] : own };
  }

  return function match(method: string, path: string): RouteMatch {
    for (const route of literal.get(path) ?? [])
      if (takes(route, method)) return { kind: 'operation', route, rawParams: {} };
    // An escape may stand for a literal character of a template (`/m%C3%A9t%C3%A9o` for `/météo`): such a
    // path is tried against every template, as no lookup by its text can find it.
    const candidates = path.includes('%') ? everyTemplate : (byFirst.get(firstSegment(path)) ?? anyFirst);
    for (const { route, pattern, names } of candidates) {
      if (!takes(route, method)) continue;
      const found = pattern.exec(path);
      if (found) return { kind: 'operation', route, rawParams: paramsOf(names, found) };
    }
    return refusal(path);
  };
}
