// `--export-state FILE.json` and `--import-state FILE.json`: every row of every table as JSON, for
// fixtures and bug reports. A file that is not such a snapshot is refused, naming the file and why.
import { readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { StateFileError, TABLE_NAMES, type StateSnapshot } from './store.js';

export function readSnapshotFile(file: string): StateSnapshot {
  let value: unknown;
  try {
    value = JSON.parse(readFileSync(file, 'utf8'));
  } catch (error) {
    throw new StateFileError(`State snapshot ${file} cannot be read as JSON: ${(error as Error).message}`);
  }
  const snapshot = value as Partial<StateSnapshot> | null;
  if (snapshot?.format !== 'cloud-platform-emulator-state' || snapshot.version !== 1) {
    throw new StateFileError(`State snapshot ${file} is not a version 1 cloud-platform-emulator-state file ("format" and "version")`);
  }
  const tables = (snapshot.tables ?? {}) as Record<string, unknown>;
  for (const name of Object.keys(tables)) {
    if (!TABLE_NAMES.includes(name as never)) throw new StateFileError(`State snapshot ${file}: unknown table "${name}"; known: ${TABLE_NAMES.join(', ')}`);
    const rows = tables[name];
    const wellFormed = Array.isArray(rows) && rows.every((row) => Array.isArray(row) && row.length === 2 && typeof row[0] === 'string' && row[1] !== undefined);
    if (!wellFormed) throw new StateFileError(`State snapshot ${file}: table "${name}" must be a list of [key, row] pairs with string keys`);
  }
  return { format: snapshot.format, version: 1, tables: Object.fromEntries(TABLE_NAMES.map((name) => [name, tables[name] ?? []])) as StateSnapshot['tables'] };
}

/** Writes the snapshot whole or not at all (temp file + rename). */
export function writeSnapshotFile(file: string, snapshot: StateSnapshot): void {
  const temp = `${file}.${process.pid}.tmp`;
  try {
    writeFileSync(temp, `${JSON.stringify(snapshot, null, 1)}\n`);
    renameSync(temp, file);
  } catch (error) {
    rmSync(temp, { force: true });
    throw new StateFileError(`Cannot write the state snapshot to ${file}: ${(error as Error).message}`);
  }
}
