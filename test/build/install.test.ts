// The install a fresh clone's `npm ci` makes, read from the lock file: every peer dependency met (npm ci
// prints a warning for each one that is not) and a package count within its budget.
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { projectRoot } from '../helpers/sources.js';

/**
 * Entries of the lock (other systems' platform binaries among them): 1,198 when Elements' unused React
 * tree came with three nested copies of one type package's tree.
 */
const PACKAGE_BUDGET = 850;

const lock = JSON.parse(readFileSync(path.join(projectRoot, 'package-lock.json'), 'utf8')) as {
  packages: Record<string, { link?: boolean }>;
};

describe('the install the lock file makes', () => {
  it('meets every peer dependency, so npm ci warns of none', () => {
    // npm's own reading of the lock: it lists each peer whose installed version is outside the range asked.
    const ls = spawnSync('npm', ['ls', '--all', '--package-lock-only', '--json'], {
      cwd: projectRoot,
      encoding: 'utf8',
      timeout: 60_000,
    });
    const { problems = [] } = JSON.parse(ls.stdout) as { problems?: string[] };
    expect(problems).toEqual([]);
  }, 60_000);

  it(`installs at most ${PACKAGE_BUDGET} packages`, () => {
    const installed = Object.entries(lock.packages).filter(([where, entry]) => where !== '' && !entry.link);
    expect(installed.length).toBeLessThanOrEqual(PACKAGE_BUDGET);
  });
});
