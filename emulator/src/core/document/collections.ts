// The document's REST-shaped collections, read off its paths: `/things` with a `POST` (or a `PUT` on
// `/things/{id}`) and a `GET` list or an item path is a collection whose items the emulator can keep;
// `/things/{id}/parts` is one scoped to its parent. Each operation of one gets its role (create, list,
// read, replace, merge, remove) and the id rule: which property holds the id, and its kind (integer,
// uuid, string), from the answer's schema, else the item path's parameter.
import {
  pathParameterNames,
  resolveRef,
  responseFor,
  schemaProperties,
  type JsonObject,
  type OpenApiDocument,
  type RouteSpec,
} from 'cloud-platform-api/toolbox';

export type Role = 'create' | 'list' | 'read' | 'replace' | 'merge' | 'remove';

/** How a collection's ids are made: the property that holds one, and its kind. */
export interface IdRule {
  /** The item's property holding the id, where its schema has one. */
  property: string | undefined;
  kind: 'integer' | 'uuid' | 'string';
}

export interface Collection {
  /** The collection's path template: `/things/{thing_id}/parts`. */
  path: string;
  /** The item path's parameter, where the document has an item path (`/things/{thing_id}/parts/{part_id}`). */
  itemParam: string | undefined;
  /** The collection path's own parameters, in order: the parent's ids. */
  parentParams: string[];
  /** The collection whose item this one is under, where that one is kept too. */
  parent: Collection | undefined;
  id: IdRule;
  /** A `PUT` on an unknown item creates it (no `POST` on the collection, or the `PUT` declares a 201). */
  putCreates: boolean;
  /** A create with an id that is taken answers 409 (the create declares one), instead of replacing it. */
  conflicts: boolean;
}

export interface CollectionOperation {
  role: Role;
  collection: Collection;
}

const ITEM_METHODS: Record<string, Role> = { GET: 'read', PUT: 'replace', PATCH: 'merge', DELETE: 'remove' };

/** `/things/{id}` as its collection and parameter, or undefined for a path that does not end in one. */
function itemOf(path: string): { collection: string; param: string } | undefined {
  const match = /^(.*[^}/])\/\{([^}]+)\}$/.exec(path);
  return match ? { collection: match[1]!, param: match[2]! } : undefined;
}

/** The first JSON type a schema names (`['integer', 'null']` is integer). */
const typeOf = (schema: JsonObject): string | undefined =>
  (Array.isArray(schema.type) ? schema.type : [schema.type]).find(
    (type) => typeof type === 'string' && type !== 'null',
  );

function kindOf(schema: JsonObject): IdRule['kind'] {
  const type = typeOf(schema);
  if (type === 'integer' || type === 'number') return 'integer';
  return schema.format === 'uuid' ? 'uuid' : 'string';
}

/** The success answer's JSON schema of a route, resolved, or undefined. */
export function answerSchema(document: OpenApiDocument, route: RouteSpec): JsonObject | undefined {
  const pointer = responseFor(document, route, route.status)?.jsonSchema;
  return pointer === undefined ? undefined : resolveRef(document, { $ref: pointer });
}

/**
 * The id rule: the first of the item parameter's name, `id` and `uuid` that the item's schema (a create's
 * or a read's answer, else the create's body) has, its kind from that property; else the parameter's kind.
 */
function idRule(
  document: OpenApiDocument,
  param: string | undefined,
  sources: (RouteSpec | undefined)[],
  paramRoute: RouteSpec | undefined,
): IdRule {
  const candidates = [param, 'id', 'uuid'].filter((name): name is string => name !== undefined);
  for (const route of sources) {
    if (!route) continue;
    const schemas = [answerSchema(document, route), route.body && resolveRef(document, { $ref: route.body.schema })];
    for (const schema of schemas) {
      if (!schema) continue;
      const properties = schemaProperties(document, schema);
      const property = candidates.find((name) => Object.hasOwn(properties, name));
      if (property) return { property, kind: kindOf(resolveRef(document, properties[property]!)) };
    }
  }
  const declared = paramRoute?.parameters.find((p) => p.in === 'path' && p.name === param);
  const schema = declared ? (resolveRef(document, { $ref: declared.schema }) as JsonObject | undefined) : undefined;
  return { property: undefined, kind: schema ? kindOf(schema) : 'integer' };
}

/** The routes of each path, by method. */
function byPath(routes: readonly RouteSpec[]): Map<string, Map<string, RouteSpec>> {
  const paths = new Map<string, Map<string, RouteSpec>>();
  for (const route of routes) {
    if (!paths.has(route.path)) paths.set(route.path, new Map());
    paths.get(route.path)!.set(route.method, route);
  }
  return paths;
}

/** Where an item path's collection is known: the collection path and its item parameter. */
function itemParams(paths: Map<string, Map<string, RouteSpec>>): Map<string, string> {
  const items = new Map<string, string>();
  for (const path of paths.keys()) {
    const item = itemOf(path);
    if (item) items.set(item.collection, item.param);
  }
  return items;
}

/**
 * The roles of the operations of the document's REST-shaped collections, by operationId. Only routes
 * in `eligible` get one (the others have behaviour of their own). A collection is one where items can
 * be made: a `POST` on it beside a list or an item path, or a `PUT` on its item path.
 */
export function findCollections(
  document: OpenApiDocument,
  routes: readonly RouteSpec[],
  eligible: (route: RouteSpec) => boolean,
): Map<string, CollectionOperation> {
  const paths = byPath(routes.filter(eligible));
  const items = itemParams(paths);
  const roles = new Map<string, CollectionOperation>();
  const made = new Map<string, Collection>();
  // Shorter paths first: a parent is made before the collections under it.
  const candidates = [...new Set([...paths.keys(), ...items.keys()])].sort((a, b) => a.length - b.length);
  for (const path of candidates) {
    if (itemOf(path) || path.endsWith('}')) continue;
    const own = paths.get(path) ?? new Map<string, RouteSpec>();
    const param = items.get(path);
    const item = param === undefined ? new Map<string, RouteSpec>() : (paths.get(`${path}/{${param}}`) ?? new Map());
    const post = own.get('POST');
    const put = item.get('PUT');
    const makes = (post && (own.has('GET') || param !== undefined)) || put;
    if (!makes) continue;
    const parentItem = itemOf(path.slice(0, path.lastIndexOf('/')));
    const collection: Collection = {
      path,
      itemParam: param,
      parentParams: pathParameterNames(path),
      parent: parentItem ? made.get(parentItem.collection) : undefined,
      id: idRule(document, param, [post, item.get('GET'), put], item.get('GET') ?? put ?? item.get('DELETE')),
      putCreates: put !== undefined && (!post || Object.hasOwn(put.operation.responses ?? {}, '201')),
      conflicts: post !== undefined && Object.hasOwn(post.operation.responses ?? {}, '409'),
    };
    made.set(path, collection);
    if (post) roles.set(post.operationId, { role: 'create', collection });
    const list = own.get('GET');
    if (list) roles.set(list.operationId, { role: 'list', collection });
    for (const [method, route] of item) {
      const role = ITEM_METHODS[method];
      if (role) roles.set(route.operationId, { role, collection });
    }
  }
  return roles;
}
