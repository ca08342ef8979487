// The emulator's state: one table per resource, one row per resource, changed only inside a
// transaction that is all or nothing. Two implementations: in memory (here) and SQLite (sqlite.ts).
import { EmulatorError } from '../emulator-error.js';
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
export class StatePersistError extends EmulatorError {
  override name = 'StatePersistError';
}

/** A state file that cannot be used: corrupt, foreign, or from a newer emulator. */
export class StateFileError extends EmulatorError {
  override name = 'StateFileError';
}

/** What keeps a value from being a state snapshot's shape (format, version, tables of [key, row] pairs), or undefined. */
function snapshotShapeProblem(value: unknown, names: readonly string[] | undefined): string | undefined {
  const snapshot = value as Partial<StateSnapshot> | null;
  if (snapshot?.format !== 'cloud-platform-emulator-state' || snapshot.version !== 1)
    return ' is not a version 1 cloud-platform-emulator-state file ("format" and "version")';
  const tables = snapshot.tables as unknown;
  if (tables === null || typeof tables !== 'object' || Array.isArray(tables))
    return ': "tables" must be an object of tables';
  for (const name of Object.keys(tables)) {
    if (names && !names.includes(name)) return `: unknown table "${name}"; known: ${names.join(', ')}`;
    const rows = (tables as Record<string, unknown>)[name];
    const wellFormed =
      Array.isArray(rows) &&
      rows.every((row) => Array.isArray(row) && row.length === 2 && typeof row[0] === 'string' && row[1] !== undefined);
    if (!wellFormed) return `: table "${name}" must be a list of [key, row] pairs with string keys`;
  }
  return undefined;
}

/** Throws a StateFileError naming `source` unless `value` has a snapshot's shape (with no table but `names`, where given). */
export function assertSnapshotShape(
  value: unknown,
  source: string,
  names?: readonly string[],
): asserts value is StateSnapshot {
  const problem = snapshotShapeProblem(value, names);
  if (problem) throw new StateFileError(`${source}${problem}`);
}

export function snapshotOf<T extends TableRows>(tables: Store<T>['tables']): StateSnapshot<T> {
  const copy = Object.fromEntries(
    Object.entries(tables).map(([name, table]) => [name, (table as Table<unknown>).entries()]),
  );
  return { format: 'cloud-platform-emulator-state', version: 1, tables: copy as StateSnapshot<T>['tables'] };
}

/** Ids below this are held at their index in an array: a million rows of a table cost at most 8 MB of slots. */
const INDEXED_KEYS = 2 ** 20;
const INDEXED_KEY_DIGITS = String(INDEXED_KEYS - 1).length;
const ZERO = '0'.charCodeAt(0);

/** The index a key is held at: a whole number below INDEXED_KEYS written plainly in decimal ("7", not "07" or "7.0"); otherwise undefined. */
function indexOf(key: string): number | undefined {
  const { length } = key;
  if (length === 0 || length > INDEXED_KEY_DIGITS || (length > 1 && key.charCodeAt(0) === ZERO)) return undefined;
  let index = 0;
  for (let at = 0; at < length; at++) {
    const digit = key.charCodeAt(at) - ZERO;
    if (digit < 0 || digit > 9) return undefined;
    index = index * 10 + digit;
  }
  return index < INDEXED_KEYS ? index : undefined;
}

/**
 * A table's rows. Rows are mostly keyed by ids handed out in turn ("1021"): those are held at their
 * index in an array, which a new id extends at its end, where a hash table of many rows would be read
 * and written at a random place in memory for each; any other key is held in a Map, where a key such
 * as `__proto__` or `constructor` is just a key.
 */
class Rows<Row> {
  private readonly indexed: (Row | undefined)[] = [];
  private indexedCount = 0;
  private readonly named = new Map<string, Row>();

  get(key: string): Row | undefined {
    const index = indexOf(key);
    return index === undefined ? this.named.get(key) : this.indexed[index];
  }
  set(key: string, row: Row): void {
    const index = indexOf(key);
    if (index === undefined) return void this.named.set(key, row);
    if (this.indexed[index] === undefined) this.indexedCount++;
    this.indexed[index] = row;
  }
  delete(key: string): boolean {
    const index = indexOf(key);
    if (index === undefined) return this.named.delete(key);
    if (this.indexed[index] === undefined) return false;
    // Left as a slot holding nothing: deleting an element could turn the array into a slower dictionary.
    this.indexed[index] = undefined;
    this.indexedCount--;
    return true;
  }
  get size(): number {
    return this.indexedCount + this.named.size;
  }
  /** Ids in ascending order, then the other keys in the order they were first put. */
  entries(): [string, Row][] {
    const entries: [string, Row][] = [];
    this.indexed.forEach((row, index) => {
      if (row !== undefined) entries.push([String(index), row]);
    });
    for (const entry of this.named) entries.push(entry);
    return entries;
  }
}

/** How to put one row back as it was before a transaction changed it. */
interface UndoStep {
  rows: Rows<unknown>;
  key: string;
  had: boolean;
  previous: unknown;
}

/** The undo steps of the transaction under way, shared by every table; undefined outside one. */
interface Journal {
  steps: UndoStep[] | undefined;
}

class MemoryTable<Row> implements Table<Row> {
  readonly rows = new Rows<Row>();
  constructor(private readonly journal: Journal) {}

  get(key: string) {
    return this.rows.get(key);
  }
  put(key: string, row: Row) {
    this.record(key);
    this.rows.set(key, row);
  }
  delete(key: string) {
    if (this.rows.get(key) === undefined) return false;
    this.record(key);
    return this.rows.delete(key);
  }
  size() {
    return this.rows.size;
  }
  entries() {
    return this.rows.entries();
  }
  /** Inside a transaction, remembers how to put the row back as it was (a row is never undefined, so one lookup tells both). */
  private record(key: string) {
    if (!this.journal.steps) return;
    const previous = this.rows.get(key);
    this.journal.steps.push({ rows: this.rows as Rows<unknown>, key, had: previous !== undefined, previous });
  }
}

/** The default store, with these tables: rows in Maps, a failed transaction undone from its journal. */
export function createMemoryStore<T extends TableRows>(names: readonly (keyof T & string)[]): Store<T> {
  const journal: Journal = { steps: undefined };
  const tables = Object.fromEntries(names.map((name) => [name, new MemoryTable(journal)])) as unknown as {
    [Name in keyof T]: MemoryTable<T[Name]>;
  };
  const transaction = <T>(change: () => T): T => {
    if (journal.steps) return change();
    const steps: UndoStep[] = [];
    journal.steps = steps;
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
