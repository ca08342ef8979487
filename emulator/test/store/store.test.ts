// The store's contract, for both implementations: a transaction keeps all of its writes or none,
// any string is a key, and a snapshot carries every row; the SQLite store keeps them across a reopen.
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import Database from 'better-sqlite3';
import { TABLE_MIGRATIONS, TABLE_NAMES, type EmulatorTables } from '../../src/operations/index.js';
import { createSqliteStore, type Store } from '../../src/server.js';
import { openSqliteStore, sqlName } from '../../src/store/sqlite.js';
import { createMemoryStore } from '../../src/store/store.js';

const freshFile = () => path.join(mkdtempSync(path.join(os.tmpdir(), 'emulator-store-')), 'state.db');
const stores: [string, () => Store][] = [
  ['in memory', () => createMemoryStore<EmulatorTables>(TABLE_NAMES)],
  ['SQLite', () => createSqliteStore(freshFile())],
];

describe.each(stores)('the %s store', (_name, open) => {
  it('keeps every write of a transaction that returns', () => {
    const store = open();
    store.transaction(() => {
      store.tables.apps.put('1', true);
      store.tables.counters.put('nextConfigId', 7);
    });
    expect([store.tables.apps.get('1'), store.tables.counters.get('nextConfigId')]).toEqual([true, 7]);
    store.close();
  });

  it('keeps no write of a transaction that throws, including overwrites and deletes', () => {
    const store = open();
    store.transaction(() => {
      store.tables.apps.put('1', true);
      store.tables.counters.put('nextConfigId', 1);
    });
    expect(() =>
      store.transaction(() => {
        store.tables.apps.delete('1');
        store.tables.apps.put('2', true);
        store.tables.counters.put('nextConfigId', 2);
        throw new Error('a handler refuses');
      }),
    ).toThrow('a handler refuses');
    expect([store.tables.apps.entries(), store.tables.counters.get('nextConfigId')]).toEqual([[['1', true]], 1]);
    store.close();
  });

  it.each(['__proto__', 'constructor', 'toString', '', '["a",1]', '\u00e9'])('takes %j as a plain key', (key) => {
    const store = open();
    expect(store.tables.deployments.get(key)).toBeUndefined();
    store.transaction(() => store.tables.deployments.put(key, true));
    expect([store.tables.deployments.get(key), store.tables.deployments.size()]).toEqual([true, 1]);
    store.close();
  });

  // The memory store holds a key that is a plain whole number at that index of an array: no other spelling of it may meet it.
  const numberLike = [
    '7',
    '07',
    '7.0',
    '0',
    '00',
    '-7',
    '1e3',
    ' 7',
    '0x7',
    '1048575',
    '1048576',
    '9999999',
    '123456789012345',
    '1234567890123456',
    '9007199254740993',
    '٧',
  ];
  it('keeps keys that spell the same number differently apart, and gives each back as it was put', () => {
    const store = open();
    store.transaction(() => {
      for (const [i, key] of numberLike.entries()) store.tables.counters.put(key, i + 1);
    });
    expect(numberLike.map((key) => store.tables.counters.get(key))).toEqual(numberLike.map((_, i) => i + 1));
    const byKey = ([a]: [string, number], [b]: [string, number]) => (a < b ? -1 : 1);
    expect(store.tables.counters.entries().sort(byKey)).toEqual(
      numberLike.map((key, i): [string, number] => [key, i + 1]).sort(byKey),
    );
    expect(() =>
      store.transaction(() => {
        store.tables.counters.delete('7');
        store.tables.counters.put('07', 100);
        throw new Error('undone');
      }),
    ).toThrow('undone');
    expect([store.tables.counters.get('7'), store.tables.counters.get('07'), store.tables.counters.size()]).toEqual([
      1,
      2,
      numberLike.length,
    ]);
    store.close();
  });

  it('replaces every row with a snapshot, and gives the same snapshot back', () => {
    const store = open();
    store.transaction(() => store.tables.apps.put('9', true));
    const snapshot = createMemoryStore<EmulatorTables>(TABLE_NAMES).snapshot();
    snapshot.tables.deployments = [['sdxl', true]];
    snapshot.tables.counters = [['nextConfigId', 3]];
    store.replace(snapshot);
    expect(store.snapshot()).toEqual(snapshot);
    expect(Object.keys(store.snapshot().tables)).toEqual([...TABLE_NAMES]);
    store.close();
  });
});

describe('the SQLite store', () => {
  it('keeps committed rows across a close and a reopen', () => {
    const file = freshFile();
    const first = createSqliteStore(file);
    first.transaction(() => first.tables.configs.put('1', { id: 1, client_id: 1000, name: 'kept' }));
    first.close();
    const second = createSqliteStore(file);
    expect(second.tables.configs.get('1')).toEqual({ id: 1, client_id: 1000, name: 'kept' });
    second.close();
  });
});

describe('the SQLite migrations', () => {
  it('make, on a fresh file, exactly the tables the store has: a new table needs a migration of its own', () => {
    const file = freshFile();
    openSqliteStore(file, [], TABLE_MIGRATIONS).close();
    const db = new Database(file);
    const made = (
      db.prepare("SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name").pluck().all() as string[]
    )
      .filter((name) => name !== 'schema_version')
      .sort();
    db.close();
    expect(made).toEqual(TABLE_NAMES.map(sqlName).sort());
  });
});
