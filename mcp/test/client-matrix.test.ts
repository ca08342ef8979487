// What other people's MCP clients see: the SDK 1.x client most hosts embed (@modelcontextprotocol/sdk) and the
// SDK 2.x client (@modelcontextprotocol/client), over stdio and over Streamable HTTP, calling
// `cloud-platform-mcp --base-url` aimed at a stub of the live service: the emulator in this process, with
// answers the document did not foresee (a new enum value, a null) on three video ids. No client throws but
// on a tool the server does not offer (-32602); an API failure is a readable tool error; structured content
// comes only where it fits the listed outputSchema, by the validator SDK 1.x runs. A confirmed write whose
// answer the client dropped, re-issued with its token, is answered once and sent once, on both transports.
import {
  Client as Client2,
  type CallToolResult,
  StreamableHTTPClientTransport as Http2,
} from '@modelcontextprotocol/client';
import { getDefaultEnvironment, StdioClientTransport as Stdio2 } from '@modelcontextprotocol/client/stdio';
import { Client as Client1 } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport as Stdio1 } from '@modelcontextprotocol/sdk/client/stdio.js';
import { StreamableHTTPClientTransport as Http1 } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { Ajv } from 'ajv';
import addFormatsPlugin from 'ajv-formats';
import { createEmulator, type Emulator } from 'cloud-platform-emulator';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { type RecordedRequest, startServer, type TestServer } from '../../test-kit/http-server.js';
import { startHttpCommand } from './helpers/http-command.js';

const BIN = path.join(import.meta.dirname, '..', 'bin', 'cloud-platform-mcp.js');
const KEY = 'sk-matrix-0123456789abcdef';
const SERVER_ARGS = ['--allow-writes'];
const CREATE = { body: { name: 'matrix', policy: 1, target: 2 } };
const CREATE_PATH = '/cdn/logs_uploader/configs';

/** Video ids the stub answers off the document: video 1444 with a change the document does not foresee. */
const OFF_DOCUMENT: Record<string, [string, (video: Record<string, unknown>) => unknown]> = {
  '777': ['a new enum value', (video) => ({ ...video, id: 777, status: 'archived' })],
  '778': ['a null where the document has a string', (video) => ({ ...video, id: 778, name: null })],
  '779': ['a null body', () => null],
};

/** The validator SDK 1.x's client runs on structured content (its AjvJsonSchemaValidator's defaults). */
const sdk1Ajv = (addFormatsPlugin as unknown as (ajv: Ajv) => Ajv)(
  new Ajv({ strict: false, validateFormats: true, validateSchema: false, allErrors: true }),
);

interface Session {
  callTool(name: string, args: Record<string, unknown>, signal?: AbortSignal): Promise<CallToolResult>;
  listTools(): Promise<{ name: string; outputSchema?: object }[]>;
  close(): Promise<void>;
}

type Transport = 'stdio' | 'http';
type Sdk = 'SDK 1.x' | 'SDK 2.x';

let emulator: Emulator;
let api: TestServer;
let mcpUrl: string;
/** While set, the stub holds a create's answer until it settles: a write still on its way. */
let held: Promise<void> | undefined;
let createArrived: (() => void) | undefined;

/** The request, as recorded, sent on to the emulator (to `url`, its own by default). */
const toEmulator = (request: RecordedRequest, url = request.url) =>
  emulator.fetch(`http://stub${url}`, {
    method: request.method,
    headers: { authorization: String(request.headers.authorization), 'content-type': 'application/json' },
    ...(request.body === '' ? {} : { body: request.body }),
  });

async function answerAsTheService(request: RecordedRequest): Promise<Response> {
  const offDocument = OFF_DOCUMENT[/^\/streaming\/videos\/(\d+)$/.exec(request.url)?.[1] ?? ''];
  if (offDocument)
    return Response.json(offDocument[1](await (await toEmulator(request, '/streaming/videos/1444')).json()));
  if (request.url === CREATE_PATH) {
    createArrived?.();
    await held;
  }
  return toEmulator(request);
}

let stopMcp: (() => Promise<unknown>) | undefined;
beforeAll(async () => {
  emulator = await createEmulator();
  api = await startServer(async (request, res) => {
    const answer = await answerAsTheService(request);
    res.writeHead(answer.status, { 'content-type': answer.headers.get('content-type') ?? 'application/json' });
    res.end(Buffer.from(await answer.arrayBuffer()));
  });
  // The HTTP server's process takes the key from this one's environment.
  vi.stubEnv('GCORE_API_KEY', KEY);
  // Stopped by the afterAll below: one registered from inside this hook never ran, and left the process behind.
  mcpUrl = (await startHttpCommand(['--base-url', api.url, ...SERVER_ARGS], (stop) => (stopMcp = stop))).url;
}, 60_000);
afterAll(async () => {
  await stopMcp?.();
  vi.unstubAllEnvs();
  await api.close();
  await emulator.close();
});

const serverCommand = () => ({
  command: process.execPath,
  args: [BIN, '--base-url', api.url, ...SERVER_ARGS],
  env: { ...getDefaultEnvironment(), GCORE_API_KEY: KEY },
  stderr: 'ignore' as const,
});

async function connect(sdk: Sdk, transport: Transport): Promise<Session> {
  if (sdk === 'SDK 1.x') {
    const client = new Client1({ name: 'matrix-sdk1', version: '1.0.0' });
    await client.connect(transport === 'stdio' ? new Stdio1(serverCommand()) : new Http1(new URL(mcpUrl)));
    return {
      callTool: async (name, args, signal) =>
        (await client.callTool({ name, arguments: args }, undefined, signal ? { signal } : {})) as CallToolResult,
      listTools: async () => (await client.listTools()).tools,
      close: () => client.close(),
    };
  }
  const client = new Client2({ name: 'matrix-sdk2', version: '1.0.0' });
  await client.connect(transport === 'stdio' ? new Stdio2(serverCommand()) : new Http2(new URL(mcpUrl)));
  return {
    callTool: async (name, args, signal) =>
      (await client.callTool({ name, arguments: args }, signal ? { signal } : {})) as CallToolResult,
    listTools: async () => (await client.listTools()).tools,
    close: () => client.close(),
  };
}

const textOf = (result: CallToolResult) =>
  result.content.map((part) => (part.type === 'text' ? part.text : '')).join('\n');
const posts = () => api.requests.filter((request) => request.method === 'POST' && request.url === CREATE_PATH).length;

describe.each([
  ['SDK 1.x', 'stdio'],
  ['SDK 1.x', 'http'],
  ['SDK 2.x', 'stdio'],
  ['SDK 2.x', 'http'],
] as const)('%s over %s, against --base-url', (sdk, transport) => {
  let session: Session;
  let tools: Map<string, { name: string; outputSchema?: object }>;
  const warned: string[] = [];
  beforeAll(async () => {
    session = await connect(sdk, transport);
    // Ajv says "unknown format ... ignored" on the console, from the client compiling each outputSchema.
    const spies = (['warn', 'log', 'error'] as const).map((level) =>
      vi.spyOn(console, level).mockImplementation((...args: unknown[]) => void warned.push(args.map(String).join(' '))),
    );
    try {
      tools = new Map((await session.listTools()).map((tool) => [tool.name, tool]));
    } finally {
      for (const spy of spies) spy.mockRestore();
    }
  }, 60_000);
  afterAll(() => session.close());

  /** A result with structured content has it fit the listed outputSchema, by SDK 1.x's validator. */
  const expectFits = (name: string, result: CallToolResult) => {
    if (result.structuredContent === undefined) return;
    const validate = sdk1Ajv.compile(tools.get(name)!.outputSchema!);
    expect(validate(result.structuredContent), JSON.stringify(validate.errors)).toBe(true);
  };

  it('lists the tools with no warning of an unknown format', () => {
    expect(tools.get('getVideo')?.outputSchema).toBeDefined();
    expect(warned.filter((line) => /unknown format/i.test(line))).toEqual([]);
  });

  it('reads a video that is there: its data, typed', async () => {
    const result = await session.callTool('getVideo', { video_id: 1444 });
    expect(result.isError).toBeFalsy();
    expect(result.structuredContent).toMatchObject({ id: 1444, status: expect.any(String) });
    expectFits('getVideo', result);
  });

  it('reads a video that is not there: a tool error the agent reads, with the status and the API’s message', async () => {
    const result = await session.callTool('getVideo', { video_id: 999_999 });
    expect(result.isError).toBe(true);
    expect(textOf(result)).toBe('getVideo answered 404: {"error":"Video 999999 not found","status":404}');
    expect(result.structuredContent).toBeUndefined();
  });

  it('refuses an invalid argument before sending: a tool error naming it', async () => {
    const sent = api.requests.length;
    const result = await session.callTool('getVideo', { video_id: 'one' });
    expect(result.isError).toBe(true);
    expect(textOf(result)).toMatch(/^getVideo was not called: video_id must be integer/);
    expect(result.structuredContent).toBeUndefined();
    expect(api.requests.length).toBe(sent);
  });

  it('writes: a plan, then the plan’s token sends it, once; both answers typed', async () => {
    const before = posts();
    const plan = await session.callTool('createLogsUploaderConfig', CREATE);
    expect(plan.structuredContent).toMatchObject({ sent: false, confirm: expect.any(String) });
    expectFits('createLogsUploaderConfig', plan);
    const { confirm } = plan.structuredContent as { confirm: string };
    const sent = await session.callTool('createLogsUploaderConfig', { ...CREATE, confirm });
    expect(sent.isError, textOf(sent)).toBeFalsy();
    expect(sent.structuredContent).toMatchObject(CREATE.body);
    expectFits('createLogsUploaderConfig', sent);
    expect(posts()).toBe(before + 1);
  });

  it.each(Object.entries(OFF_DOCUMENT).map(([id, [what, change]]) => [what, Number(id), change] as const))(
    'reads a live answer off the document (%s): the answer in full as text, and structured content that fits',
    async (_, id, change) => {
      const result = await session.callTool('getVideo', { video_id: id });
      expect(result.isError).toBeFalsy();
      const video = change({ id: 1444 }) as object | null;
      expect(textOf(result)).toContain(`getVideo answered 200, with an answer the document does not foresee (`);
      expect(result.structuredContent).toMatchObject({ offDocument: { status: 200, departs: expect.any(String) } });
      if (video !== null)
        expect((result.structuredContent as { offDocument: { answer: object } }).offDocument.answer).toMatchObject(
          video,
        );
      expectFits('getVideo', result);
    },
  );

  it('calls a tool the server does not offer: -32602, naming only the tools it offers', async () => {
    for (const name of ['noSuchTool', 'deleteEdgeApp']) {
      const refused = session.callTool(name, {});
      await expect(refused).rejects.toMatchObject({ code: -32602 });
      const { message } = (await refused.catch((error: Error) => error)) as Error;
      const named = message.replace(/^.*The tools are /s, '').split(', ');
      expect(named.sort()).toEqual([...tools.keys()].sort());
    }
  });

  it('re-issues a confirmed write whose answer it dropped: the first answer, marked as a replay; one request', async () => {
    const before = posts();
    const plan = await session.callTool('createLogsUploaderConfig', CREATE);
    const { confirm } = plan.structuredContent as { confirm: string };
    let release!: () => void;
    held = new Promise((resolve) => {
      release = resolve;
    });
    const arrived = new Promise<void>((resolve) => {
      createArrived = resolve;
    });
    const dropped = new AbortController();
    const first = session.callTool('createLogsUploaderConfig', { ...CREATE, confirm }, dropped.signal);
    await arrived;
    dropped.abort();
    await expect(first).rejects.toThrow();
    // Re-issued while the first is still on its way, then again once it is done: one request in all.
    const again = session.callTool('createLogsUploaderConfig', { ...CREATE, confirm });
    release();
    const answers = [await again, await session.callTool('createLogsUploaderConfig', { ...CREATE, confirm })];
    held = undefined;
    createArrived = undefined;
    for (const answer of answers) {
      expect(answer.isError, textOf(answer)).toBeFalsy();
      expect(textOf(answer)).toMatch(/^A replay: this call was sent once, at /);
      expect(answer.structuredContent).toMatchObject(CREATE.body);
      expectFits('createLogsUploaderConfig', answer);
    }
    expect(answers[1]!.structuredContent).toEqual(answers[0]!.structuredContent);
    expect(posts()).toBe(before + 1);
  });
});
