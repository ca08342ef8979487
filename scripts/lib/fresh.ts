// Skips a build step whose outputs were built from the sources as they are now: every lane script builds
// before its tests (so each works alone), and in one CI run the same step ran six times on the same tree.
// The key is every file git would commit (tracked or new, not ignored: sources, scripts, the lock file)
// hashed by content, so any edit rebuilds; without git (an unpacked tarball) the step always runs.
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { projectRoot } from './tools.js';

const STAMPS = path.join(projectRoot, 'dist', 'stamps');

/** The hash of every file git would commit, by path and content; undefined where git does not answer. */
export function sourceKey(): string | undefined {
  const listed = spawnSync('git', ['ls-files', '-z', '--cached', '--others', '--exclude-standard'], {
    cwd: projectRoot,
    encoding: 'utf8',
  });
  if (listed.status !== 0) return undefined;
  const hash = createHash('sha256');
  for (const file of listed.stdout.split('\0').filter(Boolean).sort()) {
    // A tracked file deleted from the tree counts as a change, as its content would.
    let content: Buffer;
    try {
      content = readFileSync(path.join(projectRoot, file));
    } catch {
      content = Buffer.from('\0deleted');
    }
    hash.update(`${file}\0${content.length}\0`).update(content);
  }
  return hash.digest('hex');
}

/**
 * Runs `step` unless its stamp holds the current source key and each of `outputs` exists. The stamp is
 * removed before the step runs and written only once it succeeds, so a failed build is never taken as fresh.
 */
export async function unlessFresh(name: string, outputs: readonly string[], step: () => Promise<void>): Promise<void> {
  const stamp = path.join(STAMPS, `${name}.sha256`);
  const key = sourceKey();
  const stamped = existsSync(stamp) ? await readFile(stamp, 'utf8') : '';
  if (key && stamped === key && outputs.every((output) => existsSync(path.join(projectRoot, output)))) {
    process.stdout.write(`✔ ${name}: done already for these sources\n`);
    return;
  }
  await rm(stamp, { force: true });
  await step();
  if (!key) return;
  await mkdir(STAMPS, { recursive: true });
  await writeFile(stamp, key);
}
