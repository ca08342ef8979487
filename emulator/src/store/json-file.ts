// A JSON file written whole or not at all: to a temp file beside it, then renamed over it, so a crash or
// a full disk never leaves half a file. For state snapshots and recordings.
import { renameSync, rmSync, writeFileSync } from 'node:fs';

/** Writes `value` as JSON (`indent` spaces) into `file` whole; throws, having changed nothing, when it cannot. */
export function writeJsonFileWhole(file: string, value: unknown, indent: number): void {
  const temp = `${file}.${process.pid}.tmp`;
  try {
    writeFileSync(temp, `${JSON.stringify(value, null, indent)}\n`);
    renameSync(temp, file);
  } catch (error) {
    rmSync(temp, { force: true });
    throw error;
  }
}
