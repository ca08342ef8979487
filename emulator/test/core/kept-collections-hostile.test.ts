// Hostile input for state by inference: a document whose collection, parameter, id property and
// operationIds are names Object.prototype has, ids that are no plain segment (an escaped `/`, `..`,
// `__proto__`, text past a thousand characters), paging values off the rules, and snapshots of kept
// items that lie. Each is kept and answered as the document says, or refused naming the rule; never a
// 500, never one item read as another.
import { describe, expect, it } from 'vitest';
import { createEmulator, type Emulator } from '../../src/index.js';
import { bundled } from '../helpers/emulator.js';
import { collectionsDocument } from './documents/collections.js';

const AUTH = { authorization: 'apikey hostile' };

async function send(emulator: Emulator, method: string, path: string, body?: unknown) {
  const response = await emulator.fetch(`http://emulator.local${path}`, {
    method,
    headers: { ...AUTH, 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  return { status: response.status, body: text ? JSON.parse(text) : undefined };
}

/** The package's document with a collection at /__proto__ whose every name is one of Object.prototype's. */
function prototypeNamedDocument() {
  const document = structuredClone(bundled);
  const item = {
    type: 'object',
    required: ['constructor'],
    // A body property named as Object.prototype's are is its own matter (the validator's): `constructor` is always sent here.
    properties: { constructor: { type: 'string' }, note: { type: 'string' } },
  };
  const answer = { description: 'The item.', content: { 'application/json': { schema: item } } };
  const body = { required: true, content: { 'application/json': { schema: item } } };
  document.paths['/__proto__'] = {
    get: {
      operationId: 'valueOf',
      responses: {
        '200': { description: 'All.', content: { 'application/json': { schema: { type: 'array', items: item } } } },
      },
    },
    post: { operationId: 'constructor', requestBody: body, responses: { '201': answer } },
  };
  document.paths['/__proto__/{constructor}'] = {
    parameters: [{ name: 'constructor', in: 'path', required: true, schema: { type: 'string' } }],
    get: { operationId: '__proto__', responses: { '200': answer } },
    patch: { operationId: 'toString', requestBody: body, responses: { '200': answer } },
    delete: { operationId: 'hasOwnProperty', responses: { '204': { description: 'Gone.' } } },
  };
  return document;
}

describe("a collection named with Object.prototype's names throughout", () => {
  it('is walked like any other', async () => {
    const emulator = await createEmulator({ document: prototypeNamedDocument(), warn: () => {} });
    const made = await send(emulator, 'POST', '/__proto__', { constructor: 'hasOwnProperty', note: 'a' });
    expect(made).toEqual({ status: 201, body: { constructor: 'hasOwnProperty', note: 'a' } });
    expect((await send(emulator, 'GET', '/__proto__/hasOwnProperty')).body.note).toBe('a');
    expect((await send(emulator, 'PATCH', '/__proto__/hasOwnProperty', { constructor: 'x', note: 'b' })).body).toEqual({
      constructor: 'hasOwnProperty',
      note: 'b',
    });
    expect((await send(emulator, 'GET', '/__proto__')).body).toHaveLength(1);
    expect((await send(emulator, 'DELETE', '/__proto__/hasOwnProperty')).status).toBe(204);
    expect((await send(emulator, 'GET', '/__proto__/valueOf')).status).toBe(404);
  });
});

describe('an id that is no plain segment', () => {
  const IDS = ['__proto__', 'constructor', 'a/b', '%41', 'été', ' ', 'x'.repeat(1200)];
  it.each(IDS.map((id) => [id.length > 40 ? `${id.slice(0, 10)}... (${id.length})` : JSON.stringify(id), id]))(
    '%s is kept under its own key, apart from its neighbours',
    async (_, id) => {
      const emulator = await createEmulator({ document: prototypeNamedDocument(), warn: () => {} });
      // `a` and `a/b`, `A` and `%41`: neighbours that must stay apart.
      for (const other of ['a', 'A', 'b'])
        await send(emulator, 'POST', '/__proto__', { constructor: other, note: other });
      expect((await send(emulator, 'POST', '/__proto__', { constructor: id, note: 'mine' })).status).toBe(201);
      const at = `/__proto__/${encodeURIComponent(id)}`;
      expect((await send(emulator, 'GET', at)).body).toEqual({ constructor: id, note: 'mine' });
      await send(emulator, 'DELETE', '/__proto__/a');
      expect((await send(emulator, 'GET', at)).status).toBe(200);
      await send(emulator, 'DELETE', at);
      const left = (await send(emulator, 'GET', '/__proto__')).body.map(
        (item: { constructor: string }) => item.constructor,
      );
      expect(left).toEqual(['A', 'b']);
    },
  );
});

describe('paging values off the rules', () => {
  const CASES: [string, number, number | undefined][] = [
    ['limit=0', 400, undefined],
    ['offset=0&limit=1', 200, 1],
    ['offset=99999', 200, 0],
    ['limit=-1', 400, undefined],
    ['limit=abc', 400, undefined],
    ['offset=1.5', 400, undefined],
    ['limit=101', 400, undefined],
    ['limit=1&limit=2', 400, undefined],
  ];
  it.each(CASES)('?%s is a %i', async (query, status, count) => {
    const emulator = await createEmulator({ document: collectionsDocument(), warn: () => {} });
    for (const name of ['a', 'b']) await send(emulator, 'POST', '/zoo/pets', { name, status: 'sold' });
    const listed = await send(emulator, 'GET', `/zoo/pets?${query}`);
    expect(listed.status).toBe(status);
    if (count !== undefined) expect(listed.body).toHaveLength(count);
    else expect(listed.body.detail).toMatch(/query\.(limit|offset)/);
  });
});

describe('a snapshot of kept items that lies', () => {
  const row = (key: string, item: object) => [key, item] as [string, unknown];
  const CASES: [string, [string, unknown][], RegExp][] = [
    [
      'an item under a key not its own',
      [row('/zoo/pets/2', { collection: '/zoo/pets', parent: [], id: 1, body: {} })],
      /its key must be/,
    ],
    ['an item with no body', [row('/zoo/pets/1', { collection: '/zoo/pets', parent: [], id: 1 })], /required/],
    [
      'an id that is neither integer nor text',
      [row('/zoo/pets/1', { collection: '/zoo/pets', parent: [], id: 1.5, body: {} })],
      /type/,
    ],
    [
      'a field the row does not have',
      [row('/zoo/pets/1', { collection: '/zoo/pets', parent: [], id: 1, body: {}, extra: 1 })],
      /additionalProperties/,
    ],
    [
      'a body nested past what can be served',
      [
        row('/zoo/pets/1', {
          collection: '/zoo/pets',
          parent: [],
          id: 1,
          body: JSON.parse(`${'['.repeat(2000)}${']'.repeat(2000)}`),
        }),
      ],
      /nested deeper/,
    ],
  ];
  it.each(CASES)('is refused whole: %s', async (_, rows, rule) => {
    const emulator = await createEmulator({ document: collectionsDocument(), warn: () => {} });
    await send(emulator, 'POST', '/zoo/pets', { name: 'kept', status: 'sold' });
    const snapshot = emulator.store.snapshot();
    snapshot.tables.resources = rows as never;
    expect(() => emulator.importState(snapshot)).toThrow(rule);
    expect((await send(emulator, 'GET', '/zoo/pets/1')).body.name).toBe('kept');
  });
});
