// The store for `--state FILE`: SQLite through better-sqlite3 (Node only). One table per resource and
// one row per resource (its key, and the row as JSON); one transaction per change, committed before
// the change is answered; a schema-version table with migrations; WAL journal.
//
// synchronous = NORMAL: in WAL mode a commit is written to the WAL before it returns, so a process
// that dies (kill -9) loses nothing acknowledged; only a power cut or OS crash can lose the last
// commits, because NORMAL skips the fsync of each one. For a test emulator that is the right trade:
// FULL would fsync on every change and cut the write rate several times over.
//
// locking_mode = EXCLUSIVE: the emulator holds its state file from start to stop. A second emulator
// (or any program) pointed at the same file is refused at start instead of sharing it, and no commit
// pays for the shared-memory index that sharing needs (about a fifth of a create's cost here).
import { accessSync, closeSync, constants, openSync, readSync, type Stats, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import type BetterSqlite3 from 'better-sqlite3';
import type { Database as Db, Statement } from 'better-sqlite3';
import {
  snapshotOf,
  StateFileError,
  StatePersistError,
  type StateSnapshot,
  type Store,
  type Table,
  type TableRows,
} from './store.js';

const require = createRequire(import.meta.url);

/** The SQLite binding, loaded by the first state file opened: an emulator kept in memory starts without it. */
const sqlite = (): typeof BetterSqlite3 => require('better-sqlite3');

/** Marks a file as this emulator's (PRAGMA application_id), so a foreign SQLite file is refused. */
const APPLICATION_ID = 0x43504145; // "CPAE"
const SQLITE_HEADER = 'SQLite format 3\0';

/** Table names in SQL: snake_case of the store's names. */
export const sqlName = (name: string) => name.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);

const createTable = (db: Db, name: string) =>
  db.exec(`CREATE TABLE ${name} (key TEXT PRIMARY KEY, row TEXT NOT NULL) WITHOUT ROWID`);

/**
 * One schema version: the tables it creates (their SQL names), bringing a file from the version before
 * it to its own. The store keeps rows and knows no table of its own: whoever opens it lists these.
 */
export type TableMigration = readonly string[];

/**
 * Refuses, naming it, a path that is no regular file (a directory, a FIFO that would block the open,
 * /dev/null), one this process cannot both read and write, and a file that is not an SQLite database:
 * all before SQLite is asked, whose own errors ("disk I/O error") do not say which.
 */
function checkFile(file: string): void {
  let stats: Stats;
  try {
    stats = statSync(file);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return;
    throw new StateFileError(
      `State file ${file} cannot be used: ${(error as NodeJS.ErrnoException).code ?? (error as Error).message}`,
    );
  }
  if (!stats.isFile())
    throw new StateFileError(`State file ${file} is not a regular file (a directory, a FIFO or a device): name a file`);
  try {
    accessSync(file, constants.R_OK | constants.W_OK);
  } catch (error) {
    throw new StateFileError(
      `State file ${file} cannot be both read and written by this process (${(error as NodeJS.ErrnoException).code}): check its permissions`,
    );
  }
  const fd = openSync(file, 'r');
  try {
    const header = Buffer.alloc(SQLITE_HEADER.length);
    const read = readSync(fd, header, 0, header.length, 0);
    if (read === 0) return;
    if (read < header.length || header.toString('latin1') !== SQLITE_HEADER) {
      throw new StateFileError(
        `State file ${file} is not an SQLite database: refusing to use it (move it away, or name another file)`,
      );
    }
  } finally {
    closeSync(fd);
  }
}

/** The file's schema version, after checking, without writing anything, that it is this emulator's and whole. */
function checkedVersion(db: Db, file: string, names: readonly string[], migrations: readonly TableMigration[]): number {
  const integrity = db.pragma('quick_check', { simple: true }) as string;
  if (integrity !== 'ok')
    throw new StateFileError(`State file ${file} is damaged (SQLite quick_check: ${integrity}): refusing to use it`);
  const applicationId = db.pragma('application_id', { simple: true }) as number;
  const tables = new Set(db.prepare("SELECT name FROM sqlite_master WHERE type = 'table'").pluck().all() as string[]);
  if (applicationId !== APPLICATION_ID && tables.size > 0) {
    throw new StateFileError(
      `State file ${file} is an SQLite database of another program (application_id ${applicationId}): refusing to use it`,
    );
  }
  const version = tables.has('schema_version')
    ? ((db.prepare('SELECT max(version) AS v FROM schema_version').get() as { v: number | null }).v ?? 0)
    : 0;
  if (version > migrations.length) {
    throw new StateFileError(
      `State file ${file} has schema version ${version}, newer than this emulator knows (${migrations.length}): use a newer emulator`,
    );
  }
  if (version === migrations.length) {
    const missing = names.map(sqlName).filter((name) => !tables.has(name));
    if (missing.length > 0)
      throw new StateFileError(`State file ${file} has lost its table ${missing.join(', ')}: refusing to use it`);
  }
  return version;
}

/** Brings an older (or new) file to the current schema; a current one is not written to. */
function migrate(db: Db, version: number, migrations: readonly TableMigration[]): void {
  if (version === migrations.length) return;
  db.transaction(() => {
    db.exec('CREATE TABLE IF NOT EXISTS schema_version (version INTEGER NOT NULL)');
    for (let next = version; next < migrations.length; next++)
      for (const name of migrations[next]!) createTable(db, name);
    db.prepare('INSERT INTO schema_version (version) VALUES (?)').run(migrations.length);
    db.exec(`PRAGMA application_id = ${APPLICATION_ID}`);
  })();
}

class SqliteTable<Row> implements Table<Row> {
  private readonly statements: Record<'get' | 'put' | 'delete' | 'size' | 'entries', Statement>;
  constructor(
    db: Db,
    private readonly name: string,
    private readonly source: string,
  ) {
    this.statements = {
      get: db.prepare(`SELECT row FROM ${name} WHERE key = ?`).pluck(),
      put: db.prepare(`INSERT OR REPLACE INTO ${name} (key, row) VALUES (?, ?)`),
      delete: db.prepare(`DELETE FROM ${name} WHERE key = ?`),
      size: db.prepare(`SELECT count(*) FROM ${name}`).pluck(),
      entries: db.prepare(`SELECT key, row FROM ${name} ORDER BY key`).raw(),
    };
  }
  get(key: string) {
    const row = this.statements.get.get(key) as string | undefined;
    return row === undefined ? undefined : (JSON.parse(row) as Row);
  }
  put(key: string, row: Row) {
    this.statements.put.run(key, JSON.stringify(row));
  }
  delete(key: string) {
    return this.statements.delete.run(key).changes > 0;
  }
  size() {
    return this.statements.size.get() as number;
  }
  entries() {
    return (this.statements.entries.all() as [string, string][]).map(([key, row]): [string, Row] => {
      try {
        return [key, JSON.parse(row) as Row];
      } catch (error) {
        throw new StateFileError(
          `${this.source}: table ${this.name}, row ${JSON.stringify(key)} is not JSON (${(error as Error).message}); nothing was changed`,
        );
      }
    });
  }
}

/** Opens the file with the store's settings and brings its schema up to date, or closes it and says why. */
function openDatabase(file: string, names: readonly string[], migrations: readonly TableMigration[]): Db {
  checkFile(file);
  let db: Db | undefined;
  try {
    db = new (sqlite())(file);
    // Another process holding the file: give it a moment, then refuse rather than block.
    db.exec('PRAGMA busy_timeout = 200; PRAGMA locking_mode = EXCLUSIVE');
    // Checked before the journal mode or a migration writes to it: a refused file is left as it was.
    const version = checkedVersion(db, file, names, migrations);
    db.exec('PRAGMA journal_mode = WAL; PRAGMA synchronous = NORMAL');
    migrate(db, version, migrations);
    return db;
  } catch (error) {
    db?.close();
    if (error instanceof StateFileError) throw error;
    if ((error as { code?: string }).code === 'SQLITE_BUSY')
      throw new StateFileError(
        `State file ${file} is in use by another process (another emulator?): refusing to share it`,
      );
    throw new StateFileError(`State file ${file} cannot be used: ${(error as Error).message}`);
  }
}

/**
 * Opens (or creates) the state file, with these tables, which `migrations` make; a corrupt, foreign,
 * newer or busy file is a StateFileError naming it.
 */
export function openSqliteStore<T extends TableRows>(
  file: string,
  names: readonly (keyof T & string)[],
  migrations: readonly TableMigration[],
): Store<T> {
  const db = openDatabase(file, names, migrations);
  const source = `State file ${file}`;
  const tables = Object.fromEntries(
    names.map((name) => [name, new SqliteTable(db, sqlName(name), source)]),
  ) as unknown as { [Name in keyof T]: Table<T[Name]> };
  // One transaction wrapper for every change: making one per change costs as much as the change.
  const inTransaction = db.transaction((change: () => unknown) => change());
  const transaction = <T>(change: () => T): T => {
    if (db.inTransaction) return change();
    try {
      return inTransaction.immediate(change) as T;
    } catch (error) {
      // Only SQLite's own failures are the server's; a handler's refusal (a 404, a 409) passes through.
      if ((error as { code?: unknown }).code?.toString().startsWith('SQLITE_')) {
        throw new StatePersistError(
          `The change could not be saved to the state file (${(error as { code: string }).code}); nothing was changed`,
        );
      }
      throw error;
    }
  };
  return {
    source,
    tables,
    transaction,
    replace(snapshot: StateSnapshot<T>) {
      transaction(() => {
        for (const name of names) {
          db.exec(`DELETE FROM ${sqlName(name)}`);
          for (const [key, row] of snapshot.tables[name] ?? []) tables[name].put(key, row);
        }
      });
    },
    snapshot: () => snapshotOf<T>(tables),
    close: () => db.close(),
  };
}
