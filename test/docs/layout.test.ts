// The contributing guide's Layout, held against the tree: each folder git tracks at the top, and each
// folder of a workspace package, is named there, and each path its first column names exists.
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { projectRoot } from '../helpers/sources.js';

const guide = readFileSync(path.join(projectRoot, 'docs', 'contributing.md'), 'utf8');
const layout = /## Layout\n\n```text\n([\s\S]*?)\n```/.exec(guide)?.[1] ?? '';
const WORKSPACES = ['check', 'emulator', 'mcp'];

const tracked = spawnSync('git', ['ls-files'], { cwd: projectRoot, encoding: 'utf8' }).stdout.split('\n');
/** Folders at the top, and in each workspace package, that hold a tracked file. */
const folders = [
  ...new Set(
    tracked.flatMap((file) => {
      const parts = file.split('/');
      if (parts.length < 2) return [];
      const top = parts[0]!;
      return WORKSPACES.includes(top) && parts.length > 2 ? [top, `${top}/${parts[1]}`] : [top];
    }),
  ),
].sort();

describe("the contributing guide's Layout", () => {
  it('names each folder that holds a tracked file, at the top and in each workspace package', () => {
    expect(folders.length).toBeGreaterThan(10);
    const words = layout.split(/[\s,;]+/);
    const unnamed = folders.filter((folder) => !words.some((word) => word.startsWith(`${folder}/`)));
    expect(unnamed).toEqual([]);
  });

  it('names in its first column paths that exist (a placeholder <...> names its folder)', () => {
    const named = layout
      .split('\n')
      .flatMap((line) => line.split(/ {2,}/)[0]!.split(', '))
      .map((name) => (name.includes('<') ? path.dirname(name.slice(0, name.indexOf('<'))) : name.replace(/\*.*$/, '')));
    expect(named.length).toBeGreaterThan(10);
    const missing = named.filter((name) => !existsSync(path.join(projectRoot, name)));
    expect(missing).toEqual([]);
  });
});
