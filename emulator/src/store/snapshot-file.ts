// `--export-state FILE.json` and `--import-state FILE.json`: every row of every table as JSON, for
// fixtures and bug reports. A file that is not such a snapshot is refused, naming the file and why.
import { readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { assertSnapshotShape, StateFileError, type StateSnapshot } from './store.js';

export function readSnapshotFile(file: string): StateSnapshot {
  let value: unknown;
  try {
    value = JSON.parse(readFileSync(file, 'utf8'));
  } catch (error) {
    throw new StateFileError(`State snapshot ${file} cannot be read as JSON: ${(error as Error).message}`);
  }
  // Its tables are checked against the emulator's as it is imported (a table left out is an empty one).
  assertSnapshotShape(value, `State snapshot ${file}`);
  return value;
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
