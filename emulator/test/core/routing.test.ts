// The router over every route of the bundled document: a concrete path of each route reaches that
// route with its method (and HEAD, for a GET), a method the path does not have is a 405 naming those it
// has, and a path no route has is no operation. Paths with parameters and paths without (which the
// router finds by lookup, not by pattern) are walked alike.
import { describe, expect, it } from 'vitest';
import type { RouteSpec } from 'cloud-platform-api/toolbox';
import { createRouter } from '../../src/core/document/router.js';
import { documentParts } from '../../src/wiring/document-parts.js';
import { createEmulator } from '../../src/index.js';

const { document } = await createEmulator({ warn: () => {} });
const { routes, match } = documentParts(document);
/** The route's path with each parameter given as `7`. */
const concrete = (template: string) => template.replace(/\{\w+\}/g, '7');
const methodsAt = (path: string) =>
  routes.filter((route) => concrete(route.path) === concrete(path)).map((route) => route.method);

describe('the router, over every route of the document', () => {
  it('walks both kinds of path', () => {
    expect(routes.some((route) => route.path.includes('{'))).toBe(true);
    expect(routes.some((route) => !route.path.includes('{'))).toBe(true);
  });

  it.each(routes.map((route) => [route.operationId, route] as const))(
    '%s: its method and path reach it, with each parameter as sent',
    (_, route) => {
      const found = match(route.method, concrete(route.path));
      expect(found).toMatchObject({ kind: 'operation', route: { operationId: route.operationId } });
      const names = [...route.path.matchAll(/\{(\w+)\}/g)].map((m) => m[1]!);
      expect(found.kind === 'operation' && found.rawParams).toEqual(
        Object.fromEntries(names.map((name) => [name, '7'])),
      );
    },
  );

  it.each(routes.filter((route) => route.method === 'GET').map((route) => [route.operationId, route] as const))(
    '%s: HEAD reaches the GET',
    (_, route) => {
      expect(match('HEAD', concrete(route.path))).toMatchObject({
        kind: 'operation',
        route: { operationId: route.operationId },
      });
    },
  );

  it.each(routes.map((route) => [route.operationId, route] as const))(
    '%s: a method its path does not have is a 405 naming those it has',
    (_, route) => {
      const own = methodsAt(route.path);
      const other = ['PUT', 'PATCH', 'DELETE', 'POST', 'GET'].find((method) => !own.includes(method))!;
      expect(match(other, concrete(route.path))).toEqual({
        kind: 'method-not-allowed',
        route: expect.objectContaining({ path: route.path }),
        allowed: own.includes('GET') ? [...own, 'HEAD'] : own,
      });
    },
  );

  it.each([['/'], ['/cdn/logs_uploader/configs/extra/segments'], ['/no/such/area']])('%s is no operation', (path) => {
    expect(match('GET', path).kind).toBe('none');
  });
});

// Templates this document does not have: one that starts with a parameter, a literal path that a template's
// parameter also matches, and templates that share a first segment. The first route in the document's order
// that takes the method wins; the router tries only the templates that can match, and must still find it.
describe('the router, over templates of other shapes', () => {
  const route = (operationId: string, method: string, path: string) => ({ operationId, method, path }) as RouteSpec;
  const match = createRouter([
    route('listTenantItems', 'GET', '/{tenant}/items'),
    route('getThing', 'GET', '/things/{id}'),
    route('createThingList', 'POST', '/things/list'),
    route('deleteThing', 'DELETE', '/things/{id}'),
    route('getPart', 'GET', '/parts/{part}/sides/{side}'),
  ]);

  it.each([
    ['GET', '/things/7', 'getThing', { id: '7' }],
    ['DELETE', '/things/7', 'deleteThing', { id: '7' }],
    ['POST', '/things/list', 'createThingList', {}],
    ['GET', '/things/list', 'getThing', { id: 'list' }],
    ['GET', '/things/items', 'listTenantItems', { tenant: 'things' }],
    ['GET', '/elsewhere/items', 'listTenantItems', { tenant: 'elsewhere' }],
    ['HEAD', '/parts/a%2Fb/sides/left', 'getPart', { part: 'a%2Fb', side: 'left' }],
  ])('%s %s reaches %s', (method, path, operationId, rawParams) => {
    expect(match(method, path)).toEqual({
      kind: 'operation',
      route: expect.objectContaining({ operationId }),
      rawParams,
    });
  });

  it.each([
    ['PATCH', '/things/7', ['GET', 'DELETE', 'HEAD']],
    ['PUT', '/things/list', ['GET', 'POST', 'DELETE', 'HEAD']],
    ['POST', '/elsewhere/items', ['GET', 'HEAD']],
  ])('%s %s is a 405 allowing %j', (method, path, allowed) => {
    expect(match(method, path)).toMatchObject({ kind: 'method-not-allowed', allowed });
  });

  it.each([['/things'], ['/things/7/more'], ['/parts/a/sides'], ['/']])('GET %s is no operation', (path) => {
    expect(match('GET', path).kind).toBe('none');
  });
});
