// The project's files as git sees them: tracked, and new ones not ignored (so a file just added counts).
import { execFileSync } from 'node:child_process';
import { projectRoot } from './sources.js';

/** Every file matching a git pathspec (`*.md`), relative to the root, sorted. */
export function trackedFiles(pathspec: string): string[] {
  const list = (args: string[]) =>
    execFileSync('git', ['ls-files', ...args, '--', pathspec], { cwd: projectRoot, encoding: 'utf8' });
  return [...new Set([...list([]).split('\n'), ...list(['--others', '--exclude-standard']).split('\n')])]
    .filter(Boolean)
    .sort();
}
