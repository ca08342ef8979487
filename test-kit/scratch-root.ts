// Vitest's global setup: one scratch folder for the whole run, made the system temp folder of every test
// (os.tmpdir() reads TMPDIR) and removed when the run ends, so the hundreds of folders that tests make
// with mkdtemp (projects, state files, installs) leave nothing behind, whichever test forgot to clean.
import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/** The prefix of a run's scratch folder, for the test that checks tests write inside it. */
export const SCRATCH_PREFIX = 'cloud-platform-tests-';

export default function useScratchRoot(): () => void {
  const root = mkdtempSync(path.join(os.tmpdir(), SCRATCH_PREFIX));
  // Traversable by all, as the system's temp folder is: a test runs the emulator as nobody inside it.
  chmodSync(root, 0o755);
  process.env.TMPDIR = root;
  return () => rmSync(root, { recursive: true, force: true, maxRetries: 3 });
}
