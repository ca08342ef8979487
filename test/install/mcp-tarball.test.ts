// cloud-platform-mcp as a user gets it, from its tarball alone (npm pack), on the Node line running the
// suite: run by npx in an empty folder, as its README says, and installed into a fresh project, where it
// brings the MCP server SDK and none of this project's other packages, and answers a tool call from the
// emulator bundled in it, keeping state in an SQLite file.
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { projectRoot } from '../helpers/sources.js';
import { freshProject, packedTarball, run } from './installed.js';

const mcpRoot = path.join(projectRoot, 'mcp');

/** The lines a client writes for one tool call: the handshake, then the call. */
const SESSION = [
  {
    jsonrpc: '2.0',
    id: 1,
    method: 'initialize',
    params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'tarball-test', version: '1.0.0' } },
  },
  { jsonrpc: '2.0', method: 'notifications/initialized' },
  { jsonrpc: '2.0', id: 2, method: 'tools/call', params: { name: 'getVideo', arguments: { video_id: 1444 } } },
];

interface Answer {
  id?: number;
  result?: { content: { text: string }[]; isError?: boolean };
}

/** Runs the installed command, writes the session, and closes its stdin once the call is answered: its exit code and the answer. */
function callThroughInstalled(project: string, args: string[]): Promise<{ code: number | null; answer: Answer }> {
  const child = spawn('npx', ['--no-install', 'cloud-platform-mcp', ...args], { cwd: project });
  let out = '';
  let stderr = '';
  let answer: Answer | undefined;
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk));
  child.stdout.on('data', (chunk: Buffer) => {
    out += chunk;
    const lines = out.split('\n').filter(Boolean);
    answer = lines.map((line) => JSON.parse(line) as Answer).find((each) => each.id === 2);
    if (answer) child.stdin.end();
  });
  child.stdin.write(SESSION.map((message) => `${JSON.stringify(message)}\n`).join(''));
  return new Promise((resolve, reject) =>
    child.on('close', (code) =>
      answer ? resolve({ code, answer }) : reject(new Error(`exited with ${code} unanswered: ${out}${stderr}`)),
    ),
  );
}

describe(`cloud-platform-mcp installed from its tarball alone, on Node ${process.versions.node}`, () => {
  it('runs by npx -p from the tarball in an empty folder', () => {
    const empty = mkdtempSync(path.join(os.tmpdir(), 'mcp-npx-'));
    const tarball = path.basename(packedTarball(mcpRoot, empty));
    expect(tarball).toMatch(/^cloud-platform-mcp-\d+\.\d+\.\d+\.tgz$/);
    const help = run('npx', ['--yes', '-p', `./${tarball}`, 'cloud-platform-mcp', '--help'], empty);
    expect(help.status, help.stderr).toBe(0);
    expect(help.stdout).toMatch(/^Usage: cloud-platform-mcp/);
  }, 240_000);

  it('installs with the MCP server SDK and without the client, checker or emulator packages, and answers a tool call', async () => {
    const project = freshProject('mcp-install-');
    const install = run('npm', ['install', '--omit=dev', packedTarball(mcpRoot, project)], project);
    expect(install.status, install.stderr).toBe(0);
    const installed = (name: string) => existsSync(path.join(project, 'node_modules', name, 'package.json'));
    expect(installed('@modelcontextprotocol/server')).toBe(true);
    expect(installed('@modelcontextprotocol/sdk')).toBe(false);
    expect(installed('cloud-platform-api')).toBe(false);
    expect(installed('cloud-platform-check')).toBe(false);
    expect(installed('cloud-platform-emulator')).toBe(false);
    const state = path.join(project, 'state.db');
    const { code, answer } = await callThroughInstalled(project, ['--state', state]);
    expect(code).toBe(0);
    expect(answer.result?.isError, JSON.stringify(answer)).toBeFalsy();
    expect(JSON.parse(answer.result!.content[0]!.text)).toMatchObject({ id: 1444, name: 'Product launch' });
    expect(readFileSync(state).subarray(0, 15).toString()).toBe('SQLite format 3');
  }, 240_000);
});
