// The one table of operations the per-operation tests read, made from the document: for each
// operation, the request its examples make (every parameter that gives an example, and the body's).
// An operation added to the document is in it, and so in every test that walks it.
import { bodyExample } from '../check/src/check/request-cases.js';
import { schemaExample, type OpenApiDocument } from '../src/contract/document.js';
import { deriveRoutes, type RouteSpec } from '../src/contract/routes.js';
import { bundled } from './document.js';

export interface OperationRow {
  operationId: string;
  method: string;
  /** The path template, as the client takes it. */
  path: string;
  /** openapi-fetch's `params`. */
  params: { path: Record<string, unknown>; query: Record<string, unknown> };
  /** The body's example; undefined for an operation that takes none. */
  body: unknown;
  /** The request's path and query as they go on the wire. */
  url: string;
  successStatus: number;
  route: RouteSpec;
}

export function operationRows(document: OpenApiDocument = bundled): OperationRow[] {
  return deriveRoutes(document).map((route) => {
    const params: OperationRow['params'] = { path: {}, query: {} };
    let pathname = route.path;
    const query: string[] = [];
    for (const p of route.parameters) {
      const value = schemaExample(document, { $ref: p.schema });
      // This document's parameters are all in the path or the query.
      if (value === undefined || (p.in !== 'path' && p.in !== 'query')) continue;
      params[p.in][p.name] = value;
      if (p.in === 'path') pathname = pathname.replace(`{${p.name}}`, encodeURIComponent(String(value)));
      else query.push(`${p.name}=${encodeURIComponent(String(value))}`);
    }
    const url = query.length > 0 ? `${pathname}?${query.join('&')}` : pathname;
    return {
      operationId: route.operationId,
      method: route.method,
      path: route.path,
      params,
      body: bodyExample(document, route),
      url,
      successStatus: route.status,
      route,
    };
  });
}
