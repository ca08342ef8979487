// The state's model: the tables (each area's, and the core's own two), how a row is checked and keyed,
// the id counters, and the rows a fresh state starts with (from the fixtures). The areas declare their
// tables (operations/); this module holds what every table shares.
import { StatePersistError, type StateSnapshot, type Store, type TableRows } from '../../store/store.js';

/** How a table's rows are checked, keyed and counted. */
export interface TableSpec<Row> {
  /** The schema a row must meet, made of the document's own (by `documentRef`). */
  row: object;
  /** The row as the document describes it, where what is stored leaves something out (a key's secret). */
  documented?: (row: Row) => unknown;
  /** The key a row must be stored under, where the row itself names it (its id). */
  keyOf?: (row: Row) => string;
  /** The ids a row holds, by the name of the counter that hands them out: the counter stays above each. */
  ids?: Record<string, (row: Row) => number>;
}

export type TableSpecs<T extends TableRows> = { [Name in keyof T]: TableSpec<T[Name]> };

/** A spec for rows of type `Row`: it names the type the table's rows have. */
export const table = <Row>(spec: TableSpec<Row>): TableSpec<Row> => spec;

/** A counter of ids: its row in `counters`, the first id it hands out, and what it counts (for errors). */
export interface Counter {
  name: string;
  first: number;
  counts: string;
}

/** What the state is made of: every table, every counter, and the rows a fresh state gets from the fixtures. */
export interface StateModel {
  tables: TableSpecs<TableRows>;
  counters: readonly Counter[];
  initialRows(fixtures: object): Partial<Record<string, [string, unknown][]>>;
}

/** An id with room for the next: a counter past 2^53 - 1 could no longer tell one id from the next. */
export const WHOLE_ID = { type: 'integer', minimum: 0, maximum: Number.MAX_SAFE_INTEGER - 1 } as const;

/** Client ids for API tokens start here, clear of the fixture set's client ids. */
export const CLIENT_IDS: Counter = { name: 'nextClientId', first: 1000, counts: 'client id' };

/** The core's own tables: who each token acts as, and the counters. */
export type CoreTables = {
  /** SHA-256 of an API token -> the client id it acts as (tokens themselves are never stored). */
  clients: number;
  /** A counter's name -> the next id it hands out. */
  counters: number;
};

export const CORE_TABLES: TableSpecs<CoreTables> = {
  clients: table<number>({ row: WHOLE_ID, ids: { [CLIENT_IDS.name]: (id) => id } }),
  counters: table<number>({ row: { type: 'integer', minimum: 1, maximum: Number.MAX_SAFE_INTEGER } }),
};

/** The rows of a fresh state: what the areas make of the fixtures, and each counter at its first id. */
export function initialSnapshot<T extends TableRows>(model: StateModel, fixtures: object): StateSnapshot<T> {
  const rows = model.initialRows(fixtures);
  const tables = Object.fromEntries(Object.keys(model.tables).map((name) => [name, rows[name] ?? []]));
  tables.counters = model.counters.map(({ name, first }) => [name, first]);
  return { format: 'cloud-platform-emulator-state', version: 1, tables: tables as StateSnapshot<T>['tables'] };
}

/**
 * Brings a store to a usable state: a new one (no row at all) gets the fixtures' rows; an existing one
 * is checked whole (`check` throws for a state that cannot be used) and keeps its rows, and its
 * counters are raised above every id it holds.
 */
export function prepareState<T extends TableRows>(
  store: Store<T>,
  model: StateModel,
  fixtures: object,
  check: (snapshot: StateSnapshot) => void,
): void {
  const snapshot = store.snapshot();
  // Only a store with no row at all is new: one that lost a table or a counter is damaged, and refused.
  if (Object.values(snapshot.tables).every((rows) => rows.length === 0)) {
    store.replace(initialSnapshot<T>(model, fixtures));
    return;
  }
  check(snapshot);
  raiseCounters(store, model, snapshot);
}

/**
 * Raises the store's counters above every id `snapshot` holds (the rows the store was just read or
 * filled from, so they are not read again), so a counter set back by hand can never hand out an id
 * that is taken.
 */
export function raiseCounters(store: Store, model: StateModel, snapshot: StateSnapshot): void {
  const counters = store.tables.counters as Store<CoreTables>['tables']['counters'];
  store.transaction(() => {
    const next = new Map(model.counters.map(({ name, first }) => [name, counters.get(name) ?? first]));
    for (const [name, spec] of Object.entries(model.tables)) {
      for (const [counter, idOf] of Object.entries(spec.ids ?? {})) {
        // A snapshot may leave a table out (an empty one).
        for (const [, row] of snapshot.tables[name] ?? [])
          next.set(counter, Math.max(next.get(counter)!, idOf(row) + 1));
      }
    }
    for (const [name, value] of next) counters.put(name, value);
  });
}

/** Hands out the next id of a counter, inside the caller's transaction. */
export function nextId(store: Store<CoreTables>, counter: Counter): number {
  const id = store.tables.counters.get(counter.name)!;
  // Past 2^53 - 1 an id can no longer be told from the next one: refuse rather than reuse.
  if (id >= Number.MAX_SAFE_INTEGER)
    throw new StatePersistError(`No ${counter.counts} is left to hand out (the next would pass 2^53 - 1)`);
  store.tables.counters.put(counter.name, id + 1);
  return id;
}
