// bench:emulator-state writes SQLite and JSON-file stores of its own (about 100 MB at full size) into
// a temporary folder: a run that has measured them leaves nothing of them behind.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';

const bench = fileURLToPath(new URL('../../bench/emulator-state.ts', import.meta.url));

const tmp = mkdtempSync(path.join(os.tmpdir(), 'state-bench-'));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

describe('bench:emulator-state', () => {
  it('removes the stores it made once it has measured them', () => {
    const run = spawnSync(process.execPath, ['--import', 'tsx', bench], {
      encoding: 'utf8',
      // A trial run: one short round, ten prefilled configs; TMPDIR is where the bench makes its folder.
      env: { ...process.env, TMPDIR: tmp, BENCH_ROUNDS: '1', BENCH_ROUND_MS: '20', BENCH_PREFILLED: '10' },
      timeout: 60_000,
    });
    expect(run.status, run.stderr).toBe(0);
    expect(run.stdout).toContain('create, SQLite, 10 configs');
    // tsx keeps its cache in the same folder: only the bench's own folder counts.
    expect(readdirSync(tmp).filter((name) => name.startsWith('bench-emulator-state-'))).toEqual([]);
  });
});
