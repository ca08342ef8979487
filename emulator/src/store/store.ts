// The emulator's state: one table per resource, one row per resource, changed only inside a
// transaction that is all or nothing. Two implementations: in memory (here) and SQLite (sqlite.ts).
/** Rows by table: each table's name and the type of its rows. The emulator's own come from its areas (operations/). */
export type TableRows = Record<string, unknown>;

export interface Table<Row> {
  get(key: string): Row | undefined;
  put(key: string, row: Row): void;
  /** Whether there was a row to delete. */
  delete(key: string): boolean;
  size(): number;
  entries(): [string, Row][];
}

/** Every row of every table, as `--export-state` writes it and `--import-state` reads it. */
export interface StateSnapshot<T extends TableRows = TableRows> {
  format: 'cloud-platform-emulator-state';
  version: 1;
  tables: { [Name in keyof T]: [string, T[Name]][] };
}

export interface Store<T extends TableRows = TableRows> {
  /** What names this store in errors: "State file s.db", "The in-memory state". */
  readonly source: string;
  readonly tables: { readonly [Name in keyof T]: Table<T[Name]> };
  /**
   * Runs a change: every write in it is kept, and persisted before this returns, or none is (it
   * throws). A store that cannot persist throws StatePersistError, having kept nothing.
   */
  transaction<T>(change: () => T): T;
  /** Replaces every row with the snapshot's, in one transaction. */
  replace(snapshot: StateSnapshot<T>): void;
  snapshot(): StateSnapshot<T>;
  close(): void;
}

/** A change could not be persisted; it was not applied. The server's fault, not the client's. */
export class StatePersistError extends Error {
  override name = 'StatePersistError';
}

/** A state file that cannot be used: corrupt, foreign, or from a newer emulator. */
export class StateFileError extends Error {
  override name = 'StateFileError';
}

/** What keeps a value from being a state snapshot's shape (format, version, tables of [key, row] pairs), or undefined. */
function snapshotShapeProblem(value: unknown, names: readonly string[] | undefined): string | undefined {
  const snapshot = value as Partial<StateSnapshot> | null;
  if (snapshot?.format !== 'cloud-platform-emulator-state' || snapshot.version !== 1) return ' is not a version 1 cloud-platform-emulator-state file ("format" and "version")';
  const tables = snapshot.tables as unknown;
  if (tables === null || typeof tables !== 'object' || Array.isArray(tables)) return ': "tables" must be an object of tables';
  for (const name of Object.keys(tables)) {
    if (names && !names.includes(name)) return `: unknown table "${name}"; known: ${names.join(', ')}`;
    const rows = (tables as Record<string, unknown>)[name];
    const wellFormed = Array.isArray(rows) && rows.every((row) => Array.isArray(row) && row.length === 2 && typeof row[0] === 'string' && row[1] !== undefined);
    if (!wellFormed) return `: table "${name}" must be a list of [key, row] pairs with string keys`;
  }
  return undefined;
}

/** Throws a StateFileError naming `source` unless `value` has a snapshot's shape (with no table but `names`, where given). */
export function assertSnapshotShape(value: unknown, source: string, names?: readonly string[]): asserts value is StateSnapshot {
  const problem = snapshotShapeProblem(value, names);
  if (problem) throw new StateFileError(`${source}${problem}`);
}

export function snapshotOf<T extends TableRows>(tables: Store<T>['tables']): StateSnapshot<T> {
  const copy = Object.fromEntries(Object.entries(tables).map(([name, table]) => [name, (table as Table<unknown>).entries()]));
  return { format: 'cloud-platform-emulator-state', version: 1, tables: copy as StateSnapshot<T>['tables'] };
}

/** A key as a Map holds it: a whole number written plainly in decimal as that number, any other as it is. */
type MapKey = string | number;

/** The most digits of a key held as a number: any 15-digit number is below 2^53. */
const MAX_NUMBER_KEY_DIGITS = 15;
const ZERO = '0'.charCodeAt(0);

/**
 * Rows are mostly keyed by their ids ("1021"): a Map compares a number key without reading a string
 * elsewhere in memory, which keeps a lookup among many rows cheap, and holds no key string per row. Only
 * the one spelling of a number ("7", not "07" or "7.0") becomes it, so no two keys meet.
 */
function mapKey(key: string): MapKey {
  const { length } = key;
  if (length === 0 || length > MAX_NUMBER_KEY_DIGITS || (length > 1 && key.charCodeAt(0) === ZERO)) return key;
  let value = 0;
  for (let at = 0; at < length; at++) {
    const digit = key.charCodeAt(at) - ZERO;
    if (digit < 0 || digit > 9) return key;
    value = value * 10 + digit;
  }
  return value;
}

/** How to put one row back as it was before a transaction changed it. */
interface UndoStep {
  rows: Map<MapKey, unknown>;
  key: MapKey;
  had: boolean;
  previous: unknown;
}

/** The undo steps of the transaction under way, shared by every table; undefined outside one. */
interface Journal {
  steps: UndoStep[] | undefined;
}

/** Rows in a Map, where a key such as `__proto__` or `constructor` is just a key. */
class MemoryTable<Row> implements Table<Row> {
  readonly rows = new Map<MapKey, Row>();
  constructor(private readonly journal: Journal) {}

  get(key: string) {
    return this.rows.get(mapKey(key));
  }
  put(key: string, row: Row) {
    const at = mapKey(key);
    this.record(at);
    this.rows.set(at, row);
  }
  delete(key: string) {
    const at = mapKey(key);
    if (!this.rows.has(at)) return false;
    this.record(at);
    return this.rows.delete(at);
  }
  size() {
    return this.rows.size;
  }
  entries(): [string, Row][] {
    return Array.from(this.rows, ([key, row]) => [String(key), row]);
  }
  /** Inside a transaction, remembers how to put the row back as it was (a row is never undefined, so one lookup tells both). */
  private record(key: MapKey) {
    if (!this.journal.steps) return;
    const previous = this.rows.get(key);
    this.journal.steps.push({ rows: this.rows, key, had: previous !== undefined, previous });
  }
}

/** The default store, with these tables: rows in Maps, a failed transaction undone from its journal. */
export function createMemoryStore<T extends TableRows>(names: readonly (keyof T & string)[]): Store<T> {
  const journal: Journal = { steps: undefined };
  const tables = Object.fromEntries(names.map((name) => [name, new MemoryTable(journal)])) as unknown as { [Name in keyof T]: MemoryTable<T[Name]> };
  const transaction = <T>(change: () => T): T => {
    if (journal.steps) return change();
    const steps: UndoStep[] = (journal.steps = []);
    try {
      return change();
    } catch (error) {
      for (const { rows, key, had, previous } of steps.reverse()) {
        if (had) rows.set(key, previous);
        else rows.delete(key);
      }
      throw error;
    } finally {
      journal.steps = undefined;
    }
  };
  return {
    source: 'The in-memory state',
    tables,
    transaction,
    replace(snapshot) {
      transaction(() => {
        for (const name of names) {
          for (const [key] of tables[name].entries()) tables[name].delete(key);
          for (const [key, row] of snapshot.tables[name] ?? []) tables[name].put(key, row);
        }
      });
    },
    snapshot: () => snapshotOf<T>(tables),
    close() {},
  };
}
