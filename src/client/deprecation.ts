// Warns once per process (or page) when a deprecated operation is called. Works in Node (as a
// DeprecationWarning) and in browsers (console.warn).
import deprecatedOperations from '../../generated/deprecated-operations.json' with { type: 'json' };
import { regexEscaped, templateParts } from '../contract/path-template.js';
import { pathOfUrl } from './path-values.js';

/** Each deprecated operation: its method, its template, and the template as a pattern for the end of a URL's path. */
interface DeprecatedRoute {
  method: string;
  template: string;
  operationId: string;
  pathEnd: RegExp;
}

/**
 * Read from "METHOD /path/{template}" -> operationId (derived by the build from the document). A URL as
 * openapi-fetch makes it is the base URL, which may have a path of its own, then the template filled in,
 * then any query: so the template is matched at the end of the path, a `{name}` as one segment's text.
 */
const routes: readonly DeprecatedRoute[] = Object.entries(deprecatedOperations as Record<string, string>).map(
  ([line, operationId]) => {
    const [method = '', template = ''] = line.split(' ');
    const pattern = templateParts(template).literals.map(regexEscaped).join('[^/]+');
    return { method, template, operationId, pathEnd: new RegExp(`${pattern}$`) };
  },
);
const deprecatedMethods = new Set(routes.map((route) => route.method));
const warned = new Set<string>();

type WarningProcess = { emitWarning?: (message: string, options: { type: string; code: string }) => void };

function warn(message: string): void {
  const emit = (globalThis as { process?: WarningProcess }).process?.emitWarning;
  if (emit) emit(message, { type: 'DeprecationWarning', code: 'CLOUD_API_DEPRECATED_OPERATION' });
  else console.warn(`DeprecationWarning: ${message}`);
}

/**
 * Warns the first time a deprecated operation is called: the client's Request calls it with the method
 * and the URL as openapi-fetch made them (the base URL, then the template filled in, then the query).
 */
export function warnIfDeprecated(method: string, url: string): void {
  if (!deprecatedMethods.has(method)) return;
  const path = pathOfUrl(url);
  for (const { method: routeMethod, template, operationId, pathEnd } of routes) {
    if (routeMethod !== method || warned.has(operationId) || !pathEnd.test(path)) continue;
    warned.add(operationId);
    warn(`${operationId} (${method} ${template}) is deprecated; the live service no longer describes it.`);
  }
}
