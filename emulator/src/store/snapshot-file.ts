// `--export-state FILE.json` and `--import-state FILE.json`: every row of every table as JSON, for
// fixtures and bug reports. A file that is not such a snapshot is refused, naming the file and why.
import { readFileSync } from 'node:fs';
import { writeJsonFileWhole } from './json-file.js';
import { assertSnapshotShape, StateFileError, type StateSnapshot } from './store.js';

/** Reads a state snapshot written by `--export-state` or writeSnapshotFile; a StateFileError names the file and what is wrong. */
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
  try {
    writeJsonFileWhole(file, snapshot, 1);
  } catch (error) {
    throw new StateFileError(`Cannot write the state snapshot to ${file}: ${(error as Error).message}`);
  }
}
