// docs/own-document.md's worked example, run by bash as written from the repository root: the emulator
// started on the guide's document (a free port as its PORT, in a terminal of its own), the calls printing
// what the page says they print, the checker reporting on it, and the MCP server listing its tools.
import { execFile, spawn } from 'node:child_process';
import { promisify } from 'node:util';
import { Client } from '@modelcontextprotocol/client';
import { getDefaultEnvironment, StdioClientTransport } from '@modelcontextprotocol/client/stdio';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { closedPort } from '../../test-kit/http-server.js';
import { listeningUrl } from '../../test-kit/listening.js';
import { projectRoot } from '../../test-kit/project-root.js';
import { codeBlocks } from '../helpers/markdown.js';
import { runCommand } from './processes.js';

const GUIDE = 'docs/own-document.md';
const [start, calls, check, mcp] = codeBlocks(GUIDE)
  .filter((block) => block.lang === 'sh' && block.heading === '## A worked example')
  .map((block) => ({ ...block, code: block.code.trim() }));

let port: string;
let stopEmulator: () => Promise<void>;
beforeAll(async () => {
  port = String(await closedPort());
  const emulator = spawn('bash', ['-c', `exec ${start!.code}`], {
    cwd: projectRoot,
    env: { ...process.env, PORT: port },
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
  const closed = new Promise((resolve) => emulator.once('close', resolve));
  stopEmulator = async () => {
    // npx runs the command in a child of its own: end the whole group.
    if (emulator.exitCode === null) process.kill(-emulator.pid!, 'SIGTERM');
    await closed;
  };
  expect(await listeningUrl(emulator, start!.code)).toMatch(new RegExp(`^http://127\\.0\\.0\\.1:${port}\\b`));
});
afterAll(() => stopEmulator?.());

const asWritten = (code: string) => code.replaceAll('4010', port);

describe(`${GUIDE}, the worked example as written`, () => {
  it('has its four commands: start, calls, check, MCP', () => {
    expect([start, calls, check, mcp].map((block) => block?.code.split(' ')[0])).toEqual([
      'npx',
      expect.stringMatching(/^TOKEN=/),
      'npx',
      'node_modules/.bin/cloud-platform-mcp',
    ]);
  });

  it('prints, for the calls, what the page says', async () => {
    const promised = [...calls!.after.split('\n\n')[0]!.matchAll(/`([^`]+)`/g)].map((m) => m[1]);
    expect(promised.length).toBeGreaterThan(0);
    const { stdout } = await promisify(execFile)('bash', ['-e', '-o', 'pipefail', '-c', asWritten(calls!.code)], {
      cwd: projectRoot,
      encoding: 'utf8',
      timeout: 60_000,
    });
    expect(stdout.trim().split('\n')).toEqual(promised);
  });

  it('checks the emulator with the command as written, to a report', async () => {
    const run = await runCommand('bash', ['-c', asWritten(check!.code)]);
    expect([0, 1], `${run.stderr}${run.stdout}`).toContain(run.code);
    expect(run.stdout).toMatch(/^cloud-platform-check: \d+ requests to http:\/\/127\.0\.0\.1:\d+/m);
  });

  it('starts the MCP server as written, with its tools', async () => {
    const client = new Client({ name: 'guide-recipe', version: '1.0.0' });
    await client.connect(
      new StdioClientTransport({
        command: 'bash',
        args: ['-c', `exec ${mcp!.code}`],
        cwd: projectRoot,
        env: getDefaultEnvironment(),
      }),
    );
    try {
      const { tools } = await client.listTools();
      expect(tools.map((tool) => tool.name)).toContain('createBooking');
    } finally {
      await client.close();
    }
  });
});
