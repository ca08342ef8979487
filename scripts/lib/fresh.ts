// Skips a build step whose outputs were built from the sources as they are now: every lane script builds
// before its tests (so each works alone), and in one CI run the same step ran six times on the same tree.
// The key is every file git would commit (tracked or new, not ignored: sources, scripts, the lock file)
// hashed by content, so any edit rebuilds; without git (an unpacked tarball) the step always runs.
// The stamp also holds each output's size and time as the step left it: `npm run build`, bench:build or a
// hand-run tsc write the same outputs without a stamp, and a tree then put back to the stamped sources
// (a branch switched back, an edit undone) would otherwise pass off what they built as fresh.
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { mkdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { projectRoot } from './tools.js';

/** The hash of every file git would commit, by path and content; undefined where git does not answer. */
export function sourceKey(root = projectRoot): string | undefined {
  const listed = spawnSync('git', ['ls-files', '-z', '--cached', '--others', '--exclude-standard'], {
    cwd: root,
    encoding: 'utf8',
  });
  if (listed.status !== 0) return undefined;
  const hash = createHash('sha256');
  for (const file of listed.stdout.split('\0').filter(Boolean).sort()) {
    // A tracked file deleted from the tree counts as a change, as its content would.
    let content: Buffer;
    try {
      content = readFileSync(path.join(root, file));
    } catch {
      content = Buffer.from('\0deleted');
    }
    hash.update(`${file}\0${content.length}\0`).update(content);
  }
  return hash.digest('hex');
}

/** Each output as it lies now: a missing one, or one written since, gives another line. */
async function outputsNow(root: string, outputs: readonly string[]): Promise<string> {
  const lines = await Promise.all(
    outputs.map(async (output) => {
      const found = await stat(path.join(root, output)).catch(() => undefined);
      return `${output}\0${found ? `${found.size}\0${found.mtimeMs}` : 'missing'}`;
    }),
  );
  return lines.join('\n');
}

/**
 * Runs `step` unless its stamp holds the current source key and each of `outputs` exists as the step left
 * it. The stamp is removed before the step runs and written only once it succeeds, so a failed build is
 * never taken as fresh. `root` is the project's (a test passes a scratch repository).
 */
export async function unlessFresh(
  name: string,
  outputs: readonly string[],
  step: () => Promise<void>,
  root = projectRoot,
): Promise<void> {
  const stamp = path.join(root, 'dist', 'stamps', `${name}.sha256`);
  const key = sourceKey(root);
  const stamped = await readFile(stamp, 'utf8').catch(() => '');
  if (key && stamped === `${key}\n${await outputsNow(root, outputs)}`) {
    process.stdout.write(`✔ ${name}: done already for these sources\n`);
    return;
  }
  await rm(stamp, { force: true });
  await step();
  if (!key) return;
  await mkdir(path.dirname(stamp), { recursive: true });
  await writeFile(stamp, `${key}\n${await outputsNow(root, outputs)}`);
}
