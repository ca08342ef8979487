// The shell blocks of the README and the guides that do something here, run by bash as written from the
// repository root, with only a free port in place of 4010 and a scratch folder for the files they write.
// (The live-service recipe, which needs an upstream, is run by emulator/test/proxy/live-service-recipe.test.ts.)
import { execFile, spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import { getDefaultEnvironment, StdioClientTransport } from '@modelcontextprotocol/client/stdio';
import { closedPort, sendJson, startServer } from '../../test-kit/http-server.js';
import { listeningUrl } from '../../test-kit/listening.js';
import { codeBlocks, readMarkdown } from '../helpers/markdown.js';
import { projectRoot } from '../helpers/sources.js';

/** The first sh block under a heading of a page. */
function shellBlock(file: string, heading: string): string {
  const block = codeBlocks(file).find((b) => b.lang === 'sh' && b.heading === heading);
  if (!block) throw new Error(`${file} has no sh block under "${heading}"`);
  return block.code;
}

async function runAsWritten(script: string, replacements: [string, string][]): Promise<string> {
  const port = String(await closedPort());
  const edited = replacements.reduce((text, [from, to]) => text.replaceAll(from, to), script.replaceAll('4010', port));
  const { stdout } = await promisify(execFile)('bash', ['-e', '-c', edited], {
    cwd: projectRoot,
    encoding: 'utf8',
    timeout: 120_000,
  });
  return stdout;
}

const version = (dir: string) =>
  (JSON.parse(readFileSync(path.join(projectRoot, dir, 'package.json'), 'utf8')) as { version: string }).version;

describe('shell recipes, run as written', () => {
  it("the README's offline first call: the quick start, run against the emulator as written, prints what the page says", async () => {
    const block = codeBlocks('README.md').find((b) => b.lang === 'sh' && b.heading === '## Quick start: call the API')!;
    const [start, call, ...more] = block.code
      .trim()
      .split('\n')
      .map((line) => line.replace(/\s+#.*$/, ''));
    expect([start, more]).toEqual(['npx cloud-platform-emulator', []]);
    const quickstart = codeBlocks('README.md').find((b) => b.lang === 'js' && b.heading === block.heading)!;
    // Inside the repository, so the packages resolve as they would in an app that installed them.
    mkdirSync(path.join(projectRoot, 'test-results'), { recursive: true });
    const app = mkdtempSync(path.join(projectRoot, 'test-results', 'offline-first-call-'));
    writeFileSync(path.join(app, 'quickstart.mjs'), quickstart.code);
    const port = String(await closedPort());
    // Started as written, on a free port (the command's PORT), in a terminal of its own: in the background.
    const emulator = spawn('bash', ['-c', `exec ${start}`], {
      cwd: app,
      env: { ...process.env, PORT: port },
      stdio: ['ignore', 'pipe', 'pipe'],
      detached: true,
    });
    try {
      expect(await listeningUrl(emulator, 'the emulator')).toMatch(new RegExp(`^http://127\\.0\\.0\\.1:${port}\\b`));
      const { stdout } = await promisify(execFile)('bash', ['-e', '-c', call!.replaceAll('4010', port)], {
        cwd: app,
        encoding: 'utf8',
      });
      expect(stdout.trim()).toBe(/It prints `([^`]*)`/.exec(block.after)?.[1]);
    } finally {
      // npx runs the command in a child of its own: end the whole group, and wait until each has let go of its output.
      const closed = new Promise((resolve) => emulator.once('close', resolve));
      process.kill(-emulator.pid!, 'SIGTERM');
      await closed;
      rmSync(app, { recursive: true, force: true });
    }
  }, 60_000);

  it("the README's guard quick start: lint, the diff gate, and the checker against the emulator pass", async () => {
    const out = await runAsWritten(shellBlock('README.md', '## Quick start: guard the description in CI'), []);
    expect(out).toMatch(/No breaking change/);
    expect(out).toContain('No check failed.');
  }, 150_000);

  it("the contract guide's checker recipe writes its JUnit file", async () => {
    const scratch = mkdtempSync(path.join(os.tmpdir(), 'check-recipe-'));
    const out = await runAsWritten(shellBlock('docs/contract.md', '## Check a server: `cloud-platform-check`'), [
      ['check.xml', path.join(scratch, 'check.xml')],
    ]);
    expect(out).toContain('No check failed.');
    expect(readFileSync(path.join(scratch, 'check.xml'), 'utf8')).toMatch(/^<\?xml/);
  }, 150_000);

  it("the MCP guide's first session, through the MCP Inspector's CLI (a client nobody here wrote), lists the tools and calls getVideo", async () => {
    const out = await runAsWritten(shellBlock('docs/mcp.md', '## A first session'), []);
    const [listed, called] = out.split(/\n(?=\{)/).map((part) => JSON.parse(part) as Record<string, unknown>);
    expect((listed!.tools as { name: string }[]).map((tool) => tool.name)).toEqual(
      expect.arrayContaining(['getVideo', 'listStreams', 'journal']),
    );
    const { content, isError } = called as { content: { text: string }[]; isError?: boolean };
    expect(isError).toBeFalsy();
    expect(JSON.parse(content[0]!.text)).toMatchObject({ id: 1444, name: 'Product launch' });
  }, 60_000);

  it("the MCP guide's install names the one tarball npm pack makes of the MCP package's version", () => {
    const install = shellBlock('docs/mcp.md', '## Install');
    expect(install).toContain(`cloud-platform-mcp-${version('mcp')}.tgz`);
    expect(install).not.toMatch(/cloud-platform-(api|emulator)-/);
  });

  it("the MCP package README's install packs that package and runs the tarball npm pack makes of it", () => {
    const install = shellBlock('mcp/README.md', '## Install');
    expect(install).toContain('npm pack -w cloud-platform-mcp');
    expect(install).toContain(`npx --yes -p ./cloud-platform-mcp-${version('mcp')}.tgz cloud-platform-mcp --help`);
  });

  it("the MCP guide's Claude Code line adds a server that runs, by a path and not through the registry", async () => {
    const line = shellBlock('docs/mcp.md', '## A command-line client');
    // Outside the project, npx would fetch whatever the registry holds under that name.
    expect(line).not.toContain('npx');
    // `claude` stands in for Claude Code: it runs the server command it is given, asking for its version.
    const out = await runAsWritten(line, [['claude mcp add', 'claude() { shift 4; "$@" --version; }; claude mcp add']]);
    expect(out.trim()).toBe(version('mcp'));
  }, 30_000);

  it("the MCP guide's desktop config runs the installed file with node, not a bare npx", async () => {
    const block = codeBlocks('docs/mcp.md').find((b) => b.lang === 'json' && b.heading === '## A desktop client');
    const { command, args } = (
      JSON.parse(block!.code) as { mcpServers: Record<string, { command: string; args: string[] }> }
    ).mcpServers['cloud-platform']!;
    expect(command).toBe('node');
    const [file, ...flags] = args;
    const installed = file!.replace('/path/to/your-app/', '');
    expect(installed).toBe('node_modules/cloud-platform-mcp/bin/cloud-platform-mcp.js');
    const { stdout } = await promisify(execFile)(process.execPath, [installed, ...flags, '--version'], {
      cwd: projectRoot,
      encoding: 'utf8',
    });
    expect(stdout.trim()).toBe(version('mcp'));
  }, 30_000);

  it("the MCP guide's HTTP command serves the URL its client config names, as the sentence after it says", async () => {
    const command = shellBlock('docs/mcp.md', '## Over HTTP').trim();
    const child = spawn('bash', ['-c', `exec ${command.replace('3939', '0')}`], {
      cwd: projectRoot,
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    const client = new Client({ name: 'mcp-http-recipe', version: '1.0.0' });
    try {
      const url = await new Promise<string>((resolve, reject) => {
        let err = '';
        child.stderr!.on('data', (chunk: Buffer) => {
          err += chunk;
          const ready = /serving MCP over Streamable HTTP at (http:\/\/127\.0\.0\.1:(\d+)\/mcp)/.exec(err);
          if (ready) resolve(ready[1]!);
        });
        child.on('exit', (code) => reject(new Error(`exited with ${code}: ${err}`)));
      });
      expect(readMarkdown('docs/mcp.md')).toContain(
        `It prints \`serving MCP over Streamable HTTP at ${url.replace(/:\d+\//, ':3939/')}\` on stderr`,
      );
      const config = codeBlocks('docs/mcp.md').find((b) => b.lang === 'json' && b.heading === '## Over HTTP')!;
      const server = (JSON.parse(config.code) as { mcpServers: Record<string, { type: string; url: string }> })
        .mcpServers['cloud-platform']!;
      expect(server.type).toBe('http');
      await client.connect(new StreamableHTTPClientTransport(new URL(server.url.replace('3939', new URL(url).port))));
      expect((await client.listTools()).tools.map((tool) => tool.name)).toContain('getVideo');
    } finally {
      await client.close();
      child.kill('SIGTERM');
    }
  }, 30_000);

  it("the MCP guide's plan before a live write: the call as written answers its plan, and its token sends it once", async () => {
    const [args, answer] = codeBlocks('docs/mcp.md')
      .filter((b) => b.lang === 'json' && b.heading === '## A plan before a live write')
      .map((b) => JSON.parse(b.code) as Record<string, unknown>);
    const api = await startServer((recorded, res) => sendJson(res, 200, JSON.parse(recorded.body)));
    const client = new Client({ name: 'mcp-plan-recipe', version: '1.0.0' });
    try {
      await client.connect(
        new StdioClientTransport({
          command: process.execPath,
          args: ['mcp/bin/cloud-platform-mcp.js', '--base-url', api.url, '--allow-writes'],
          cwd: projectRoot,
          env: { ...getDefaultEnvironment(), GCORE_API_KEY: 'sk-recipe-0123456789' },
        }),
      );
      const call = (extra: object) =>
        client.callTool({ name: 'createLogsUploaderConfig', arguments: { ...args, ...extra } }) as Promise<{
          structuredContent?: Record<string, unknown>;
        }>;
      const { structuredContent: planned } = await call({});
      const { confirm, expiresAt, ...shown } = answer as { confirm: string; expiresAt: string };
      const asLive = JSON.parse(JSON.stringify(planned).replaceAll(api.url, 'https://api.gcore.com'));
      expect(asLive).toMatchObject(shown);
      expect(Object.keys(planned!).sort()).toEqual(Object.keys(answer!).sort());
      expect(api.requests).toEqual([]);
      const sent = await call({ confirm: planned!.confirm });
      expect(api.requests.map((r) => `${r.method} ${r.url}`)).toEqual(['POST /cdn/logs_uploader/configs']);
      // The same call with the same token again, as a client whose answer was lost sends it: a replay.
      const again = (await call({ confirm: planned!.confirm })) as { content: { text: string }[] };
      expect(again.content[0]!.text).toMatch(/^A replay: this call was sent once, at /);
      expect(again).toMatchObject({ structuredContent: sent.structuredContent });
      expect(api.requests).toHaveLength(1);
    } finally {
      await client.close();
      await api.close();
    }
  }, 30_000);

  it("the testing guide's server recipe answers the video", async () => {
    const out = await runAsWritten(shellBlock('docs/testing.md', '## As a server'), []);
    expect(JSON.parse(out.slice(out.indexOf('{')))).toMatchObject({ id: 1444, name: 'Product launch' });
  }, 60_000);

  it("the emulator README's server command listens, keeping state in the file it names", async () => {
    const scratch = mkdtempSync(path.join(os.tmpdir(), 'server-recipe-'));
    const command = shellBlock('emulator/README.md', '## As a server')
      .trim()
      .replace('.emulator.db', path.join(scratch, 'state.db'))
      .replace('4010', '0');
    const child = spawn('bash', ['-c', `exec ${command.replace(/^npx /, 'node_modules/.bin/')}`], {
      cwd: projectRoot,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    try {
      const listening = await new Promise<string>((resolve, reject) => {
        let out = '';
        child.stdout!.on('data', (chunk: Buffer) => {
          out += chunk;
          if (/listening on http:\/\/127\.0\.0\.1:\d+/.test(out)) resolve(out);
        });
        child.on('exit', (code) => reject(new Error(`exited with ${code}: ${out}`)));
      });
      expect(listening).toMatch(/listening on http:\/\/127\.0\.0\.1:\d+/);
      expect(existsSync(path.join(scratch, 'state.db'))).toBe(true);
    } finally {
      child.kill('SIGTERM');
    }
  }, 30_000);

  it("the README's install names the tarballs npm pack makes of this version", () => {
    const install = shellBlock('README.md', '## Install');
    expect(install).toContain(`cloud-platform-api-${version('.')}.tgz`);
    expect(install).toContain(`cloud-platform-check-${version('check')}.tgz`);
    expect(install).toContain(`cloud-platform-emulator-${version('emulator')}.tgz`);
    expect(install).toContain(`cloud-platform-mcp-${version('mcp')}.tgz`);
    const example = JSON.parse(
      readFileSync(path.join(projectRoot, 'examples', 'logs-app', 'package.json'), 'utf8'),
    ) as { dependencies: Record<string, string>; devDependencies: Record<string, string> };
    expect(example.dependencies['cloud-platform-api']).toBe(`file:../cloud-platform-api-${version('.')}.tgz`);
    expect(example.devDependencies['cloud-platform-check']).toBe(
      `file:../cloud-platform-check-${version('check')}.tgz`,
    );
    expect(example.devDependencies['cloud-platform-emulator']).toBe(
      `file:../cloud-platform-emulator-${version('emulator')}.tgz`,
    );
  });
});
