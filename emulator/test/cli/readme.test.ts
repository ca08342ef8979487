// The README's examples work as written: each is run as a user would (an ES module that imports both
// packages by name), with nothing else running, and prints what the README says it prints.
import { execFile } from 'node:child_process';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { transformSync } from 'esbuild';
import { describe, expect, it } from 'vitest';

const readme = readFileSync(path.resolve('emulator', 'README.md'), 'utf8');

/** Runs the first ts block after a heading of the README, from inside the repository so the package names resolve. */
async function runExample(heading: string): Promise<{ stdout: string; stderr: string }> {
  const code = /```ts\n([\s\S]*?)```/.exec(readme.slice(readme.indexOf(heading)))?.[1];
  expect(code, `a ts code block under "${heading}"`).toBeTruthy();
  const dir = path.resolve('test-results', 'emulator-readme');
  mkdirSync(dir, { recursive: true });
  const file = path.join(dir, `${heading.replace(/\W+/g, '-')}.mjs`);
  writeFileSync(file, transformSync(code!, { loader: 'ts', format: 'esm' }).code);
  return promisify(execFile)(process.execPath, [file], { encoding: 'utf8', timeout: 20_000, env: { ...process.env, GCORE_API_KEY: '', GCORE_BASE_URL: '' } });
}

describe('emulator README', () => {
  it('runs the in-process example as written', async () => {
    const run = await runExample('## In process');
    expect(run.stderr).toBe('');
    expect(run.stdout.trim()).toBe('1 in_progress');
  }, 30_000);

  it('runs the "Testing failure handling" recipe as written, and it prints what the README says', async () => {
    const run = await runExample('## Testing failure handling');
    expect(run.stderr).toBe('');
    expect(run.stdout.trim()).toBe('1444 true true');
    expect(readme).toContain('It prints `1444 true true`.');
  }, 30_000);
});
