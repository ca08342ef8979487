// `cloud-platform-mcp` over stdio, driven by the MCP SDK's own client package: the tools the document makes
// (read-only by default, all with both flags), each input a valid JSON Schema, calls answered by the
// in-process emulator, writes refused without their flag, the journal of what was sent, the API's 4xx as
// a tool error, and the key (from GCORE_API_KEY, with --base-url) in no result, error or log line.
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { type CallToolResult, Client } from '@modelcontextprotocol/client';
import { getDefaultEnvironment, StdioClientTransport } from '@modelcontextprotocol/client/stdio';
import { listOperations } from 'cloud-platform-api/toolbox';
import bundled from 'cloud-platform-api/openapi.json' with { type: 'json' };
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { capturedOutput } from '../../test-kit/captured-output.js';
import { independentAjv } from './helpers/ajv.js';
import { keyEchoes, keyFormIn } from '../../test-kit/key-forms.js';
import { sendJson, startServer } from '../../test-kit/http-server.js';
import { builtInFixtures } from 'cloud-platform-emulator';
import { main } from '../src/cli.js';
import { toolSet } from '../src/tool-set.js';

const BIN = path.join(import.meta.dirname, '..', 'bin', 'cloud-platform-mcp.js');
const operations = listOperations(bundled as never);
const idsWhere = (test: (method: string) => boolean) =>
  operations
    .filter((op) => test(op.method))
    .map((op) => op.operationId)
    .sort();

interface Session {
  client: Client;
  stderr: () => string;
}
const open: Client[] = [];
afterEach(async () => {
  await Promise.all(open.splice(0).map((client) => client.close()));
});
// A server process costs about a second of CPU: tests that only read what a server lists or answers, and
// leave nothing another test reads, share one per command line and protocol mode.
const sharedSessions = new Map<string, Promise<Session>>();
afterAll(async () => {
  const sessions = await Promise.all(sharedSessions.values());
  await Promise.all(sessions.map((session) => session.client.close()));
});

async function started(
  args: string[] = [],
  env: Record<string, string> = {},
  mode: 'legacy' | 'auto' = 'legacy',
): Promise<Session> {
  const transport = new StdioClientTransport({
    command: process.execPath,
    args: [BIN, ...args],
    env: { ...getDefaultEnvironment(), ...env },
    stderr: 'pipe',
  });
  let stderr = '';
  transport.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const client = new Client({ name: 'mcp-server-test', version: '1.0.0' }, { versionNegotiation: { mode } });
  await client.connect(transport);
  return { client, stderr: () => stderr };
}

/** A fresh server for this test alone, closed after it. */
async function connect(...given: Parameters<typeof started>): Promise<Session> {
  const session = await started(...given);
  open.push(session.client);
  return session;
}

/** The server this file's tests share for these arguments and mode, started on first use. */
function shared(args: string[] = [], mode: 'legacy' | 'auto' = 'legacy'): Promise<Session> {
  const key = JSON.stringify([args, mode]);
  if (!sharedSessions.has(key)) sharedSessions.set(key, started(args, {}, mode));
  return sharedSessions.get(key)!;
}

const call = (session: Session, name: string, args: Record<string, unknown> = {}) =>
  session.client.callTool({ name, arguments: args }) as Promise<CallToolResult>;
const textOf = (result: CallToolResult) =>
  result.content.map((part) => (part.type === 'text' ? part.text : '')).join('\n');

describe('cloud-platform-mcp: the tools', () => {
  it.each([
    ['no flag: the reads only', [], idsWhere((m) => m === 'GET')],
    ['--allow-writes: POST and PATCH too', ['--allow-writes'], idsWhere((m) => m !== 'DELETE')],
    ['--allow-writes --allow-deletes: every operation', ['--allow-writes', '--allow-deletes'], idsWhere(() => true)],
  ])(
    'lists, with %s, and the journal',
    async (_, args, expected) => {
      const { tools } = await (await shared(args)).client.listTools();
      expect(tools.map((tool) => tool.name).sort()).toEqual([...expected, 'journal'].sort());
    },
    30_000,
  );

  it('gives each tool a valid JSON Schema input (Ajv 2020: the meta-schema, no unknown keyword or format), and a description that says when it is deprecated', async () => {
    const { tools } = await (await shared(['--allow-writes', '--allow-deletes'])).client.listTools();
    const ajv = independentAjv();
    for (const tool of tools) {
      expect(() => ajv.compile(tool.inputSchema), tool.name).not.toThrow();
      expect(tool.description?.length, tool.name).toBeGreaterThan(20);
    }
    const deprecated = operations.filter((op) => op.operation.deprecated === true).map((op) => op.operationId);
    expect(deprecated.length).toBeGreaterThan(0);
    for (const tool of tools)
      expect(tool.description?.startsWith('Deprecated:'), tool.name).toBe(deprecated.includes(tool.name));
    const getVideo = tools.find((tool) => tool.name === 'getVideo')!;
    expect(getVideo.inputSchema).toMatchObject({
      type: 'object',
      required: ['video_id'],
      properties: { video_id: { type: 'integer' } },
    });
  }, 30_000);
});

describe('cloud-platform-mcp: --tools and --tags', () => {
  const taggedWith = (tags: readonly string[]) =>
    operations
      .filter((op) => (op.operation.tags as string[]).some((tag) => tags.includes(tag)))
      .map((op) => op.operationId);

  it.each([
    ['--tools getVideo', ['--tools', 'getVideo'], ['getVideo']],
    ['--tags Streaming', ['--tags', 'Streaming'], taggedWith(['Streaming'])],
    [
      'both: the tools named and those of the tags',
      ['--tools', 'getDnsZone', '--tags', 'Streaming'],
      ['getDnsZone', ...taggedWith(['Streaming'])],
    ],
    [
      'a tag of writes, without --allow-writes: its reads only',
      ['--tags', 'Object storage notifications'],
      idsWhere((m) => m === 'GET').filter((id) => taggedWith(['Object storage notifications']).includes(id)),
    ],
  ])(
    'lists, with %s, only those and the journal',
    async (_, args, expected) => {
      const { tools } = await (await connect(args)).client.listTools();
      expect(tools.map((tool) => tool.name).sort()).toEqual([...expected, 'journal'].sort());
    },
    30_000,
  );

  it('leaves out, with --schema-budget, each tool over it: one line on stderr each, of the tools the flags list', async () => {
    const budget = 1500;
    const { tools, leftOut } = toolSet(bundled as never, { schemaBudget: budget });
    const written = leftOut.filter((tool) => tool.method !== 'DELETE');
    expect(written.length).toBeGreaterThan(0);
    const session = await connect(['--allow-writes', '--schema-budget', String(budget)]);
    const listed = (await session.client.listTools()).tools.map((tool) => tool.name);
    const expected = tools.filter((tool) => tool.route.method !== 'DELETE').map((tool) => tool.name);
    expect(listed.sort()).toEqual([...expected, 'journal'].sort());
    await expect
      .poll(() => session.stderr().split('\n').filter(Boolean).sort())
      .toEqual(written.map((tool) => `cloud-platform-mcp: left out the tool ${tool.name}: ${tool.reason}`).sort());
  }, 30_000);

  // --help in process, as the refusals below: what it prints is the command's, not the process's.
  const help = (...args: string[]) => capturedOutput(() => main(['--help', ...args], { PATH: process.env.PATH ?? '' }));

  it('lists with --help the tools the budget leaves out, each with its size', async () => {
    const { stdout } = await help('--schema-budget', '1000');
    const { leftOut } = toolSet(bundled as never, { schemaBudget: 1000 });
    expect(leftOut.length).toBeGreaterThan(1);
    expect(stdout).toContain(`\nLeft out:\n${leftOut.map((tool) => `  ${tool.name}: ${tool.reason}`).join('\n')}\n`);
    expect(stdout).toMatch(/: its input schema is [\d,]+ bytes, over the budget of 1,000 \(--schema-budget\)/);
  });

  it('prints with --help how many tools each tag of the document holds', async () => {
    const { stdout } = await help();
    const tags = [...new Set(operations.flatMap((op) => op.operation.tags as string[]))];
    expect(tags.length).toBeGreaterThan(1);
    for (const tag of tags) {
      const count = taggedWith([tag]).length;
      expect(stdout).toContain(`\n  ${tag}: ${count} ${count === 1 ? 'tool' : 'tools'}\n`);
    }
  });
});

describe('cloud-platform-mcp: the protocol revision', () => {
  it.each([
    ['a client that asks first (server/discover): the 2026-07-28 revision', 'auto', '2026-07-28'],
    ['a client that opens with initialize: the newest 2025 revision', 'legacy', '2025-11-25'],
  ] as const)(
    'speaks, to %s',
    async (_, mode, revision) => {
      const session = await shared([], mode);
      expect(session.client.getNegotiatedProtocolVersion()).toBe(revision);
      expect((await call(session, 'getVideo', { video_id: 1444 })).isError).toBeFalsy();
    },
    30_000,
  );
});

describe('cloud-platform-mcp against the in-process emulator', () => {
  it("answers getVideo 1444 with the emulator's video", async () => {
    const result = await call(await shared(), 'getVideo', { video_id: 1444 });
    expect(result.isError).toBeFalsy();
    const video = builtInFixtures.videos.find((v) => v.id === 1444)!;
    expect(JSON.parse(textOf(result))).toMatchObject({ id: 1444, name: video.name });
  }, 30_000);

  it('refuses a create without --allow-writes as a tool it does not offer (-32602), naming the flag, and sends nothing', async () => {
    const session = await shared();
    // The server is shared: what other tests sent is in its journal already; the refusal adds nothing to it.
    const before = (await call(session, 'journal')).structuredContent;
    const refused = call(session, 'createLogsUploaderConfig', { body: { name: 'agent', policy: 1, target: 2 } });
    await expect(refused).rejects.toMatchObject({
      code: -32602,
      message: expect.stringContaining(
        'createLogsUploaderConfig is a POST, which this server does not send: start it with --allow-writes to allow it. The tools are ',
      ),
    });
    expect((await call(session, 'journal')).structuredContent).toEqual(before);
  }, 30_000);

  it('with --allow-writes, creates once: the journal shows exactly one create', async () => {
    const session = await shared(['--allow-writes']);
    const created = await call(session, 'createLogsUploaderConfig', { body: { name: 'agent', policy: 1, target: 2 } });
    expect(created.isError).toBeFalsy();
    expect(JSON.parse(textOf(created))).toMatchObject({ name: 'agent', policy: 1, target: 2 });
    const journal = await call(session, 'journal', { operationId: 'createLogsUploaderConfig' });
    expect(JSON.parse(textOf(journal))).toEqual(journal.structuredContent);
    expect((journal.structuredContent as { requests: unknown[] }).requests).toEqual([
      expect.objectContaining({ method: 'POST', operationId: 'createLogsUploaderConfig', status: 200 }),
    ]);
  }, 30_000);

  it('with --state FILE, keeps what one session created for the next', async () => {
    const state = path.join(mkdtempSync(path.join(os.tmpdir(), 'mcp-state-')), 'agent.db');
    const first = await connect(['--allow-writes', '--state', state]);
    const { id } = JSON.parse(
      textOf(await call(first, 'createLogsUploaderConfig', { body: { name: 'kept', policy: 1, target: 2 } })),
    ) as { id: number };
    await first.client.close();
    const second = await connect(['--allow-writes', '--state', state]);
    const changed = await call(second, 'updateLogsUploaderConfig', { config_id: id, body: { enabled: false } });
    expect(changed.isError).toBeFalsy();
    expect(JSON.parse(textOf(changed))).toMatchObject({ id, name: 'kept', enabled: false });
  }, 30_000);

  it("answers a 4xx of the API as a tool error with the API's status and message", async () => {
    const result = await call(await shared(), 'getVideo', { video_id: 999_999 });
    expect(result.isError).toBe(true);
    expect(textOf(result)).toBe('getVideo answered 404: {"error":"Video 999999 not found","status":404}');
  }, 30_000);

  it('names an input the tool does not take', async () => {
    const result = await call(await shared(), 'getVideo', { video_id: 1444, vidoe_id: 1 });
    expect([result.isError, textOf(result)]).toEqual([
      true,
      'getVideo was not called: vidoe_id is not an input (additionalProperties): the inputs are video_id',
    ]);
  }, 30_000);
});

describe('cloud-platform-mcp with --base-url and the key in GCORE_API_KEY', () => {
  it('puts the key in no tool result, tool error or log line, however the API echoes it', async () => {
    const key = 'sk-mcp-é/"q"-0123456789';
    const echoed = keyEchoes(key)
      .map(({ text }) => text)
      .join(' ');
    const api = await startServer((request, res) =>
      sendJson(res, request.url.includes('1444') ? 200 : 400, {
        id: 1444,
        name: echoed,
        error: echoed,
        sent: String(request.headers.authorization),
      }),
    );
    try {
      const session = await connect(['--base-url', api.url], { GCORE_API_KEY: key, GCORE_LOG: 'debug' });
      const results = [
        await call(session, 'getVideo', { video_id: 1444 }),
        await call(session, 'getVideo', { video_id: 7 }),
        await call(session, 'listStreams'),
      ];
      expect(api.requests.map((r) => r.headers.authorization)).toEqual([
        `apikey ${key}`,
        `apikey ${key}`,
        `apikey ${key}`,
      ]);
      expect(results.map((r) => Boolean(r.isError))).toEqual([false, true, true]);
      const seen = [...results.map(textOf), session.stderr()].join('\n');
      expect(seen).toContain('[redacted]');
      expect(keyFormIn(seen, key)).toBeUndefined();
    } finally {
      await api.close();
    }
  }, 30_000);

  it('with --allow-writes, sends a write only when it is repeated with its plan token: then exactly one request', async () => {
    const key = 'sk-mcp-plan-0123456789';
    const api = await startServer((_, res) => sendJson(res, 200, { id: 9, name: 'agent', policy: 1, target: 2 }));
    try {
      const session = await connect(['--base-url', api.url, '--allow-writes'], { GCORE_API_KEY: key });
      const args = { body: { name: 'agent', policy: 1, target: 2 } };
      const planned = await call(session, 'createLogsUploaderConfig', args);
      expect(api.requests).toEqual([]);
      expect(textOf(planned)).toContain('createLogsUploaderConfig was not sent: this is its plan.');
      expect(keyFormIn(textOf(planned), key)).toBeUndefined();
      const { confirm } = planned.structuredContent as { confirm: string };
      const sent = await call(session, 'createLogsUploaderConfig', { ...args, confirm });
      expect(sent.isError, textOf(sent)).toBeFalsy();
      // Both answers, the plan and the API's, are typed by the one outputSchema the tool lists.
      const { tools } = await session.client.listTools();
      const { outputSchema } = tools.find((tool) => tool.name === 'createLogsUploaderConfig')!;
      expect(outputSchema).toBeDefined();
      const validate = independentAjv().compile(outputSchema!);
      for (const answer of [planned, sent])
        expect(validate(answer.structuredContent), JSON.stringify(validate.errors)).toBe(true);
      expect(api.requests.map((r) => `${r.method} ${r.url} ${r.headers.authorization}`)).toEqual([
        `POST /cdn/logs_uploader/configs apikey ${key}`,
      ]);
    } finally {
      await api.close();
    }
  }, 30_000);

  it('with --no-confirm, sends a write when called', async () => {
    const api = await startServer((_, res) => sendJson(res, 200, { id: 9, name: 'agent', policy: 1, target: 2 }));
    try {
      const session = await connect(['--base-url', api.url, '--allow-writes', '--no-confirm'], { GCORE_API_KEY: 'k' });
      await call(session, 'createLogsUploaderConfig', { body: { name: 'agent', policy: 1, target: 2 } });
      expect(api.requests.map((r) => r.method)).toEqual(['POST']);
    } finally {
      await api.close();
    }
  }, 30_000);

  it.each([
    [
      ['--base-url', 'http://127.0.0.1:1'],
      {},
      '--base-url needs the API key in the environment variable GCORE_API_KEY (never an argument)',
    ],
    [['--allow-deletes'], {}, '--allow-deletes needs --allow-writes too'],
    [['--no-confirm'], {}, '--no-confirm needs --base-url: writes to the emulator in process are never planned'],
    [['--tools', 'getVidoe'], {}, '--tools: there is no "getVidoe". Did you mean getVideo?'],
    [['--tags', 'Videos'], {}, '--tags: there is no "Videos": the names are '],
    [['--tools', ''], {}, '--tools takes names separated by commas, with none empty: got ""'],
    [['--tags', ''], {}, '--tags takes names separated by commas, with none empty: got ""'],
    [
      ['--tools', 'getVideo,,listStreams'],
      {},
      '--tools takes names separated by commas, with none empty: got "getVideo,,listStreams"',
    ],
    [['--tools', 'getVideo,listStreams,getVideo'], {}, '--tools names "getVideo" twice'],
    [['--tags', 'Streaming,Streaming'], {}, '--tags names "Streaming" twice'],
    [['--tools'], {}, "Option '--tools <value>' argument missing"],
    [['--schema-budget', '0'], {}, '--schema-budget must be a whole number of bytes, at least 1, got "0"'],
    [['--schema-budget', '32k'], {}, '--schema-budget must be a whole number of bytes, at least 1, got "32k"'],
    [['--help', '--tools', 'nope'], {}, '--tools: there is no "nope"'],
    [
      ['--base-url', 'ftp://example.test'],
      { GCORE_API_KEY: 'k' },
      '--base-url must be an absolute http or https URL, got "ftp://example.test"',
    ],
    [
      ['--base-url', 'http://127.0.0.1:1', '--emulator'],
      { GCORE_API_KEY: 'k' },
      '--base-url and --emulator name two targets: give one',
    ],
  ])('refuses %j, saying why (exit 2)', async (args, env, message) => {
    // In process: the command's own main, as its bin runs it; the bin's exit code is checked once, below.
    const run = await capturedOutput(() => main(args, { PATH: process.env.PATH ?? '', ...env }));
    expect(run.value).toBe(2);
    expect(run.stderr).toContain(`cloud-platform-mcp: ${message}`);
  });

  it('exits 2 from its bin on an option it refuses, saying why on stderr', async () => {
    const { spawnSync } = await import('node:child_process');
    const run = spawnSync(process.execPath, [BIN, '--allow-deletes'], {
      env: { PATH: process.env.PATH ?? '' },
      encoding: 'utf8',
      timeout: 20_000,
    });
    expect(run.status).toBe(2);
    expect(run.stderr).toContain('cloud-platform-mcp: --allow-deletes needs --allow-writes too');
  });
});
