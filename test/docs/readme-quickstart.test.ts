// The README's client quick start works as written: in a fresh project made by `npm init -y` (CommonJS
// by default), with the package installed from its tarball, saved as quickstart.mjs as the README says,
// run with node against the emulator.
import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { useEmulator } from '../../emulator/test/helpers/emulator.js';
import { packedTarball, run } from '../install/installed.js';
import { projectRoot } from '../helpers/sources.js';

const running = useEmulator();

describe('README client quick start', () => {
  it('runs as written in a fresh npm init -y project, saved as quickstart.mjs', async () => {
    const readme = readFileSync(path.join(projectRoot, 'README.md'), 'utf8');
    const section = readme.slice(readme.indexOf('## Quick start: call the API'));
    expect(section).toMatch(/Save this as\s+`quickstart\.mjs`/);
    const code = /```js\n([\s\S]*?)```/.exec(section)?.[1];
    expect(code, 'a js code block in the quick start').toBeTruthy();
    expect(code!.split('\n').filter(Boolean).length).toBeLessThanOrEqual(6);

    const project = mkdtempSync(path.join(os.tmpdir(), 'quickstart-'));
    expect(run('npm', ['init', '-y'], project).status).toBe(0);
    expect(JSON.parse(readFileSync(path.join(project, 'package.json'), 'utf8')).type ?? 'commonjs').toBe('commonjs');
    const tarball = packedTarball(projectRoot, project);
    const install = run('npm', ['install', '--ignore-scripts', '--omit=dev', tarball], project);
    expect(install.status, install.stderr).toBe(0);
    writeFileSync(path.join(project, 'quickstart.mjs'), code!);
    // Asynchronous: the emulator answers from this same process.
    const result = await promisify(execFile)(process.execPath, ['quickstart.mjs'], {
      cwd: project,
      encoding: 'utf8',
      timeout: 20_000,
      env: { ...process.env, GCORE_API_KEY: 'readme-token', GCORE_BASE_URL: running.url },
    });
    expect(result.stderr).toBe('');
    expect(result.stdout.trim()).toBe('Product launch ready');
  }, 120_000);
});
