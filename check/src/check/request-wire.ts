// What a request case puts on the wire, each parameter by its style and explode (the toolbox's one
// writer): its path segments, its query, its header and cookie parameters; and the same wire read back as
// a server reads it (the toolbox's one reader), so the runner judges what it sends, not what it meant.
import { fillPath, serializeParameter, type ParameterSource, type RouteSpec } from 'cloud-platform-api/toolbox';

/** A request's parameters as they travel. */
export interface WireParameters {
  /** Each path parameter's segment, encoded: `7`, `.a.b`, `;id=1,2`. */
  path: Record<string, string>;
  /** The query, encoded, without its `?`; empty for none. */
  query: string;
  /** Header parameters by lower-case name, and `cookie` where a cookie parameter is sent. */
  headers: Record<string, string>;
}

/** The wire form of a request's parameter values (by name); a name whose value is undefined is not sent. */
export function wireParameters(route: RouteSpec, params: Record<string, unknown>): WireParameters {
  const wire: WireParameters = { path: {}, query: '', headers: {} };
  const query: string[] = [];
  const cookies: string[] = [];
  for (const p of route.parameters) {
    const value = Object.hasOwn(params, p.name) ? params[p.name] : undefined;
    if (value === undefined) continue;
    const text = serializeParameter(p, value);
    if (p.in === 'path') wire.path[p.name] = text;
    else if (text === '') continue;
    else if (p.in === 'query') query.push(text);
    else if (p.in === 'header') wire.headers[p.name.toLowerCase()] = text;
    else cookies.push(text);
  }
  wire.query = query.join('&');
  if (cookies.length > 0) wire.headers.cookie = cookies.join('; ');
  return wire;
}

/** The path with its segments put in as they are (they are encoded already); a segment not given is empty. */
export const wirePath = (route: RouteSpec, wire: WireParameters): string =>
  fillPath(
    route.path,
    (name) => wire.path[name] ?? '',
    (segment) => segment,
  );

/** A query's pairs as a server's adapter reads them: decoded, a name given more than once a list. */
export function queryPairs(search: string): Record<string, string | string[]> {
  const pairs: Record<string, string | string[]> = Object.create(null);
  for (const [name, value] of new URLSearchParams(search)) {
    const before = pairs[name];
    pairs[name] = before === undefined ? value : Array.isArray(before) ? [...before, value] : [before, value];
  }
  return pairs;
}

/** The wire as a server reads it: what the toolbox's reader takes. */
export const wireSource = (wire: WireParameters): ParameterSource => ({
  path: wire.path,
  query: queryPairs(wire.query),
  headers: wire.headers,
});
