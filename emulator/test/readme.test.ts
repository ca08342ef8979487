// The README's in-process example works as written: its code, run as a user would (an ES module that
// imports both packages by name), with nothing else running.
import { execFile } from 'node:child_process';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { transformSync } from 'esbuild';
import { describe, expect, it } from 'vitest';

const emulatorRoot = path.resolve('emulator');

describe('emulator README', () => {
  it('runs the in-process example as written', async () => {
    const readme = readFileSync(path.join(emulatorRoot, 'README.md'), 'utf8');
    const code = /```ts\n([\s\S]*?)```/.exec(readme.slice(readme.indexOf('## In process')))?.[1];
    expect(code, 'a ts code block under "In process"').toBeTruthy();
    // Inside the repository, so both package names resolve as they would once installed.
    const dir = path.resolve('test-results', 'emulator-readme');
    mkdirSync(dir, { recursive: true });
    const file = path.join(dir, 'in-process.mjs');
    writeFileSync(file, transformSync(code!, { loader: 'ts', format: 'esm' }).code);
    const run = await promisify(execFile)(process.execPath, [file], { encoding: 'utf8', timeout: 20_000, env: { ...process.env, GCORE_API_KEY: '', GCORE_BASE_URL: '' } });
    expect(run.stderr).toBe('');
    expect(run.stdout.trim()).toBe('1 in_progress');
  }, 30_000);
});
