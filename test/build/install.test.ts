// The install a fresh clone's `npm ci` makes, read from the lock file: every peer dependency met (npm ci
// prints a warning for each one that is not), a package count within its budget, and no large package
// installed twice.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { projectRoot } from '../helpers/sources.js';

/**
 * Entries of the lock (other systems' platform binaries among them): 1,198 when Elements' unused React
 * tree came with three nested copies of one type package's tree. 788 before the document loader, whose
 * $ref bundler brings js-yaml 4 beside the tools' js-yaml 3, nested in each package that names it.
 */
const PACKAGE_BUDGET = 800;
/**
 * Bytes a package's copies beyond its largest may hold together. Octokit's types came three times (10 MB
 * more), which an override fixed; undici 7 and 8 (2.2 MB more) are two majors that two tools each need.
 */
const SECOND_COPY_BUDGET = 3 * 1024 * 1024;

const lock = JSON.parse(readFileSync(path.join(projectRoot, 'package-lock.json'), 'utf8')) as {
  packages: Record<string, { link?: boolean; hasInstallScript?: boolean }>;
};
const manifest = JSON.parse(readFileSync(path.join(projectRoot, 'package.json'), 'utf8')) as {
  allowScripts?: Record<string, boolean>;
};

/** Bytes of one installed package's own files, not counting the packages nested under it. */
function ownBytes(folder: string): number {
  let bytes = 0;
  for (const entry of readdirSync(folder, { withFileTypes: true })) {
    const where = path.join(folder, entry.name);
    if (entry.isDirectory()) bytes += entry.name === 'node_modules' ? 0 : ownBytes(where);
    else if (entry.isFile()) bytes += statSync(where).size;
  }
  return bytes;
}

/** Each package name the lock installs at more than one place, with those places. */
function namesInstalledTwice(): Map<string, string[]> {
  const places = new Map<string, string[]>();
  for (const [where, entry] of Object.entries(lock.packages)) {
    if (!where.includes('node_modules/') || entry.link) continue;
    const name = where.slice(where.lastIndexOf('node_modules/') + 'node_modules/'.length);
    places.set(name, [...(places.get(name) ?? []), where]);
  }
  return new Map([...places].filter(([, wheres]) => wheres.length > 1));
}

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

  it('decides on every install script, so npm ci lists none as unreviewed', () => {
    const withScripts = Object.entries(lock.packages)
      .filter(([where, entry]) => where.includes('node_modules/') && entry.hasInstallScript && !entry.link)
      .map(([where]) => where.slice(where.lastIndexOf('node_modules/') + 'node_modules/'.length));
    expect(withScripts.length).toBeGreaterThan(0);
    const undecided = withScripts.filter((name) => typeof manifest.allowScripts?.[name] !== 'boolean');
    expect(undecided).toEqual([]);
  });

  it(`installs at most ${PACKAGE_BUDGET} packages`, () => {
    const installed = Object.entries(lock.packages).filter(([where, entry]) => where !== '' && !entry.link);
    expect(installed.length).toBeLessThanOrEqual(PACKAGE_BUDGET);
  });

  it('holds no package whose copies beyond the first pass 3 MB', () => {
    const oversized: string[] = [];
    let measured = 0;
    for (const [name, wheres] of namesInstalledTwice()) {
      const sizes = wheres
        .filter((where) => existsSync(path.join(projectRoot, where))) // other systems' binaries are not laid out
        .map((where) => {
          measured += 1;
          return ownBytes(path.join(projectRoot, where));
        })
        .sort((a, b) => b - a);
      const beyondFirst = sizes.slice(1).reduce((sum, size) => sum + size, 0);
      if (beyondFirst > SECOND_COPY_BUDGET) oversized.push(`${name}: ${sizes.length} copies`);
    }
    // Read from node_modules as npm ci laid it out: without it, nothing would be measured.
    expect(measured).toBeGreaterThan(0);
    expect(oversized).toEqual([]);
  });
});
