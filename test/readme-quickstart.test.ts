// The README's client quick start works as written: its code, run as a user would (an ES module
// importing the package by name), against the emulator.
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { transformSync } from 'esbuild';
import { describe, expect, it } from 'vitest';
import { useEmulator } from '../emulator/test/helpers.js';
import { projectRoot } from './helpers/sources.js';

const running = useEmulator();

describe('README client quick start', () => {
  it('runs as written against the emulator', async () => {
    const readme = readFileSync(path.join(projectRoot, 'README.md'), 'utf8');
    const section = readme.slice(readme.indexOf('## Client quick start'));
    const code = /```ts\n([\s\S]*?)```/.exec(section)?.[1];
    expect(code, 'a ts code block in the quick start').toBeTruthy();
    expect(code!.split('\n').filter(Boolean).length).toBeLessThanOrEqual(6);
    // Inside the project, so the package name resolves to this package, as it would once installed.
    const dir = path.join(projectRoot, 'test-results', 'readme');
    mkdirSync(dir, { recursive: true });
    const file = path.join(dir, 'quickstart.mjs');
    writeFileSync(file, transformSync(code!, { loader: 'ts', format: 'esm' }).code);
    // Asynchronous: the emulator answers from this same process.
    const run = await promisify(execFile)(process.execPath, [file], {
      encoding: 'utf8',
      timeout: 20_000,
      env: { ...process.env, GCORE_API_KEY: 'readme-token', GCORE_BASE_URL: running.url },
    });
    expect(run.stderr).toBe('');
    expect(run.stdout.trim()).toBe('Product launch ready');
  }, 30_000);
});
