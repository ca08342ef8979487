// Which document `npm run diff` compares the working tree with when given no ref: the last release.
// A release is the newest `v*` tag; without one, the commit that brought in the version the
// committed document holds now, since every raise of info.version is a release. (The commit before
// it holds the previous version: compared with that, the raise itself would let every breaking
// change made since pass as "major raised".)
import { execFileSync } from 'node:child_process';

export const COMMITTED_DOCUMENT = 'generated/openapi.yaml';

/** Runs git in a folder and returns what it printed. */
export const git = (cwd: string, ...args: string[]) =>
  execFileSync('git', args, {
    cwd,
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'pipe'],
    maxBuffer: 64 * 1024 * 1024,
  }).trim();

/** The info.version of a bundled document's text (the bundle writes `info:` first, `version:` inside it). */
export function versionOf(text: string): string | undefined {
  return /^info:\n(?:[ \t]+.*\n)*?[ \t]+version:[ \t]*['"]?([^'"\n]+?)['"]?[ \t]*$/m.exec(text)?.[1];
}

export interface ReleaseBase {
  ref: string;
  /** How it was chosen, for the report. */
  why: string;
}

export function lastRelease(cwd = process.cwd()): ReleaseBase {
  try {
    const tag = git(cwd, 'describe', '--tags', '--abbrev=0', '--match', 'v[0-9]*');
    return { ref: tag, why: 'the newest v* tag' };
  } catch {
    // No release tag: found from the history of the committed document below.
  }
  const commits = git(cwd, 'log', '--format=%H', '--', COMMITTED_DOCUMENT).split('\n').filter(Boolean);
  if (commits.length === 0) throw new Error(`No commit has ${COMMITTED_DOCUMENT} yet: nothing to compare with`);
  const versionAt = (commit: string) => versionOf(git(cwd, 'show', `${commit}:${COMMITTED_DOCUMENT}`));
  const current = versionAt(commits[0]!);
  let release = commits[0]!;
  for (const commit of commits.slice(1)) {
    if (versionAt(commit) !== current) break;
    release = commit;
  }
  return { ref: release.slice(0, 12), why: `no v* tag: the commit that brought in version ${current}` };
}
