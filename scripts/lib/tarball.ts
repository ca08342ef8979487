// A package's tarball as a user installs it: the files `npm pack` would put in it, with a package.json
// free of what only this repository uses. Its scripts above all: npm 11 names a package whose manifest
// has a `prepare` at every install ("install scripts not yet covered by allowScripts"), though npm never
// runs it from a tarball. The package is staged in a folder of its own and packed there, so nothing in
// the working tree changes (tests pack the same package side by side).
import { execFileSync } from 'node:child_process';
import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/** The fields of a package.json that serve only the repository: its commands, its development tree. */
export const REPOSITORY_ONLY_FIELDS = ['scripts', 'devDependencies', 'workspaces', 'overrides', 'allowScripts'];

/** `npm pack` in `cwd` with `args`, scripts skipped (the build is done first): what it reports. */
function npmPack(cwd: string, args: readonly string[]): { filename: string; files: { path: string }[] } {
  const out = execFileSync('npm', ['pack', '--json', '--ignore-scripts', ...args], {
    cwd,
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  return (JSON.parse(out) as { filename: string; files: { path: string }[] }[])[0]!;
}

/** The package in `dir`, built already, packed into `destination` without its repository-only fields: the tarball's path. */
export function packTarball(dir: string, destination: string): string {
  const stage = mkdtempSync(path.join(os.tmpdir(), 'tarball-'));
  try {
    for (const { path: file } of npmPack(dir, ['--dry-run']).files) {
      mkdirSync(path.dirname(path.join(stage, file)), { recursive: true });
      copyFileSync(path.join(dir, file), path.join(stage, file));
    }
    const manifest = JSON.parse(readFileSync(path.join(dir, 'package.json'), 'utf8')) as Record<string, unknown>;
    for (const field of REPOSITORY_ONLY_FIELDS) delete manifest[field];
    writeFileSync(path.join(stage, 'package.json'), `${JSON.stringify(manifest, null, 2)}\n`);
    return path.join(destination, npmPack(stage, ['--pack-destination', path.resolve(destination)]).filename);
  } finally {
    rmSync(stage, { recursive: true, force: true });
  }
}
