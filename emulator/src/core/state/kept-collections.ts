// State by inference: the items of the document's REST-shaped collections (document/collections.ts),
// kept in the store's `resources` table like any area's rows, so reset, snapshots and a state file hold
// them. A create makes an item (its id from the body, the path, or made: integer, uuid or string), a
// read finds it or answers the document's 404, a PUT replaces it (or creates it where the document says
// so), a PATCH merges into it, a DELETE removes it and what is under it, and a list pages through its
// collection with the document's own paging parameters.
import { schemaProperties, type OpenApiDocument, type RouteSpec } from 'cloud-platform-api/toolbox';
import type { Store } from '../../store/store.js';
import { HttpProblem } from '../common/http-problem.js';
import {
  answerSchema,
  findCollections,
  type Collection,
  type CollectionOperation,
  type Role,
} from '../document/collections.js';
import {
  atPlace,
  itemPlace,
  listPlace,
  readOnlyFields,
  serverFields,
  withAtPlace,
  type ListPlace,
  type Place,
} from '../document/answer-shape.js';
import { pageOf, pagingOf, type Paging } from '../document/paging.js';
import type { DocumentAnswer } from '../document/stateless-handlers.js';
import type { CallContext, Handler } from '../operation-handler.js';
import { type CoreTables, table, type TableSpecs } from './state.js';

/** An item of a collection as the store keeps it. */
export interface KeptItem {
  /** The collection's path template. */
  collection: string;
  /** The values of the collection path's parameters: its parent's ids. */
  parent: string[];
  id: number | string;
  /** The item as it is answered. */
  body: unknown;
}

export type KeptTables = { resources: KeptItem };

/** Where an item is: its collection's path, filled, and its id, each escaped (`/things/7/parts/3`). */
export function itemKey({ collection, parent, id }: Pick<KeptItem, 'collection' | 'parent' | 'id'>): string {
  let at = 0;
  const filled = collection.replace(/\{[^}]+\}/g, () => encodeURIComponent(parent[at++] ?? ''));
  return `${filled}/${encodeURIComponent(String(id))}`;
}

export const KEPT_TABLES: TableSpecs<KeptTables> = {
  resources: table<KeptItem>({
    row: {
      type: 'object',
      required: ['collection', 'parent', 'id', 'body'],
      additionalProperties: false,
      properties: {
        collection: { type: 'string' },
        parent: { type: 'array', items: { type: 'string' } },
        id: { type: ['integer', 'string'] },
        body: {},
      },
    },
    keyOf: itemKey,
  }),
};

type KeptStore = Store<KeptTables & CoreTables>;

const counterName = (collection: Collection) => `next id of ${collection.path}`;

/** A path parameter's or a body's id, as the collection's kind has it. */
function idValue(collection: Collection, raw: unknown): number | string {
  if (collection.id.kind !== 'integer') return String(raw);
  const number = Number(raw);
  return Number.isSafeInteger(number) ? number : String(raw);
}

const isObject = (value: unknown): value is Record<string, unknown> =>
  value !== null && typeof value === 'object' && !Array.isArray(value);

/** `value`'s own properties of these names (defined, never assigned: a field `__proto__` is a field). */
function picked(value: unknown, names: Iterable<string>): Record<string, unknown> {
  if (!isObject(value)) return {};
  return Object.fromEntries([...names].filter((name) => Object.hasOwn(value, name)).map((name) => [name, value[name]]));
}

const byId = (a: KeptItem, b: KeptItem) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);

/** What a collection's operation needs of its route's answer, read from the document on its first call. */
interface RouteShape {
  role: Role;
  collection: Collection;
  /** What the document answers for the route (example or sample): the fields the client does not send. */
  answer(): unknown;
  /** Where the item sits in the answer; undefined where the answer holds none. */
  item: Place | undefined;
  /** Where the list sits in the answer; undefined where the answer holds none. */
  list: ListPlace | undefined;
  /** The item's fields the server fills (required or readOnly), and those only the server sets (readOnly). */
  serverFields: Set<string>;
  readOnly: string[];
  paging: Paging;
}

function shapeOf(
  document: OpenApiDocument,
  route: RouteSpec,
  { role, collection }: CollectionOperation,
  answer: DocumentAnswer,
): RouteShape {
  const schema = answerSchema(document, route);
  const item = schema && itemPlace(document, schema, collection.id.property);
  const itemSchema = schema && item && (item.at === undefined ? schema : schemaProperties(document, schema)[item.at]);
  return {
    role,
    collection,
    answer: () => answer(route),
    item,
    list: schema && listPlace(document, schema),
    serverFields: itemSchema ? serverFields(document, itemSchema) : new Set(),
    readOnly: itemSchema ? readOnlyFields(document, itemSchema) : [],
    paging: pagingOf(document, route),
  };
}

/** The items of the kept collections, in the store, and what each role does with them. */
class KeptCollections {
  private readonly items: KeptStore['tables']['resources'];
  constructor(private readonly store: KeptStore) {
    this.items = store.tables.resources;
  }

  handle(shape: RouteShape, context: CallContext): unknown {
    switch (shape.role) {
      case 'create':
        return this.store.transaction(() => this.create(shape, context));
      case 'read':
        return this.answerWith(shape, this.found(shape.collection, context).body);
      case 'replace':
        return this.store.transaction(() => this.replace(shape, context));
      case 'merge':
        return this.store.transaction(() => this.merge(shape, context));
      case 'remove':
        return this.store.transaction(() => this.remove(shape, context));
      case 'list':
        return this.list(shape, context);
    }
  }

  private create(shape: RouteShape, { params, body }: CallContext): unknown {
    const { collection } = shape;
    const parent = parentOf(collection, params);
    this.checkParent(collection, parent);
    const property = collection.id.property;
    const given = property && isObject(body) ? body[property] : undefined;
    const id = given === undefined || given === '' ? this.nextId(collection, parent) : idValue(collection, given);
    const key = itemKey({ collection: collection.path, parent, id });
    if (collection.conflicts && this.items.get(key) !== undefined) throw new HttpProblem(409, `${key} already exists`);
    return this.answerWith(shape, this.put(collection, parent, id, composed(shape, body, id)));
  }

  private replace(shape: RouteShape, context: CallContext): unknown {
    const { collection } = shape;
    const parent = parentOf(collection, context.params);
    const id = idValue(collection, context.params[collection.itemParam!]);
    const old = this.items.get(itemKey({ collection: collection.path, parent, id }));
    if (old === undefined && !collection.putCreates) this.found(collection, context);
    if (old === undefined) this.checkParent(collection, parent);
    const kept = old ? picked(old.body, shape.readOnly) : {};
    return this.answerWith(shape, this.put(collection, parent, id, composed(shape, context.body, id, kept)));
  }

  private merge(shape: RouteShape, context: CallContext): unknown {
    const { collection } = shape;
    const old = this.found(collection, context);
    const body = {
      ...(isObject(old.body) ? old.body : {}),
      ...(isObject(context.body) ? context.body : {}),
      [collection.id.property ?? 'id']: old.id,
    };
    return this.answerWith(shape, this.put(collection, old.parent, old.id, body));
  }

  private remove(shape: RouteShape, context: CallContext): unknown {
    const old = this.found(shape.collection, context);
    const key = itemKey(old);
    this.items.delete(key);
    // What is under it goes with it: `/things/7/parts/3` with `/things/7`.
    for (const [under] of this.items.entries()) if (under.startsWith(`${key}/`)) this.items.delete(under);
    return this.answerWith(shape, old.body);
  }

  private list(shape: RouteShape, { params, query }: CallContext): unknown {
    const { collection, list } = shape;
    const parent = parentOf(collection, params);
    this.checkParent(collection, parent);
    if (!list) return shape.answer();
    const scope = parent.join('/');
    const all = this.items
      .entries()
      .map(([, item]) => item)
      .filter((item) => item.collection === collection.path && item.parent.join('/') === scope)
      .sort(byId)
      .map((item) => item.body);
    const answer = withAtPlace(shape.answer(), list, pageOf(shape.paging, query, all));
    if (list.totals.length === 0) return answer;
    return { ...(answer as object), ...Object.fromEntries(list.totals.map((name) => [name, all.length])) };
  }

  /** The route's answer for an item: the item where its answer holds one, else the document's answer. */
  private answerWith(shape: RouteShape, body: unknown): unknown {
    return shape.item ? withAtPlace(shape.answer(), shape.item, body) : shape.answer();
  }

  private put(collection: Collection, parent: string[], id: number | string, body: unknown): unknown {
    const item: KeptItem = { collection: collection.path, parent, id, body };
    this.items.put(itemKey(item), item);
    return body;
  }

  private found(collection: Collection, context: CallContext): KeptItem {
    const parent = parentOf(collection, context.params);
    const id = idValue(collection, context.params[collection.itemParam!]);
    const key = itemKey({ collection: collection.path, parent, id });
    const item = this.items.get(key);
    if (item === undefined) throw new HttpProblem(404, `${key} not found`);
    return item;
  }

  /** 404 unless the item the collection is under exists (where its collection is kept too). */
  private checkParent(collection: Collection, parent: string[]): void {
    const above = collection.parent;
    if (!above) return;
    const id = idValue(above, parent[parent.length - 1]);
    const key = itemKey({ collection: above.path, parent: parent.slice(0, above.parentParams.length), id });
    if (this.items.get(key) === undefined) throw new HttpProblem(404, `${key} not found`);
  }

  /** A new id: a uuid, or the collection's next whole number not taken under this parent. */
  private nextId(collection: Collection, parent: string[]): number | string {
    if (collection.id.kind === 'uuid') return globalThis.crypto.randomUUID();
    const counters = this.store.tables.counters;
    let id = counters.get(counterName(collection)) ?? 1;
    while (this.items.get(itemKey({ collection: collection.path, parent, id: idValue(collection, id) })) !== undefined)
      id++;
    counters.put(counterName(collection), id + 1);
    return idValue(collection, id);
  }
}

const parentOf = (collection: Collection, params: CallContext['params']) =>
  collection.parentParams.map((name) => String(params[name]));

/** The item as it is kept: the server's fields from the document's answer, those kept, what was sent, then the id. */
function composed(shape: RouteShape, sent: unknown, id: number | string, kept: Record<string, unknown> = {}) {
  const base = shape.item ? picked(atPlace(shape.answer(), shape.item), shape.serverFields) : {};
  const property = shape.collection.id.property ?? 'id';
  return structuredClone({ ...base, ...kept, ...(isObject(sent) ? sent : {}), [property]: id });
}

/**
 * The handlers of the document's kept collections, for the routes `eligible` lets through (those with no
 * behaviour of their own), by operationId; each reads its route's shape on its first call.
 */
export function keptCollectionHandlers(
  document: OpenApiDocument,
  routes: readonly RouteSpec[],
  eligible: (route: RouteSpec) => boolean,
  store: KeptStore,
  answer: DocumentAnswer,
): Record<string, Handler> {
  const operations = findCollections(document, routes, eligible);
  const kept = new KeptCollections(store);
  const handlers: Record<string, Handler> = Object.create(null);
  for (const route of routes) {
    const operation = operations.get(route.operationId);
    if (!operation) continue;
    let shape: RouteShape | undefined;
    handlers[route.operationId] = (context) => {
      shape ??= shapeOf(document, route, operation, answer);
      return kept.handle(shape, context);
    };
  }
  return handlers;
}
