// How the emulator's resources map onto the store's rows: the key of each row, the rows a fresh state
// starts with (from the fixtures), and the id counters.
import type { components } from 'cloud-platform-api';
import { StatePersistError, TABLE_NAMES, type StateSnapshot, type Store } from '../store/store.js';
import type { Fixtures } from './fixtures.js';

type StorageEvent = components['schemas']['StorageEvent'];

/** Row keys. A key made of several parts is their JSON array, so no part can run into the next. */
export const rowKey = {
  inferenceKey: (project: number, name: string) => JSON.stringify([project, name]),
  /** Events are the same event when kind, bucket and storage match. */
  storageEvent: (client: number, event: StorageEvent) => JSON.stringify([client, event.name, event.bucket_name ?? null, event.storage_name ?? null]),
};

/** Client ids for API tokens start here, clear of the fixture set's client ids. */
const FIRST_CLIENT_ID = 1000;
export const COUNTERS = { config: 'nextConfigId', client: 'nextClientId' } as const;

/** The rows of a fresh state: the fixtures' deployments, apps and thresholds, and the first ids. */
export function initialSnapshot(fixtures: Fixtures): StateSnapshot {
  return {
    format: 'cloud-platform-emulator-state',
    version: 1,
    tables: {
      inferenceKeys: [],
      deployments: fixtures.deployments.map((name) => [name, true]),
      configs: [],
      clients: [],
      apps: fixtures.apps.map((id) => [String(id), true]),
      storageEvents: [],
      thresholds: fixtures.thresholds.map((t) => [String(t.client_id), structuredClone(t)]),
      counters: [
        [COUNTERS.config, 1],
        [COUNTERS.client, FIRST_CLIENT_ID],
      ],
    },
  };
}

/**
 * Brings a store to a usable state: a new one (no row at all) gets the fixtures' rows; an existing one
 * is checked whole (`check` throws for a state that cannot be used) and keeps its rows, and its
 * counters are raised above every id it holds, so a counter set back by hand can never hand out an id
 * that is taken.
 */
export function prepareState(store: Store, fixtures: Fixtures, check: (snapshot: StateSnapshot) => void): void {
  const snapshot = store.snapshot();
  // Only a store with no row at all is new: one that lost a table or a counter is damaged, and refused.
  if (TABLE_NAMES.every((name) => snapshot.tables[name].length === 0)) return store.replace(initialSnapshot(fixtures));
  check(snapshot);
  raiseCounters(store, snapshot);
}

/**
 * Raises the store's counters above every id `snapshot` holds (the rows the store was just read or
 * filled from, so they are not read again), so a counter set back by hand can never hand out an id
 * that is taken.
 */
export function raiseCounters(store: Store, snapshot: StateSnapshot): void {
  const { counters } = store.tables;
  store.transaction(() => {
    let nextConfig = counters.get(COUNTERS.config)!;
    let nextClient = counters.get(COUNTERS.client) ?? FIRST_CLIENT_ID;
    // A snapshot may leave a table out (an empty one).
    for (const [, config] of snapshot.tables.configs ?? []) {
      nextConfig = Math.max(nextConfig, config.id + 1);
      nextClient = Math.max(nextClient, config.client_id + 1);
    }
    for (const [, id] of snapshot.tables.clients ?? []) nextClient = Math.max(nextClient, id + 1);
    counters.put(COUNTERS.config, nextConfig);
    counters.put(COUNTERS.client, nextClient);
  });
}

/** Hands out the next value of a counter, inside the caller's transaction. */
export function nextId(store: Store, counter: (typeof COUNTERS)[keyof typeof COUNTERS]): number {
  const id = store.tables.counters.get(counter)!;
  // Past 2^53 - 1 an id can no longer be told from the next one: refuse rather than reuse.
  if (id >= Number.MAX_SAFE_INTEGER) throw new StatePersistError(`No ${counter === COUNTERS.config ? 'config' : 'client'} id is left to hand out (the next would pass 2^53 - 1)`);
  store.tables.counters.put(counter, id + 1);
  return id;
}
