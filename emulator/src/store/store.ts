// The emulator's state: one table per resource, one row per resource, changed only inside a
// transaction that is all or nothing. Two implementations: in memory (here) and SQLite (sqlite.ts).
import type { components } from 'cloud-platform-api';

type Schemas = components['schemas'];

type StoredKey = Omit<Schemas['InferenceApiKey'], 'secret'>;
type StoredConfig = Schemas['LogsUploaderConfig'] & { id: number; client_id: number };

/** Every table and the type of its rows. Keys are strings; tables.ts says how each is made. */
export interface Tables {
  /** [project id, key name] -> the key (the secret is returned once and never stored). */
  inferenceKeys: StoredKey;
  /** Deployment name -> true while it exists. */
  deployments: true;
  /** Config id -> config. */
  configs: StoredConfig;
  /** SHA-256 of an API token -> the client id it acts as (tokens themselves are never stored). */
  clients: number;
  /** App id -> true while it exists. */
  apps: true;
  /** [client id, kind, bucket, storage] -> the event. */
  storageEvents: Schemas['StorageEvent'];
  /** Client id -> the threshold it set (from the fixtures). */
  thresholds: Schemas['QuotaNotificationThreshold'];
  /** nextConfigId, nextClientId -> the next id to hand out. */
  counters: number;
}
export type TableName = keyof Tables;
export const TABLE_NAMES: readonly TableName[] = ['inferenceKeys', 'deployments', 'configs', 'clients', 'apps', 'storageEvents', 'thresholds', 'counters'];

export interface Table<Row> {
  get(key: string): Row | undefined;
  put(key: string, row: Row): void;
  /** Whether there was a row to delete. */
  delete(key: string): boolean;
  size(): number;
  entries(): [string, Row][];
}

/** Every row of every table, as `--export-state` writes it and `--import-state` reads it. */
export interface StateSnapshot {
  format: 'cloud-platform-emulator-state';
  version: 1;
  tables: { [Name in TableName]: [string, Tables[Name]][] };
}

export interface Store {
  /** What names this store in errors: "State file s.db", "The in-memory state". */
  readonly source: string;
  readonly tables: { readonly [Name in TableName]: Table<Tables[Name]> };
  /**
   * Runs a change: every write in it is kept, and persisted before this returns, or none is (it
   * throws). A store that cannot persist throws StatePersistError, having kept nothing.
   */
  transaction<T>(change: () => T): T;
  /** Replaces every row with the snapshot's, in one transaction. */
  replace(snapshot: StateSnapshot): void;
  snapshot(): StateSnapshot;
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
function snapshotShapeProblem(value: unknown): string | undefined {
  const snapshot = value as Partial<StateSnapshot> | null;
  if (snapshot?.format !== 'cloud-platform-emulator-state' || snapshot.version !== 1) return ' is not a version 1 cloud-platform-emulator-state file ("format" and "version")';
  const tables = snapshot.tables as unknown;
  if (tables === null || typeof tables !== 'object' || Array.isArray(tables)) return ': "tables" must be an object of tables';
  for (const name of Object.keys(tables)) {
    if (!TABLE_NAMES.includes(name as TableName)) return `: unknown table "${name}"; known: ${TABLE_NAMES.join(', ')}`;
    const rows = (tables as Record<string, unknown>)[name];
    const wellFormed = Array.isArray(rows) && rows.every((row) => Array.isArray(row) && row.length === 2 && typeof row[0] === 'string' && row[1] !== undefined);
    if (!wellFormed) return `: table "${name}" must be a list of [key, row] pairs with string keys`;
  }
  return undefined;
}

/** Throws a StateFileError naming `source` unless `value` has a snapshot's shape. */
export function assertSnapshotShape(value: unknown, source: string): asserts value is StateSnapshot {
  const problem = snapshotShapeProblem(value);
  if (problem) throw new StateFileError(`${source}${problem}`);
}

export function snapshotOf(tables: Store['tables']): StateSnapshot {
  const copy = Object.fromEntries(TABLE_NAMES.map((name) => [name, tables[name].entries()]));
  return { format: 'cloud-platform-emulator-state', version: 1, tables: copy as StateSnapshot['tables'] };
}

/** How to put one row back as it was before a transaction changed it. */
interface UndoStep {
  rows: Map<string, unknown>;
  key: string;
  had: boolean;
  previous: unknown;
}

/** The undo steps of the transaction under way, shared by every table; undefined outside one. */
interface Journal {
  steps: UndoStep[] | undefined;
}

/** Rows in a Map, where a key such as `__proto__` or `constructor` is just a key. */
class MemoryTable<Row> implements Table<Row> {
  readonly rows = new Map<string, Row>();
  constructor(private readonly journal: Journal) {}

  get(key: string) {
    return this.rows.get(key);
  }
  put(key: string, row: Row) {
    this.record(key);
    this.rows.set(key, row);
  }
  delete(key: string) {
    if (!this.rows.has(key)) return false;
    this.record(key);
    return this.rows.delete(key);
  }
  size() {
    return this.rows.size;
  }
  entries() {
    return [...this.rows];
  }
  /** Inside a transaction, remembers how to put the row back as it was. */
  private record(key: string) {
    this.journal.steps?.push({ rows: this.rows, key, had: this.rows.has(key), previous: this.rows.get(key) });
  }
}

/** The default store: rows in Maps, a failed transaction undone from its journal. */
export function createMemoryStore(): Store {
  const journal: Journal = { steps: undefined };
  const tables = Object.fromEntries(TABLE_NAMES.map((name) => [name, new MemoryTable(journal)])) as unknown as Store['tables'] & {
    [Name in TableName]: MemoryTable<Tables[Name]>;
  };
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
        for (const name of TABLE_NAMES) {
          for (const [key] of tables[name].entries()) tables[name].delete(key);
          for (const [key, row] of snapshot.tables[name] ?? []) (tables[name] as Table<unknown>).put(key, row);
        }
      });
    },
    snapshot: () => snapshotOf(tables),
    close() {},
  };
}
