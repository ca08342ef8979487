// The run's scratch folder (test-kit/scratch-root.ts): every test's temp folders land in it, and it goes at the end.
import { existsSync, mkdtempSync, statSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import useScratchRoot, { SCRATCH_PREFIX } from '../../test-kit/scratch-root.js';

describe('the scratch folder of a test run', () => {
  const runTmp = process.env.TMPDIR;
  afterEach(() => {
    process.env.TMPDIR = runTmp;
  });

  it("is this run's temp folder, so a test's mkdtemp lands inside it", () => {
    expect(path.basename(os.tmpdir()).startsWith(SCRATCH_PREFIX)).toBe(true);
    expect(path.dirname(mkdtempSync(path.join(os.tmpdir(), 'probe-')))).toBe(os.tmpdir());
  });

  it('is made traversable by all, becomes TMPDIR, and is removed with what tests left in it', () => {
    const removeRoot = useScratchRoot();
    const root = os.tmpdir();
    expect(root).not.toBe(runTmp);
    expect(statSync(root).mode & 0o777).toBe(0o755);
    const left = mkdtempSync(path.join(root, 'forgotten-'));
    writeFileSync(path.join(left, 'state.db'), 'x');
    removeRoot();
    expect(existsSync(root)).toBe(false);
  });
});
