// test/document/live-examples.test.ts in a checkout with nothing beside it: its tests are reported as
// skipped, each with the reason in its name, and none as passed (a skip counted as a pass hides that the
// live examples were never checked).
import { execFile } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, readFileSync, symlinkSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { expect, it } from 'vitest';
import { projectRoot } from '../helpers/sources.js';

/** What the file needs to load: its helpers, the sources and document they read, and the dependencies. */
const COPIED = [
  'package.json',
  'src',
  'check/src',
  'generated',
  'reference',
  'test/helpers',
  'test-kit',
  'test/document/live-examples.test.ts',
];

interface JsonReport {
  numPassedTests: number;
  numPendingTests: number;
  testResults: { assertionResults: { status: string; fullName: string }[] }[];
}

it('reports the live examples as skipped, naming why, when ../shared is not beside the checkout', async () => {
  const checkout = path.join(mkdtempSync(path.join(os.tmpdir(), 'live-examples-skip-')), 'checkout');
  mkdirSync(path.join(checkout, 'test', 'document'), { recursive: true });
  for (const entry of COPIED) cpSync(path.join(projectRoot, entry), path.join(checkout, entry), { recursive: true });
  symlinkSync(path.join(projectRoot, 'node_modules'), path.join(checkout, 'node_modules'));
  const report = path.join(checkout, 'report.json');
  const vitest = path.join(projectRoot, 'node_modules', 'vitest', 'vitest.mjs');
  const run = ['run', 'test/document/live-examples.test.ts', '--reporter=json', `--outputFile=${report}`];
  const { VITEST: _vitest, VITEST_WORKER_ID: _worker, VITEST_POOL_ID: _pool, ...env } = process.env;
  await promisify(execFile)(process.execPath, [vitest, ...run], { cwd: checkout, env, timeout: 60_000 });

  const { numPassedTests, numPendingTests, testResults } = JSON.parse(readFileSync(report, 'utf8')) as JsonReport;
  expect(numPassedTests).toBe(0);
  expect(numPendingTests).toBeGreaterThan(0);
  for (const { status, fullName } of testResults.flatMap((file) => file.assertionResults)) {
    expect(status, fullName).toBe('skipped');
    expect(fullName).toMatch(/skipped: \.\.\/shared\/reference\/live-examples is not beside this checkout/);
  }
});
