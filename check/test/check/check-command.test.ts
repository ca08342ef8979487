// The cloud-platform-check command as a user runs it (its bin, as npx finds it in this repository):
// against the emulator it passes, against a server with planted divergences it fails naming them,
// --junit writes a file a JUnit parser reads, and bad usage exits 2 with a message that names the option.
// The bin runs once for each exit code (0, 1, 2); the other runs call its command in this process.
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parse, type TestSuite, type TestSuites } from 'junit2json';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createServerEmulator, startEmulatorServer, type RunningServer } from 'cloud-platform-emulator/server';
import { startDivergentServer } from '../../../test-kit/divergent-server.js';
import type { TestServer } from '../../../test-kit/http-server.js';
import { projectRoot } from '../../../test-kit/project-root.js';
import { checkCommand } from '../../src/check/check-cli.js';
import type { CoverageReport } from '../../src/check/coverage/model.js';

/** The command `npx cloud-platform-check` runs, run by node itself: npx would add a process and a second to each run. */
const BIN = path.join(projectRoot, 'node_modules', '.bin', 'cloud-platform-check');

/** Runs the command asynchronously: the servers it talks to live in this process. */
function check(
  args: string[],
  env: Record<string, string> = {},
): Promise<{ status: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [BIN, ...args], {
      cwd: projectRoot,
      env: { ...process.env, GCORE_API_KEY: '', ...env },
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk));
    child.on('close', (status) => resolve({ status, stdout, stderr }));
  });
}

/**
 * The same command in this process: what its bin prints and the code it exits with, without a process to
 * start. Exits 0, 1 and 2 are each checked once through the bin (`check`); the other runs are made here.
 */
async function checkInProcess(
  args: string[],
  env: { GCORE_API_KEY?: string } = {},
): Promise<{ status: number; stdout: string; stderr: string }> {
  vi.stubEnv('GCORE_API_KEY', env.GCORE_API_KEY ?? '');
  try {
    const { code, stdout, stderr } = await checkCommand(args);
    return { status: code, stdout, stderr };
  } finally {
    vi.unstubAllEnvs();
  }
}

const scratch = mkdtempSync(path.join(os.tmpdir(), 'check-command-'));

describe('npx cloud-platform-check', () => {
  let emulator: RunningServer;
  let broken: TestServer;
  beforeAll(async () => {
    emulator = await startEmulatorServer(await createServerEmulator(), { port: 0 });
    // One operation answered with a status it does not declare, another with a field of the wrong type.
    broken = await startDivergentServer((request, answer) => {
      if (answer.status === 200 && request.url.startsWith('/streaming/videos/')) return { ...answer, status: 203 };
      if (answer.status === 200 && request.url.startsWith('/dns/v2/zones/'))
        return { ...answer, body: answer.body.replace(/"expiry":\d+/, '"expiry":"two weeks"') };
      return answer;
    });
  });
  afterAll(async () => {
    await emulator.close();
    await broken.close();
  });

  it('passes against the emulator, with the key from GCORE_API_KEY, and writes a JUnit file with no failure', async () => {
    const junit = path.join(scratch, 'emulator.xml');
    const result = await check(['--base-url', emulator.url, '--seed', '42', '--junit', junit], {
      GCORE_API_KEY: 'a-key-of-mine',
    });
    expect(result.stdout).toContain('No check failed.');
    expect(result.status, result.stderr).toBe(0);
    const report = (await parse(readFileSync(junit, 'utf8'))) as TestSuites;
    expect(report.failures).toBe(0);
    expect(report.tests).toBeGreaterThan(0);
    expect(report.testsuite!.length).toBeGreaterThan(1);
    // Without --allow-writes, a DELETE of what the run did not create is skipped, and says why.
    const deleteEdgeApp = report.testsuite!.find((suite: TestSuite) => suite.name === 'deleteEdgeApp')!;
    expect(deleteEdgeApp.skipped).toBe(1);
    expect(result.stdout).toMatch(/deleteEdgeApp\s+0\s+skipped: a DELETE of a resource this run did not create/);
  }, 60_000);

  it('agrees in its run table with its coverage: an operation skipped but called (to delete what the run made) shows what it answered', async () => {
    const file = path.join(scratch, 'agree.json');
    const result = await checkInProcess(['--base-url', emulator.url, '--seed', '7', '--coverage', file], {
      GCORE_API_KEY: 'k',
    });
    expect(result.status, result.stderr).toBe(0);
    const coverage = JSON.parse(readFileSync(file, 'utf8')) as CoverageReport;
    const table = result.stdout.split('\n\n')[1]!.split('\n').slice(1);
    const rows = new Map(table.map((row) => [row.split(/\s+/)[0]!, row.split(/\s+/).slice(1).join(' ')]));
    const called = coverage.operations.filter((op) => op.requests > 0);
    // deleteStorageEvent is skipped (a DELETE of what the run did not make) and called on what it made.
    expect(called.map((op) => op.operationId)).toContain('deleteStorageEvent');
    for (const op of coverage.operations) {
      const [requests, ...cell] = rows.get(op.operationId)!.split(' ');
      expect(Number(requests), op.operationId).toBe(op.requests);
      const shown = [...cell.join(' ').matchAll(/\b(\d{3}) x\d+/g)].map((m) => m[1]!);
      const seen = op.statuses.seen.concat(op.statuses.undocumented);
      expect(shown.length > 0, `${op.operationId}: ${cell.join(' ')}`).toBe(op.requests > 0);
      expect(shown.filter((status) => !seen.some((key) => key === status || key === `${status[0]}XX`))).toEqual([]);
    }
  }, 60_000);

  it('fails against the broken server naming exactly the planted divergences, in the report and the JUnit file', async () => {
    const junit = path.join(scratch, 'broken.xml');
    const result = await check(['--base-url', broken.url, '--api-key', 'k', '--seed', '42', '--junit', junit]);
    expect(result.status).toBe(1);
    const failures = [...result.stdout.matchAll(/^\d+\. (\w+) ([\w-]+)/gm)].map((m) => `${m[1]} ${m[2]}`);
    expect([...new Set(failures)].sort()).toEqual(['getDnsZone body-schema', 'getVideo status-declared']);
    expect(result.stdout).toMatch(
      /reproduce: curl -sS -i -X GET 'http:\/\/127\.0\.0\.1:\d+\/streaming\/videos\/\d+' -H "Authorization: apikey \$GCORE_API_KEY"/,
    );
    const report = (await parse(readFileSync(junit, 'utf8'))) as TestSuites;
    const failing = report.testsuite!.flatMap((suite: TestSuite) =>
      (suite.testcase ?? []).filter((c) => c.failure).map((c) => `${suite.name} ${c.name!.split(' ')[0]}`),
    );
    expect(failing.sort()).toEqual(['getDnsZone body-schema', 'getVideo status-declared']);
    expect(report.failures).toBe(2);
  }, 60_000);

  it('writes --coverage as JSON and --coverage-html as a page, prints a coverage line per operation, and puts the figures in JUnit', async () => {
    const [json, html, junit] = ['c.json', 'c.html', 'c.xml'].map((name) => path.join(scratch, name)) as [
      string,
      string,
      string,
    ];
    const operations = 'createLogsUploaderConfig,updateLogsUploaderConfig,getVideo';
    const result = await checkInProcess([
      ...['--base-url', emulator.url, '--api-key', 'k', '--seed', '42', '--operations', operations],
      ...['--coverage', json, '--coverage-html', html, '--junit', junit],
    ]);
    expect(result.status, result.stderr).toBe(0);
    const coverage = JSON.parse(readFileSync(json, 'utf8'));
    expect(coverage.operations.map((op: { operationId: string }) => op.operationId)).toEqual(operations.split(','));
    expect(coverage.totals.links).toEqual([1, 1]);
    const getVideo = coverage.operations.find((op: { operationId: string }) => op.operationId === 'getVideo');
    expect(getVideo.statuses).toMatchObject({ documented: ['200', '4XX'], seen: ['200', '4XX'] });
    expect(getVideo.parameters).toEqual([{ in: 'path', name: 'video_id', sent: true }]);
    expect(result.stdout).toMatch(/^getVideo: statuses 2\/2, parameters 1\/1, links 0\/0$/m);
    expect(result.stdout).toMatch(
      /^createLogsUploaderConfig: statuses 4\/4 \(only by a fault: 403\), parameters \d+\/\d+, links 1\/1$/m,
    );
    expect(readFileSync(html, 'utf8')).toContain('<code>getVideo</code>');
    const report = (await parse(readFileSync(junit, 'utf8'))) as TestSuites;
    const suite = report.testsuite!.find((s: TestSuite) => s.name === 'getVideo')!;
    expect(suite.properties).toEqual([
      { name: 'coverage.statuses', value: '2/2' },
      { name: 'coverage.parameters', value: '1/1' },
      { name: 'coverage.links', value: '0/0' },
    ]);
  }, 60_000);

  it('exits 1 under --fail-under-statuses, naming the status a planted server never answers, though every check passed', async () => {
    // The emulator behind it, but a 409 of the configurator is turned into a 400 (the same error shape): 409 is never seen.
    const no409 = await startDivergentServer((request, answer) =>
      answer.status === 409 && request.url.startsWith('/storage/notifications/v1/events/configurator')
        ? { ...answer, status: 400 }
        : answer,
    );
    try {
      const args = [
        '--base-url',
        no409.url,
        '--api-key',
        'k',
        '--seed',
        '42',
        '--operations',
        'getStorageEventsConfigurator',
      ];
      const under = await checkInProcess([...args, '--fail-under-statuses', '100']);
      expect(under.stdout).toContain('No check failed.');
      expect(under.stderr).toBe(
        'Coverage of statuses is 4/5 (80.0%), under --fail-under-statuses 100; never met: getStorageEventsConfigurator 409\n',
      );
      expect(under.status).toBe(1);
      expect((await checkInProcess([...args, '--fail-under-statuses', '80'])).status).toBe(0);
    } finally {
      await no409.close();
    }
  }, 60_000);

  const usage: [string, string[], RegExp][] = [
    ['no --base-url', ['--api-key', 'k'], /--base-url is required/],
    [
      'a base URL that is no URL',
      ['--base-url', 'not a url', '--api-key', 'k'],
      /--base-url must be an absolute http or https URL/,
    ],
    [
      'no key anywhere',
      ['--base-url', 'http://127.0.0.1:9'],
      /An API key is required: --api-key, or the GCORE_API_KEY environment variable/,
    ],
    [
      'an unknown operation',
      ['--base-url', 'http://127.0.0.1:9', '--api-key', 'k', '--operations', 'getVideo,getVidoe'],
      /unknown operationId "getVidoe"; known: .*getVideo/,
    ],
    [
      'a count that is no whole number',
      ['--base-url', 'http://127.0.0.1:9', '--api-key', 'k', '--max-requests', '1.5'],
      /--max-requests must be a whole number, got "1.5"/,
    ],
    [
      'a rate of 0',
      ['--base-url', 'http://127.0.0.1:9', '--api-key', 'k', '--rate', '0'],
      /--rate must be a number of requests per second above 0/,
    ],
    [
      'an option it does not know',
      ['--base-url', 'http://127.0.0.1:9', '--api-key', 'k', '--strict'],
      /Unknown option '--strict'/,
    ],
  ];

  it.each(usage)('exits 2 on %s, naming the option and the rule', async (_, args, message) => {
    // In process: what the bin runs and prints (the bin itself exits 2 in the test after this table).
    const result = await checkInProcess(args);
    expect(result.status).toBe(2);
    expect(result.stderr).toMatch(message);
    expect(result.stdout).toBe('');
  });

  it('exits 2 from its bin on an option it does not know, saying so on stderr', async () => {
    const result = await check(['--base-url', 'http://127.0.0.1:9', '--api-key', 'k', '--strict']);
    expect(result.status).toBe(2);
    expect(result.stderr).toMatch(/Unknown option '--strict'/);
    expect(result.stdout).toBe('');
  }, 30_000);

  it('prints its options with --help', async () => {
    const result = await checkInProcess(['--help']);
    expect(result.status).toBe(0);
    expect(result.stdout).toMatch(/^Usage: cloud-platform-check --base-url <url>/);
    for (const option of [
      '--api-key',
      '--operations',
      '--max-requests',
      '--seed',
      '--rate',
      '--junit',
      '--coverage',
      '--coverage-html',
      '--fail-under-statuses',
      '--fail-under-parameters',
      '--allow-writes',
    ])
      expect(result.stdout).toContain(option);
  }, 30_000);
});
