// examples/logs-app as a user has it: its own project, the packages installed from the tarballs npm pack
// makes, its vitest tests passing (in process, through MSW, over HTTP), and its code type-checked as an
// ES module project and as a CommonJS one (where msw's two sets of type files must not clash).
import { spawnSync } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { packedTarball } from '../install/installed.js';
import { projectRoot } from '../helpers/sources.js';

const scratch = mkdtempSync(path.join(os.tmpdir(), 'example-app-'));
const app = path.join(scratch, 'logs-app');
/** The environment without this run's own vitest variables, which would make the app's vitest think it is a worker. */
const env = {
  ...Object.fromEntries(Object.entries(process.env).filter(([name]) => !name.startsWith('VITEST'))),
  NO_COLOR: '1',
  npm_config_fund: 'false',
  npm_config_audit: 'false',
};
const inApp = (command: string, args: string[]) =>
  spawnSync(command, args, { cwd: app, encoding: 'utf8', env, timeout: 180_000 });

describe('the example app', () => {
  beforeAll(() => {
    // Beside the app, where its package.json expects them (file:../<name>-<version>.tgz).
    for (const dir of ['', 'check', 'emulator']) packedTarball(path.join(projectRoot, dir), scratch);
    cpSync(path.join(projectRoot, 'examples', 'logs-app'), app, {
      recursive: true,
      filter: (from) => !from.includes('node_modules'),
    });
    const install = inApp('npm', ['install', '--prefer-offline']);
    expect(install.status, install.stderr).toBe(0);
  }, 240_000);

  it('passes its own tests, in process, through MSW and over HTTP, and prints their coverage', () => {
    const test = inApp('npm', ['test']);
    expect(test.status, test.stdout + test.stderr).toBe(0);
    expect(test.stdout).toMatch(/Test Files\s+4 passed \(4\)/);
    expect(test.stdout).toMatch(/^createLogsUploaderConfig: statuses 1\/4, parameters \d+\/\d+, links 1\/1$/m);
  }, 120_000);

  it.each(['module', 'commonjs'])(
    'type-checks as a "type": "%s" project',
    (type) => {
      const manifest = path.join(app, 'package.json');
      const original = readFileSync(manifest, 'utf8');
      writeFileSync(manifest, JSON.stringify({ ...JSON.parse(original), type }, null, 2));
      try {
        const check = inApp('npm', ['run', 'typecheck']);
        expect(check.status, check.stdout + check.stderr).toBe(0);
      } finally {
        writeFileSync(manifest, original);
      }
    },
    120_000,
  );
});
