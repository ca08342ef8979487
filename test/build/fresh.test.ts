// The build stamps (scripts/lib/fresh.ts): a step is skipped only when neither its sources nor its outputs
// changed since it ran, in a scratch git repository so the project's own stamps stay as they are.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, mkdirSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { unlessFresh } from '../../scripts/lib/fresh.js';

const OUTPUT = 'dist/out.js';

describe('a build step behind its stamp', () => {
  let root: string;
  const write = (file: string, text: string) => {
    mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
    writeFileSync(path.join(root, file), text);
  };
  const git = (...args: string[]) => execFileSync('git', args, { cwd: root, stdio: 'ignore' });
  /** Runs the step behind its stamp; says whether it ran. */
  const build = async (step = async () => write(OUTPUT, 'built')) => {
    let ran = false;
    await unlessFresh(
      'lib',
      [OUTPUT],
      async () => {
        ran = true;
        await step();
      },
      root,
    );
    return ran;
  };

  beforeEach(async () => {
    vi.spyOn(process.stdout, 'write').mockReturnValue(true);
    root = mkdtempSync(path.join(os.tmpdir(), 'fresh-'));
    git('init', '-q');
    write('.gitignore', 'dist/\nscratch.log\n');
    write('src/a.ts', 'export const a = 1;\n');
    write('package-lock.json', '{"lockfileVersion":3}\n');
    git('add', '.');
    expect(await build()).toBe(true);
  });
  afterEach(() => {
    vi.restoreAllMocks();
    rmSync(root, { recursive: true, force: true });
  });

  it('is skipped when nothing changed', async () => {
    expect(await build()).toBe(false);
  });

  it('is skipped when only an ignored file changed', async () => {
    write('scratch.log', 'noise');
    expect(await build()).toBe(false);
  });

  const later = (file: string) => {
    const when = new Date(Date.now() + 5000);
    utimesSync(path.join(root, file), when, when);
  };
  it.each<[string, () => void]>([
    ['a tracked source is edited', () => write('src/a.ts', 'export const a = 2;\n')],
    ['a new file is not yet tracked', () => write('src/b.ts', 'export const b = 1;\n')],
    ['a tracked source is deleted', () => rmSync(path.join(root, 'src/a.ts'))],
    ['the lock file names another dependency', () => write('package-lock.json', '{"lockfileVersion":4}\n')],
    ['its output is gone', () => rmSync(path.join(root, OUTPUT))],
    ['another build (npm run build, tsc) wrote its output', () => write(OUTPUT, 'built from other sources')],
    [
      'another build wrote the same bytes later',
      () => {
        write(OUTPUT, 'built');
        later(OUTPUT);
      },
    ],
  ])('runs again when %s', async (_case, change) => {
    change();
    expect(await build()).toBe(true);
    expect(await build()).toBe(false);
  });

  it('runs again when the sources went elsewhere, another build ran there, and they came back', async () => {
    write('src/a.ts', 'export const a = 2;\n');
    write(OUTPUT, 'built from a = 2');
    later(OUTPUT);
    write('src/a.ts', 'export const a = 1;\n');
    expect(await build()).toBe(true);
  });

  it('leaves no stamp when the step fails, so the next run builds', async () => {
    write('src/a.ts', 'export const a = 3;\n');
    await expect(build(async () => Promise.reject(new Error('tsc failed')))).rejects.toThrow('tsc failed');
    expect(await build()).toBe(true);
  });
});
