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
import { closeSync, existsSync, openSync, readSync } from 'node:fs';
import Database, { type Database as Db, type Statement } from 'better-sqlite3';
import { snapshotOf, StateFileError, StatePersistError, TABLE_NAMES, type StateSnapshot, type Store, type Table, type TableName, type Tables } from './store.js';

/** Marks a file as this emulator's (PRAGMA application_id), so a foreign SQLite file is refused. */
const APPLICATION_ID = 0x43504145; // "CPAE"
const SQLITE_HEADER = 'SQLite format 3\0';

/** Table names in SQL: snake_case of the store's names. */
const sqlName = (name: TableName) => name.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);

/** Each entry brings the file from the version before it to its own. Never edit one: add the next. */
const MIGRATIONS: ((db: Db) => void)[] = [
  (db) => {
    for (const name of TABLE_NAMES) db.exec(`CREATE TABLE ${sqlName(name)} (key TEXT PRIMARY KEY, row TEXT NOT NULL) WITHOUT ROWID`);
  },
];

/** Refuses a file that exists but is not an SQLite database, naming it, before SQLite is asked. */
function checkHeader(file: string): void {
  if (!existsSync(file)) return;
  const fd = openSync(file, 'r');
  try {
    const header = Buffer.alloc(SQLITE_HEADER.length);
    const read = readSync(fd, header, 0, header.length, 0);
    if (read === 0) return;
    if (read < header.length || header.toString('latin1') !== SQLITE_HEADER) {
      throw new StateFileError(`State file ${file} is not an SQLite database: refusing to use it (move it away, or name another file)`);
    }
  } finally {
    closeSync(fd);
  }
}

function migrate(db: Db, file: string): void {
  const applicationId = db.pragma('application_id', { simple: true }) as number;
  const tables = db.prepare("SELECT count(*) AS n FROM sqlite_master WHERE type = 'table'").get() as { n: number };
  if (applicationId !== APPLICATION_ID && tables.n > 0) {
    throw new StateFileError(`State file ${file} is an SQLite database of another program (application_id ${applicationId}): refusing to use it`);
  }
  db.exec('CREATE TABLE IF NOT EXISTS schema_version (version INTEGER NOT NULL)');
  const version = (db.prepare('SELECT max(version) AS v FROM schema_version').get() as { v: number | null }).v ?? 0;
  if (version > MIGRATIONS.length) {
    throw new StateFileError(`State file ${file} has schema version ${version}, newer than this emulator knows (${MIGRATIONS.length}): use a newer emulator`);
  }
  db.transaction(() => {
    for (let next = version; next < MIGRATIONS.length; next++) MIGRATIONS[next]!(db);
    if (version < MIGRATIONS.length) db.prepare('INSERT INTO schema_version (version) VALUES (?)').run(MIGRATIONS.length);
    db.exec(`PRAGMA application_id = ${APPLICATION_ID}`);
  })();
}

class SqliteTable<Row> implements Table<Row> {
  private readonly statements: Record<'get' | 'put' | 'delete' | 'size' | 'entries', Statement>;
  constructor(db: Db, name: string) {
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
    return (this.statements.entries.all() as [string, string][]).map(([key, row]): [string, Row] => [key, JSON.parse(row) as Row]);
  }
}

/** Opens the file with the store's settings and brings its schema up to date, or closes it and says why. */
function openDatabase(file: string): Db {
  checkHeader(file);
  let db: Db | undefined;
  try {
    db = new Database(file);
    // Another process holding the file: give it a moment, then refuse rather than block.
    db.exec('PRAGMA busy_timeout = 200; PRAGMA locking_mode = EXCLUSIVE; PRAGMA journal_mode = WAL; PRAGMA synchronous = NORMAL');
    migrate(db, file);
    return db;
  } catch (error) {
    db?.close();
    if (error instanceof StateFileError) throw error;
    if ((error as { code?: string }).code === 'SQLITE_BUSY') throw new StateFileError(`State file ${file} is in use by another process (another emulator?): refusing to share it`);
    throw new StateFileError(`State file ${file} cannot be used: ${(error as Error).message}`);
  }
}

/** Opens (or creates) the state file; a corrupt, foreign, newer or busy file is a StateFileError naming it. */
export function createSqliteStore(file: string): Store {
  const db = openDatabase(file);
  const tables = Object.fromEntries(TABLE_NAMES.map((name) => [name, new SqliteTable(db, sqlName(name))])) as unknown as Store['tables'];
  // One transaction wrapper for every change: making one per change costs as much as the change.
  const inTransaction = db.transaction((change: () => unknown) => change());
  const transaction = <T>(change: () => T): T => {
    if (db.inTransaction) return change();
    try {
      return inTransaction.immediate(change) as T;
    } catch (error) {
      // Only SQLite's own failures are the server's; a handler's refusal (a 404, a 409) passes through.
      if ((error as { code?: unknown }).code?.toString().startsWith('SQLITE_')) {
        throw new StatePersistError(`The change could not be saved to the state file (${(error as { code: string }).code}); nothing was changed`);
      }
      throw error;
    }
  };
  return {
    tables,
    transaction,
    replace(snapshot: StateSnapshot) {
      transaction(() => {
        for (const name of TABLE_NAMES) {
          db.exec(`DELETE FROM ${sqlName(name)}`);
          for (const [key, row] of snapshot.tables[name] ?? []) (tables[name] as Table<Tables[typeof name]>).put(key, row as never);
        }
      });
    },
    snapshot: () => snapshotOf(tables),
    close: () => db.close(),
  };
}
