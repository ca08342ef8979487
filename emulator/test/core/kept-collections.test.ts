// State by inference on a document the emulator has no behaviour for: each REST-shaped collection of
// test/core/documents/collections.ts walked through create, read, list, update and delete, then the 404,
// with each kind of id (integer, uuid, a string from the body, one from the path of a creating PUT) and
// a collection under another; the items kept like any state (reset, snapshots, a state file); and what
// is no collection answered from the document.
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { createEmulator, type Emulator, type EmulatorOptions } from '../../src/index.js';
import { createSqliteStore } from '../../src/server.js';
import { collectionsDocument } from './documents/collections.js';

const AUTH = { authorization: 'apikey kept' };
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const document = collectionsDocument();

const emulatorOf = (options: EmulatorOptions = {}): Promise<Emulator> =>
  createEmulator({ document, warn: () => {}, ...options });

// biome-ignore lint/suspicious/noExplicitAny: an answer is JSON of whatever shape its operation declares
type Json = any;

interface Answer {
  status: number;
  type: string | null;
  body: Json;
}

async function call(emulator: Emulator, method: string, path: string, body?: unknown): Promise<Answer> {
  const response = await emulator.fetch(`http://emulator.local${path}`, {
    method,
    headers: { ...AUTH, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  const type = response.headers.get('content-type');
  return { status: response.status, type, body: text && type?.includes('json') ? JSON.parse(text) : text };
}

/** One collection's walk: what to send at each step, and what to expect back. */
interface Walk {
  name: string;
  /** Makes an item; gives its path and the item as answered. */
  create(emulator: Emulator): Promise<{ path: string; item: Json }>;
  /** The item as a read answers it, from the item as the create answered it. */
  read(item: Json): unknown;
  list: { path: string; items(body: Json): unknown[] };
  update: { method: 'PUT' | 'PATCH'; body: unknown; expected(item: Json): unknown };
  deleted: number;
}

const created = async (emulator: Emulator, method: string, at: string, body: unknown, status: number) => {
  const answer = await call(emulator, method, at, body);
  expect(answer.status, JSON.stringify(answer.body)).toBe(status);
  return answer.body;
};

const WALKS: Walk[] = [
  {
    name: 'pets: an integer id, made in turn',
    async create(emulator) {
      const item = await created(emulator, 'POST', '/zoo/pets', { name: 'Ann', status: 'available' }, 201);
      expect(item).toEqual({ id: 1, name: 'Ann', status: 'available' });
      return { path: `/zoo/pets/${item.id}`, item };
    },
    read: (item) => item,
    list: { path: '/zoo/pets', items: (body) => body },
    update: { method: 'PATCH', body: { tag: 'old' }, expected: (item) => ({ ...item, tag: 'old' }) },
    deleted: 204,
  },
  {
    name: 'bookings: a uuid id, a readOnly required field filled, read and listed in a wrapper',
    async create(emulator) {
      const item = await created(emulator, 'POST', '/trips/bookings', { passenger: 'Ann' }, 201);
      expect(item.id).toMatch(UUID);
      expect(item).toEqual({ id: item.id, passenger: 'Ann', created_at: expect.any(String) });
      return { path: `/trips/bookings/${item.id}`, item };
    },
    read: (item) => ({ data: item }),
    list: { path: '/trips/bookings', items: (body) => body.data },
    update: { method: 'PATCH', body: undefined, expected: () => undefined },
    deleted: 204,
  },
  {
    name: 'users: a string id, sent in the body',
    async create(emulator) {
      const item = await created(emulator, 'POST', '/accounts/users', { username: 'ann', email: 'a@example.com' }, 200);
      expect(item).toEqual({ username: 'ann', email: 'a@example.com' });
      return { path: '/accounts/users/ann', item };
    },
    read: (item) => item,
    list: { path: '', items: () => [] },
    update: {
      method: 'PUT',
      body: { username: 'ann', email: 'b@example.com' },
      expected: () => ({ username: 'ann', email: 'b@example.com' }),
    },
    deleted: 200,
  },
  {
    name: 'keys: created by a PUT, the id from the path',
    async create(emulator) {
      const item = await created(emulator, 'PUT', '/vault/keys/alpha', { value: 'one' }, 200);
      expect(item).toEqual({ name: 'alpha', value: 'one' });
      return { path: '/vault/keys/alpha', item };
    },
    read: (item) => item,
    list: { path: '/vault/keys', items: (body) => body },
    update: { method: 'PUT', body: { value: 'two' }, expected: (item) => ({ ...item, value: 'two' }) },
    deleted: 204,
  },
  {
    name: 'toys: a collection under a pet',
    async create(emulator) {
      await created(emulator, 'POST', '/zoo/pets', { name: 'Ann', status: 'available' }, 201);
      const item = await created(emulator, 'POST', '/zoo/pets/1/toys', { label: 'ball' }, 201);
      expect(item).toEqual({ id: 1, label: 'ball' });
      return { path: '/zoo/pets/1/toys/1', item };
    },
    read: (item) => item,
    list: { path: '/zoo/pets/1/toys', items: (body) => body },
    update: { method: 'PATCH', body: undefined, expected: () => undefined },
    deleted: 0,
  },
];

describe.each(WALKS)('the walk of $name', (walk) => {
  it('creates, reads, lists, updates and deletes, then answers 404', async () => {
    const emulator = await emulatorOf();
    const { path: at, item } = await walk.create(emulator);
    expect(await call(emulator, 'GET', at)).toMatchObject({ status: 200, body: walk.read(item) });
    if (walk.list.path) {
      const listed = await call(emulator, 'GET', walk.list.path);
      expect(walk.list.items(listed.body)).toEqual([item]);
    }
    if (walk.update.body !== undefined) {
      const updated = await call(emulator, walk.update.method, at, walk.update.body);
      expect(updated).toMatchObject({ status: 200, body: walk.update.expected(item) });
      expect((await call(emulator, 'GET', at)).body).toEqual(walk.read(walk.update.expected(item)));
    }
    if (walk.deleted) {
      expect((await call(emulator, 'DELETE', at)).status).toBe(walk.deleted);
      expect((await call(emulator, 'GET', at)).status).toBe(404);
      expect((await call(emulator, 'DELETE', at)).status).toBe(404);
      if (walk.list.path) expect(walk.list.items((await call(emulator, 'GET', walk.list.path)).body)).toEqual([]);
    }
  });
});

describe('a kept collection', () => {
  it('takes a create without the readOnly id its schema requires of answers, and still refuses one without a name', async () => {
    const emulator = await emulatorOf();
    expect((await call(emulator, 'POST', '/zoo/pets', { name: 'Ann', status: 'sold' })).status).toBe(201);
    const refused = await call(emulator, 'POST', '/zoo/pets', { status: 'sold' });
    expect(refused.status).toBe(400);
    expect(refused.body.detail).toMatch(/body\.name: .*\(required\)/);
    expect(refused.body.detail).not.toMatch(/body\.id/);
  });

  it("takes it so too where the request body, its schema written in, is the components' one named `default`", async () => {
    const named = structuredClone(document);
    const post = named.paths['/zoo/pets']!.post!;
    const pet = named.components!.schemas!.Pet;
    named.components!.requestBodies = { default: { required: true, content: { 'application/json': { schema: pet } } } };
    post.requestBody = { $ref: '#/components/requestBodies/default' };
    const emulator = await createEmulator({ document: named, warn: () => {} });
    expect((await call(emulator, 'POST', '/zoo/pets', { name: 'Ann', status: 'sold' })).status).toBe(201);
    expect((await call(emulator, 'POST', '/zoo/pets', { status: 'sold' })).status).toBe(400);
  });

  it('never hands out an integer id twice, even once its item is gone', async () => {
    const emulator = await emulatorOf();
    for (const name of ['a', 'b']) await call(emulator, 'POST', '/zoo/pets', { name, status: 'sold' });
    await call(emulator, 'DELETE', '/zoo/pets/2');
    expect((await call(emulator, 'POST', '/zoo/pets', { name: 'c', status: 'sold' })).body.id).toBe(3);
  });

  it('replaces with a PUT, keeping the id of the path whatever the body says', async () => {
    const emulator = await emulatorOf();
    await call(emulator, 'POST', '/zoo/pets', { name: 'Ann', status: 'available', tag: 'x' });
    const replaced = await call(emulator, 'PUT', '/zoo/pets/1', { id: 9, name: 'Bo', status: 'sold' });
    expect(replaced.body).toEqual({ id: 1, name: 'Bo', status: 'sold' });
    expect((await call(emulator, 'GET', '/zoo/pets/9')).status).toBe(404);
  });

  it("pages with the document's own parameters: offset and limit, page and per_page (its default)", async () => {
    const emulator = await emulatorOf();
    for (const name of ['a', 'b', 'c']) await call(emulator, 'POST', '/zoo/pets', { name, status: 'sold' });
    for (const name of ['k1', 'k2', 'k3']) await call(emulator, 'PUT', `/vault/keys/${name}`, { value: name });
    const ids = async (at: string, key: string) => (await call(emulator, 'GET', at)).body.map((x: Json) => x[key]);
    expect(await ids('/zoo/pets?limit=1&offset=1', 'id')).toEqual([2]);
    expect(await ids('/zoo/pets?offset=2', 'id')).toEqual([3]);
    expect(await ids('/vault/keys', 'name')).toEqual(['k1', 'k2']);
    expect(await ids('/vault/keys?page=2', 'name')).toEqual(['k3']);
    expect(await ids('/vault/keys?page=2&per_page=1', 'name')).toEqual(['k2']);
  });

  it('counts the whole list where its answer has a total', async () => {
    const emulator = await emulatorOf();
    for (const passenger of ['a', 'b']) await call(emulator, 'POST', '/trips/bookings', { passenger });
    const listed = await call(emulator, 'GET', '/trips/bookings');
    expect(listed.body.total).toBe(2);
    expect(listed.body.data.map((b: Json) => b.passenger).sort()).toEqual(['a', 'b']);
  });

  it('keeps a sub-collection to its parent: none under a pet that is not there, and its items go with it', async () => {
    const emulator = await emulatorOf();
    await call(emulator, 'POST', '/zoo/pets', { name: 'a', status: 'sold' });
    await call(emulator, 'POST', '/zoo/pets', { name: 'b', status: 'sold' });
    await call(emulator, 'POST', '/zoo/pets/1/toys', { label: 'ball' });
    expect((await call(emulator, 'GET', '/zoo/pets/2/toys')).body).toEqual([]);
    expect((await call(emulator, 'GET', '/zoo/pets/2/toys/1')).status).toBe(404);
    expect((await call(emulator, 'POST', '/zoo/pets/7/toys', { label: 'x' })).status).toBe(404);
    expect((await call(emulator, 'GET', '/zoo/pets/7/toys')).status).toBe(404);
    await call(emulator, 'DELETE', '/zoo/pets/1');
    expect(emulator.store.snapshot().tables.resources.map(([key]) => key)).toEqual(['/zoo/pets/2']);
  });
});

describe('the kept items, as state', () => {
  it('are emptied by a reset', async () => {
    const emulator = await emulatorOf();
    await call(emulator, 'POST', '/zoo/pets', { name: 'a', status: 'sold' });
    emulator.reset();
    expect((await call(emulator, 'GET', '/zoo/pets/1')).status).toBe(404);
    expect((await call(emulator, 'POST', '/zoo/pets', { name: 'b', status: 'sold' })).body.id).toBe(1);
  });

  it('go through a snapshot into another emulator, its counter raised past their ids', async () => {
    const first = await emulatorOf();
    await call(first, 'POST', '/zoo/pets', { name: 'a', status: 'sold' });
    await call(first, 'POST', '/zoo/pets', { name: 'b', status: 'sold' });
    const snapshot = JSON.parse(JSON.stringify(first.store.snapshot()));
    snapshot.tables.counters = snapshot.tables.counters.filter(([name]: [string]) => !name.startsWith('next id of'));
    const second = await emulatorOf();
    second.importState(snapshot);
    expect((await call(second, 'GET', '/zoo/pets/2')).body).toEqual({ id: 2, name: 'b', status: 'sold' });
    expect((await call(second, 'POST', '/zoo/pets', { name: 'c', status: 'sold' })).body.id).toBe(3);
  });

  it('refuses a snapshot whose row is under another key than its own', async () => {
    const emulator = await emulatorOf();
    const snapshot = emulator.store.snapshot();
    snapshot.tables.resources = [['/zoo/pets/5', { collection: '/zoo/pets', parent: [], id: 1, body: {} }]];
    expect(() => emulator.importState(snapshot)).toThrow(
      /table resources, row "\/zoo\/pets\/5": its key must be "\/zoo\/pets\/1"/,
    );
  });

  it('are kept in a state file, and found there after a restart', async () => {
    const file = path.join(mkdtempSync(path.join(os.tmpdir(), 'kept-')), 'state.db');
    const first = await emulatorOf({ store: createSqliteStore(file) });
    await call(first, 'PUT', '/vault/keys/alpha', { value: 'one' });
    await first.close();
    const second = await emulatorOf({ store: createSqliteStore(file) });
    expect((await call(second, 'GET', '/vault/keys/alpha')).body).toEqual({ name: 'alpha', value: 'one' });
    await second.close();
  });
});

describe('what is no collection', () => {
  it('answers a sample of its schema where the document has no example, the same each time', async () => {
    const emulator = await emulatorOf();
    const first = await call(emulator, 'GET', '/zoo/stats');
    expect(first).toMatchObject({
      status: 200,
      type: 'application/hal+json',
      body: { visitors: expect.any(Number), since: expect.any(String) },
    });
    expect(first.body.visitors).toBeGreaterThanOrEqual(5);
    expect((await call(emulator, 'GET', '/zoo/stats')).body).toEqual(first.body);
  });

  it('answers text in the media type it declares, never an empty success', async () => {
    const emulator = await emulatorOf();
    expect(await call(emulator, 'GET', '/zoo/health')).toEqual({ status: 200, type: 'text/plain', body: 'ok' });
  });

  it('answers a kept item in the JSON media type its operation declares', async () => {
    const own = collectionsDocument();
    const created = own.paths['/zoo/pets']!.post!.responses['201'].content;
    created['application/vnd.zoo+json'] = created['application/json'];
    delete created['application/json'];
    const emulator = await createEmulator({ document: own, warn: () => {} });
    const made = await call(emulator, 'POST', '/zoo/pets', { name: 'Ann', status: 'sold' });
    expect(made).toMatchObject({ status: 201, type: 'application/vnd.zoo+json', body: { id: 1, name: 'Ann' } });
  });

  it('is named apart from the kept collections in the warning at start', async () => {
    const lines: string[] = [];
    await createEmulator({ document, warn: (line) => lines.push(line) });
    expect(lines).toHaveLength(2);
    expect(lines[0]).toMatch(
      /^cloud-platform-emulator: no behaviour for listPets, createPet, .*: state kept by inference/,
    );
    expect(lines[1]).toBe(
      "cloud-platform-emulator: no behaviour for getZooStats, getZooHealth: answered statelessly with the document's example\n",
    );
  });
});
