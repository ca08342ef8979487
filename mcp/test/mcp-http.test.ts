// `cloud-platform-mcp --http`: MCP's Streamable HTTP on 127.0.0.1, driven by the SDK's own client in both
// protocol eras; its flags checked where they are read; and, in process on a free port, every request a
// hostile peer might send refused with its status before the protocol handler sees it.
import { request as httpRequest } from 'node:http';
import { type CallToolResult, Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import { createEmulator, type Emulator } from 'cloud-platform-emulator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { capturedOutput } from '../../test-kit/captured-output.js';
import { sendJson, startServer } from '../../test-kit/http-server.js';
import { main } from '../src/cli.js';
import { type HttpMcpServer, serveHttp } from '../src/http-server.js';
import { createMcpServerFactory } from '../src/server.js';
import { startHttpCommand } from './helpers/http-command.js';
import { testServerOptions } from './helpers/in-memory-session.js';

describe('cloud-platform-mcp --http', () => {
  it.each([
    ['a client that asks first (server/discover): the 2026-07-28 revision', 'auto', '2026-07-28'],
    ['a client that opens with initialize: the newest 2025 revision', 'legacy', '2025-11-25'],
  ] as const)(
    'serves %s on 127.0.0.1, and stops on SIGTERM',
    async (_, mode, revision) => {
      const { url, stop } = await startHttpCommand();
      expect(new URL(url).host).toMatch(/^127\.0\.0\.1:\d+$/);
      const client = new Client({ name: 'mcp-http-test', version: '1.0.0' }, { versionNegotiation: { mode } });
      await client.connect(new StreamableHTTPClientTransport(new URL(url)));
      expect(client.getNegotiatedProtocolVersion()).toBe(revision);
      expect((await client.listTools()).tools.map((tool) => tool.name)).toContain('getVideo');
      const result = (await client.callTool({ name: 'getVideo', arguments: { video_id: 1444 } })) as CallToolResult;
      expect(result.structuredContent).toMatchObject({ id: 1444 });
      await client.close();
      expect(await stop()).toBe(0);
    },
    30_000,
  );

  it.each([
    [['--port', 'x'], '--port must be a whole number from 0 to 65535, got "x"'],
    [['--port', '65536'], '--port must be a whole number from 0 to 65535, got "65536"'],
    [['--port=-1'], '--port must be a whole number from 0 to 65535, got "-1"'],
    [['--port', '1.5'], '--port must be a whole number from 0 to 65535, got "1.5"'],
    [['--host', '0.0.0.0'], '--host 0.0.0.0 listens on every address'],
    [['--host', '192.0.2.7'], '--host 192.0.2.7 is reachable from other machines'],
    [['--host', ''], '--host takes an address or a name, got ""'],
    [['--allow-remote'], '--allow-remote needs --host'],
    [['--host', '0.0.0.0', '--allow-remote'], '--host 0.0.0.0 listens on every address'],
    [['--host', '::', '--allow-remote'], '--host :: listens on every address'],
  ])('refuses --http %j, saying why (exit 2)', async (args, message) => {
    // In process: the command's own main, as its bin runs it (mcp-server.test.ts checks the bin's exit code).
    const run = await capturedOutput(() => main(['--http', ...args], {}));
    expect(run.value).toBe(2);
    expect(run.stderr).toContain(`cloud-platform-mcp: ${message}`);
  });

  it.each([['--port', '3000'], ['--host', '127.0.0.1'], ['--allow-remote']])(
    'refuses %s without --http (exit 2)',
    async (...args) => {
      const run = await capturedOutput(() => main(args, {}));
      expect(run.value).toBe(2);
      expect(run.stderr).toContain(`cloud-platform-mcp: ${args[0]} needs --http`);
    },
  );
});

describe('the Streamable HTTP server, in process, with --base-url', () => {
  it('keeps a plan between requests: a write is sent by a later request with its token, once', async () => {
    const api = await startServer((_, res) => sendJson(res, 200, { id: 9, name: 'agent', policy: 1, target: 2 }));
    const rehearsal = await createEmulator();
    const factory = createMcpServerFactory(
      testServerOptions({
        target: { baseUrl: api.url, apiKey: 'sk-http-plan-0123456789' },
        allowWrites: true,
        rehearsal,
      }),
    );
    const server = await serveHttp(factory, { host: '127.0.0.1', port: 0 });
    const client = new Client({ name: 'mcp-http-test', version: '1.0.0' });
    try {
      await client.connect(new StreamableHTTPClientTransport(new URL(server.url)));
      const args = { body: { name: 'agent', policy: 1, target: 2 } };
      const planned = (await client.callTool({ name: 'createLogsUploaderConfig', arguments: args })) as CallToolResult;
      expect(api.requests).toEqual([]);
      const { confirm } = planned.structuredContent as { confirm: string };
      await client.callTool({ name: 'createLogsUploaderConfig', arguments: { ...args, confirm } });
      expect(api.requests.map((r) => r.method)).toEqual(['POST']);
    } finally {
      await client.close();
      await server.close();
      await rehearsal.close();
      await api.close();
    }
  });
});

describe('the Streamable HTTP server, in process, to a hostile peer', () => {
  const LIMIT = 1024;
  let emulator: Emulator;
  let server: HttpMcpServer;
  let port: number;
  const factoryOptions = () =>
    testServerOptions({ target: { baseUrl: 'http://emulator.local', apiKey: 'k', fetch: emulator.fetch } });

  beforeAll(async () => {
    emulator = await createEmulator();
    server = await serveHttp(createMcpServerFactory(factoryOptions()), {
      host: '127.0.0.1',
      port: 0,
      bodyLimitBytes: LIMIT,
    });
    port = Number(new URL(server.url).port);
  });
  afterAll(async () => {
    await server.close();
    await emulator.close();
  });

  /** One raw request: node:http, since fetch would not send a Host header of the test's choosing. */
  const send = (init: { method?: string; path?: string; headers?: Record<string, string>; body?: string }) =>
    new Promise<{ status: number; body: string }>((resolve, reject) => {
      const req = httpRequest(
        {
          host: '127.0.0.1',
          port,
          method: init.method ?? 'POST',
          path: init.path ?? '/mcp',
          headers: {
            host: `127.0.0.1:${port}`,
            'content-type': 'application/json',
            accept: 'application/json, text/event-stream',
            ...init.headers,
          },
        },
        (res) => {
          let body = '';
          res.on('data', (chunk: Buffer) => (body += chunk.toString()));
          res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
        },
      );
      req.on('error', reject);
      req.end(init.body);
    });
  const PING = JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'ping' });
  const OVERSIZE = JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'ping', params: { pad: 'x'.repeat(LIMIT) } });

  it('answers on another loopback address the URL it prints, whose Host names that address', async () => {
    const other = await serveHttp(createMcpServerFactory(factoryOptions()), { host: '127.0.0.2', port: 0 });
    try {
      const answer = await fetch(other.url, {
        method: 'POST',
        headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream' },
        body: PING,
      });
      expect(answer.status).toBe(200);
    } finally {
      await other.close();
    }
  });

  it.each([
    ['a Host of another port (a port mapping in front)', '127.0.0.1:1'],
    ['a Host without its port', '127.0.0.1'],
    ['a Host of another loopback name', () => `localhost:${port}`],
  ])('answers %s: the name is what is checked, the emulator’s rule too', async (_, host) => {
    const answer = await send({ headers: { host: typeof host === 'function' ? host() : host }, body: PING });
    expect(answer.status).toBe(200);
  });

  it('answers a well-formed request from its own origin', async () => {
    const answer = await send({ headers: { origin: `http://localhost:${port}` }, body: PING });
    expect(answer.status).toBe(200);
  });

  it.each([
    ['an Origin of another site', { origin: 'http://evil.test' }, 'Origin'],
    ['an Origin of another port on this machine', { origin: 'http://127.0.0.1:1' }, 'Origin'],
    ['an Origin over another scheme', { origin: () => `https://127.0.0.1:${port}` }, 'Origin'],
    ['the opaque Origin "null"', { origin: 'null' }, 'Origin'],
    ['a Host of another name (DNS rebinding)', { host: () => `rebound.evil.test:${port}` }, 'Host'],
  ])('refuses %s: 403', async (_, headers, named) => {
    const resolved = Object.fromEntries(
      Object.entries(headers).map(([name, value]) => [name, typeof value === 'function' ? value() : value]),
    );
    const answer = await send({ headers: resolved, body: PING });
    expect([answer.status, JSON.parse(answer.body).error.message]).toEqual([
      403,
      expect.stringContaining(`the ${named} header`),
    ]);
  });

  it.each([
    ['a body over the limit', 413, { body: OVERSIZE }],
    [
      'a body over the limit, in chunks with no length',
      413,
      { headers: { 'transfer-encoding': 'chunked' }, body: OVERSIZE },
    ],
    ['a body that is not JSON', 400, { body: '{"jsonrpc": "2.0", "id": 1,' }],
    ['a JSON body that is not JSON-RPC', 400, { body: '{"hello": "world"}' }],
    ['a GET (the 2025 session stream, which a stateless server has not)', 405, { method: 'GET' }],
    ['a DELETE (the end of a session, which a stateless server has not)', 405, { method: 'DELETE' }],
    ['another path', 404, { path: '/other', body: PING }],
  ] as const)('answers %s with %i, and goes on serving', async (_, status, init) => {
    expect((await send(init)).status).toBe(status);
    expect((await send({ body: PING })).status).toBe(200);
  });
});

describe('serveHttp and the connection its client asked for', () => {
  let emulator: Emulator;
  let server: HttpMcpServer;
  beforeAll(async () => {
    emulator = await createEmulator();
    const target = { baseUrl: 'http://emulator.local', apiKey: 'k', fetch: emulator.fetch };
    // The SDK's default limit, 4 MiB: a body past it does not fit in the sockets' buffers.
    server = await serveHttp(createMcpServerFactory(testServerOptions({ target })), { host: '127.0.0.1', port: 0 });
  });
  afterAll(async () => {
    await server.close();
    await emulator.close();
  });
  const PING = JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'ping' });
  const HEADERS = { 'content-type': 'application/json', accept: 'application/json, text/event-stream' };

  it.each([
    ['just over the limit', 4 * 1024 * 1024 + 1],
    ['twice the limit', 8 * 1024 * 1024],
  ])('a body %s, with its Content-Length, gets the 413 (the rest read and dropped)', async (_, size) => {
    const body = `{"jsonrpc":"2.0","id":1,"method":"ping","params":{"pad":"${'x'.repeat(size)}"}}`;
    const answer = await fetch(server.url, { method: 'POST', headers: HEADERS, body });
    expect(answer.status).toBe(413);
    expect((await answer.json()).error.message).toContain('Payload too large');
    expect((await fetch(server.url, { method: 'POST', headers: HEADERS, body: PING })).status).toBe(200);
  });

  it('a client sending its whole body gets the 413 with no reset, on every try', async () => {
    const { port } = new URL(server.url);
    const body = 'x'.repeat(6 * 1024 * 1024);
    const once = () =>
      new Promise<string>((resolve) => {
        let status = 0;
        const req = httpRequest(
          { host: '127.0.0.1', port, method: 'POST', path: '/mcp', agent: false, headers: HEADERS },
          (res) => {
            status = res.statusCode ?? 0;
            res.resume();
          },
        );
        req.on('error', (error: NodeJS.ErrnoException) => resolve(`${status}, then ${error.code ?? error.message}`));
        req.on('close', () => resolve(String(status)));
        req.end(body);
      });
    const outcomes = [];
    for (let i = 0; i < 5; i++) outcomes.push(await once());
    expect(outcomes).toEqual(Array(5).fill('413'));
  });

  it('closes the connection after the answer when its client sends Connection: close, copying no hop-by-hop header', async () => {
    const { port } = new URL(server.url);
    const { headers, closed } = await new Promise<{ headers: Record<string, unknown>; closed: Promise<void> }>(
      (resolve, reject) => {
        const req = httpRequest(
          {
            host: '127.0.0.1',
            port,
            method: 'POST',
            path: '/mcp',
            agent: false,
            headers: { ...HEADERS, connection: 'close' },
          },
          (res) => {
            const closed = new Promise<void>((done) => res.socket.once('close', () => done()));
            res.resume();
            resolve({ headers: res.headers, closed });
          },
        );
        req.on('error', reject);
        req.end(PING);
      },
    );
    expect(headers.connection).toBe('close');
    expect(headers['keep-alive']).toBeUndefined();
    await closed;
  });
});
