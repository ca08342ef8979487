// The proxy in front of an upstream that diverges from the document on purpose, one divergence at a
// time, through the HTTP server and the in-process fetch: each shows up where the README says (the
// answer's X-Contract-Violations, GET /__emulator/violations, the log line), and the answer itself is
// handed back unchanged. A faithful upstream gives no violation over every operation.
import { createServer, request as httpRequest, type IncomingHttpHeaders, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { gzipSync } from 'node:zlib';
import { createCloudClient, unwrap } from 'cloud-platform-api';
import { PEER_BODY_LIMIT_BYTES, pathPattern } from 'cloud-platform-api/toolbox';
import { afterEach, describe, expect, it } from 'vitest';
import { startDivergentServer, type Divergence } from '../../../test-kit/divergent-server.js';
import { closedPort, startServer, type TestServer } from '../../../test-kit/http-server.js';
import { operationRows } from '../../../test-kit/operation-table.js';
import { BUILT_IN_FIXTURES } from '../../src/operations/index.js';
import { createServerEmulator, startEmulatorServer } from '../../src/server.js';
import { PROXY_ADAPTERS, type Proxied, type ProxySettings } from '../helpers/proxy.js';
import { rawRequest } from '../helpers/raw-request.js';

const KEY = 'sk-proxy-test-0123456789';
const AUTH = { authorization: `apikey ${KEY}` };
const rows = operationRows();
const row = (operationId: string) => rows.find((r) => r.operationId === operationId)!;
/** The operation's request from the document's examples; `url` instead of the example's where given. */
const requestOf = (operationId: string, url = row(operationId).url): [string, RequestInit] => {
  const { method, body } = row(operationId);
  return [
    url,
    {
      method,
      headers: { ...AUTH, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    },
  ];
};
/** A delete of a deployment the upstream has (the document's example names none), answered 204 with its Deprecation header. */
const existingDeployment = row('deleteInferenceDeployment').path.replace(
  '{instance_id}',
  BUILT_IN_FIXTURES.deployments[0]!,
);

/** A change to the upstream's answer to one operation's requests (matched by method and path), the rest as it is. */
const changing =
  (operationId: string, change: (answer: Parameters<Divergence>[1]) => Parameters<Divergence>[1]): Divergence =>
  (request, answer) =>
    request.method === row(operationId).method && pathPattern(row(operationId).path).test(request.url.split('?')[0]!)
      ? change(answer)
      : answer;
const withJson = (answer: Parameters<Divergence>[1], edit: (body: Record<string, unknown>) => void) => {
  const body = JSON.parse(answer.body) as Record<string, unknown>;
  edit(body);
  return { ...answer, body: JSON.stringify(body) };
};

interface Case {
  name: string;
  operationId: string;
  diverge: Divergence;
  /** What the proxy must report: direction, a path, the rule. */
  violation?: { direction: 'request' | 'response'; path: string; rule: string };
  undeclared?: string;
  /** The request's path and query, where the example's will not do. */
  url?: string;
}

const cases: Case[] = [
  {
    name: 'a field of the wrong type',
    operationId: 'getVideo',
    diverge: changing('getVideo', (a) => withJson(a, (b) => (b.id = String(b.id)))),
    violation: { direction: 'response', path: '$.id', rule: 'type' },
  },
  {
    name: 'a missing required field',
    operationId: 'getQuotaNotificationThreshold',
    diverge: changing('getQuotaNotificationThreshold', (a) => withJson(a, (b) => delete b.threshold)),
    violation: { direction: 'response', path: '$.threshold', rule: 'required' },
  },
  {
    name: 'an undeclared status',
    operationId: 'getDnsZone',
    diverge: changing('getDnsZone', (a) => ({ ...a, status: 207 })),
    violation: { direction: 'response', path: '$', rule: 'status' },
  },
  {
    name: 'a text body where JSON is declared',
    operationId: 'listStreams',
    diverge: changing('listStreams', (a) => ({ ...a, body: 'streams are down' })),
    violation: { direction: 'response', path: '$', rule: 'json' },
  },
  {
    name: 'a wrong content type',
    operationId: 'getDnsZone',
    diverge: changing('getDnsZone', (a) => ({ ...a, headers: { ...a.headers, 'content-type': 'text/html' } })),
    violation: { direction: 'response', path: '$', rule: 'content-type' },
  },
  {
    name: 'a declared header with a value its schema refuses',
    operationId: 'deleteInferenceDeployment',
    diverge: changing('deleteInferenceDeployment', (a) => ({ ...a, headers: { ...a.headers, deprecation: '@0' } })),
    violation: { direction: 'response', path: 'headers.deprecation', rule: 'const' },
    url: existingDeployment,
  },
  {
    name: 'an undeclared field',
    operationId: 'getVideo',
    diverge: changing('getVideo', (a) => withJson(a, (b) => (b.colour = 'red'))),
    undeclared: '$.colour',
  },
];

describe.each(PROXY_ADAPTERS)('the proxy through the $name', (adapter) => {
  const open: { close(): Promise<void> }[] = [];
  afterEach(async () => {
    await Promise.all(open.splice(0).map((each) => each.close()));
  });
  const start = async (upstream: TestServer, settings?: ProxySettings): Promise<Proxied> => {
    open.push(upstream);
    const proxied = await adapter.start(upstream.url, settings);
    open.push(proxied);
    return proxied;
  };

  it.each(cases)(
    'reports $name, and hands the answer back unchanged',
    async ({ operationId, diverge, violation, undeclared, url }) => {
      // Two upstreams alike: one the proxy forwards to, one asked directly, so a stateful answer (a delete) is the same.
      const upstream = await startDivergentServer(diverge);
      const twin = await startDivergentServer(diverge);
      open.push(twin);
      const proxied = await start(upstream);
      const [path, init] = requestOf(operationId, url);
      const direct = await fetch(`${twin.url}${path}`, init);
      const answer = await proxied.send(path, init);
      expect([answer.status, await answer.text()]).toEqual([direct.status, await direct.text()]);
      const { violations, undeclaredFields } = proxied.emulator.violations.list();
      expect(answer.headers.get('x-contract-violations')).toBe(violation ? String(violations.length) : '0');
      if (violation)
        expect(violations).toContainEqual(
          expect.objectContaining({ operationId, status: direct.status, ...violation }),
        );
      else expect(violations).toEqual([]);
      if (undeclared)
        expect(undeclaredFields).toEqual([
          expect.objectContaining({ operationId, direction: 'response', path: undeclared, rule: 'undeclared' }),
        ]);
      const line = proxied.log.find((entry) => entry.operationId === operationId)!;
      expect(line.violations).toContainEqual(
        expect.objectContaining(
          violation ?? { direction: 'response', path: undeclared, rule: 'undeclared', undeclared: true },
        ),
      );
    },
  );

  it('lists the violations at /__emulator/violations, as JSON and as the Markdown report, and DELETE clears them', async () => {
    const proxied = await start(await startDivergentServer(cases[0]!.diverge));
    await proxied.send(...requestOf('getVideo'));
    const listed = (await (await proxied.send('/__emulator/violations')).json()) as {
      violations: unknown[];
      undeclaredFields: unknown[];
    };
    expect(listed.violations).toEqual([
      expect.objectContaining({
        operationId: 'getVideo',
        request: `GET ${row('getVideo').url}`,
        direction: 'response',
        status: 200,
        path: '$.id',
        rule: 'type',
        time: expect.any(String),
        message: expect.any(String),
      }),
    ]);
    const report = await proxied.send('/__emulator/violations?format=markdown');
    expect(report.headers.get('content-type')).toBe('text/markdown; charset=utf-8');
    const text = await report.text();
    expect(text).toContain('| getVideo | 1 | 200 × 1 | response type × 1 | 0 |');
    // Under its operation, the request that showed it.
    expect(text).toMatch(
      new RegExp(`#### getVideo\\n- \`GET ${row('getVideo').url}\`: response \`\\$\\.id\` \\(type\\)`),
    );
    expect((await proxied.send('/__emulator/violations', { method: 'DELETE' })).status).toBe(204);
    expect(await (await proxied.send('/__emulator/violations')).json()).toEqual({
      violations: [],
      undeclaredFields: [],
    });
  });

  it('counts an undeclared field as a violation when strict', async () => {
    const proxied = await start(await startDivergentServer(cases.at(-1)!.diverge), { strict: true });
    const answer = await proxied.send(...requestOf('getVideo'));
    expect(answer.headers.get('x-contract-violations')).toBe('1');
  });

  it('with failOnViolation (--proxy-errors), answers a violating answer with a 502 that lists why', async () => {
    const proxied = await start(await startDivergentServer(cases[0]!.diverge), { failOnViolation: true });
    const answer = await proxied.send(...requestOf('getVideo'));
    expect(answer.status).toBe(502);
    expect(answer.headers.get('x-should-retry')).toBe('false');
    const body = (await answer.json()) as { message: string; violations: unknown[] };
    expect(body.message).toBe("The upstream's answer to getVideo (200) is not what the document declares");
    expect(body.violations).toEqual([expect.objectContaining({ direction: 'response', path: '$.id', rule: 'type' })]);
    // A faithful answer still passes through.
    expect((await proxied.send(...requestOf('getDnsZone'))).status).toBe(200);
  });

  it("with failOnViolation, this project's client on its default settings asks the upstream once, not three times", async () => {
    const upstream = await startDivergentServer(cases[0]!.diverge);
    const proxied = await start(upstream, { failOnViolation: true });
    const viaProxy = (input: RequestInfo | URL, init?: RequestInit) => {
      const request = new Request(input, init);
      const url = new URL(request.url);
      return proxied.send(`${url.pathname}${url.search}`, {
        method: request.method,
        headers: request.headers,
        signal: request.signal,
      });
    };
    const client = createCloudClient({ apiKey: KEY, baseUrl: 'http://proxy.local', fetch: viaProxy });
    const failed = await unwrap(
      client.GET('/streaming/videos/{video_id}', { params: { path: { video_id: 1444 } } }),
    ).catch((error: unknown) => error);
    expect(failed).toMatchObject({ status: 502 });
    expect(upstream.requests).toHaveLength(1);
  });

  it('reports a request the document does not allow, and forwards it all the same', async () => {
    const upstream = await startDivergentServer();
    const proxied = await start(upstream);
    const answer = await proxied.send(row('createInferenceApiKey').url, {
      method: 'POST',
      headers: { ...AUTH, 'content-type': 'application/json' },
      body: '{"name":"ab"}',
    });
    expect(answer.status).toBe(400);
    expect(upstream.requests.map((r) => r.body)).toEqual(['{"name":"ab"}']);
    expect(proxied.emulator.violations.list().violations).toEqual([
      expect.objectContaining({ direction: 'request', path: 'body.name', rule: 'minLength' }),
    ]);
  });

  it('forwards a path no operation has, and logs it as none', async () => {
    const upstream = await startDivergentServer();
    const proxied = await start(upstream);
    const answer = await proxied.send('/no/such/path?x=1', { headers: AUTH });
    expect(answer.status).toBe(404);
    expect(upstream.requests.map((r) => r.url)).toEqual(['/no/such/path?x=1']);
    expect(proxied.log).toEqual([expect.objectContaining({ path: '/no/such/path', status: 404 })]);
    expect(proxied.log[0]).not.toHaveProperty('operationId');
  });

  it('forwards method, path, query, body and Authorization as sent', async () => {
    const upstream = await startDivergentServer();
    const proxied = await start(upstream);
    await proxied.send(...requestOf('createLogsUploaderConfig'));
    await proxied.send(...requestOf('listStreams'));
    const [create, list] = upstream.requests;
    const [, init] = requestOf('createLogsUploaderConfig');
    expect([create!.method, create!.url, create!.body, create!.headers.authorization]).toEqual([
      'POST',
      row('createLogsUploaderConfig').url,
      init.body,
      AUTH.authorization,
    ]);
    expect(list!.url).toBe(row('listStreams').url);
  });

  const serving = async (handler: Parameters<typeof startServer>[0]) => {
    const server = await startServer(handler);
    open.push(server);
    return server.url;
  };
  const upstreams: Record<string, () => Promise<string>> = {
    down: async () => `http://127.0.0.1:${await closedPort()}`,
    'cut off mid-answer': () =>
      serving((_r, res) => {
        res.writeHead(200, { 'content-length': '100' });
        res.write('{"id":');
        setTimeout(() => res.socket?.destroy(), 20);
      }),
    slow: () => serving(() => undefined),
    // About 65 kB on the wire, four times the limit once decoded.
    'a gzip answer past the limit': () => {
      const small = gzipSync(Buffer.alloc(4 * PEER_BODY_LIMIT_BYTES, 32));
      return serving((_r, res) =>
        res.writeHead(200, { 'content-type': 'application/json', 'content-encoding': 'gzip' }).end(small),
      );
    },
  };
  it.each([
    ['down', 502, /could not be reached .*ECONNREFUSED/],
    ['cut off mid-answer', 502, /cut off its answer/],
    ['slow', 504, /did not answer GET .* within 300 ms/],
    [
      'a gzip answer past the limit',
      502,
      new RegExp(
        `answered GET .* with more than ${PEER_BODY_LIMIT_BYTES} bytes, decoded: the proxy stopped reading there`,
      ),
    ],
  ])('answers an upstream that is %s with %i, naming it', async (kind, status, message) => {
    const url = await upstreams[kind]!();
    // Only the slow upstream is meant to run out of time: on a busy machine, 300 ms could cut the others short.
    const proxied = await adapter.start(url, { timeoutMs: status === 504 ? 300 : 30_000 });
    open.push(proxied);
    const answer = await proxied.send(...requestOf('getVideo'));
    expect(answer.status).toBe(status);
    const body = (await answer.json()) as { message: string };
    expect(body.message).toMatch(message);
    expect(body.message).toContain(new URL(url).origin);
  });

  it("keeps an upstream's text printable in the violations and the report: no escape code, no line of its own", async () => {
    // JSON.parse quotes the first characters of a body that does not parse: the violation's message holds them.
    const url = await serving((_r, res) =>
      res.writeHead(200, { 'content-type': 'application/json' }).end('\nFORGED\u001b[2J\r\u0007\u202e'),
    );
    const proxied = await adapter.start(url);
    open.push(proxied);
    await proxied.send(...requestOf('getVideo'));
    const kept =
      JSON.stringify(proxied.emulator.violations.list()) +
      (await (await proxied.send('/__emulator/violations?format=markdown')).text());
    expect(kept).toContain('FORGED');
    expect(kept).not.toMatch(/[\u0000-\u0009\u000b-\u001f\u007f\u202e]|^FORGED/m);
    expect(JSON.stringify(proxied.emulator.violations.list())).not.toContain('\\nFORGED');
  });

  it('refuses a body over the size limit before forwarding it', async () => {
    const upstream = await startDivergentServer();
    const proxied = await start(upstream);
    const answer = await proxied.send(row('createLogsUploaderConfig').url, {
      method: 'POST',
      headers: { ...AUTH, 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'x'.repeat(2_000_000), policy: 1, target: 2 }),
    });
    expect(answer.status).toBe(413);
    expect(upstream.requests).toEqual([]);
  });

  it('finds no violation in a faithful upstream (the emulator itself) over every operation', async () => {
    const upstream = await startDivergentServer();
    const proxied = await start(upstream);
    for (const { operationId } of rows) {
      const answer = await proxied.send(...requestOf(operationId));
      expect(answer.headers.get('x-contract-violations'), operationId).toBe('0');
    }
    expect(proxied.emulator.violations.list()).toEqual({ violations: [], undeclaredFields: [] });
    expect(new Set(proxied.log.map((entry) => entry.operationId))).toEqual(new Set(rows.map((r) => r.operationId)));
  });
});

describe('where the proxy sends a request: only under its base URL', () => {
  it.each([
    ['a .. segment that climbs out of the prefix', '/streaming/../../secret'],
    ['a percent-encoded .. segment', '/%2e%2e/secret'],
    ['mixed encodings of ..', '/streaming/%2E%2E/../admin'],
    ['an absolute-form target glued onto the host', 'munity://x/streaming/videos/1444'],
    ['an absolute URL of another server', 'http://127.0.0.1:1/streaming/videos/1444'],
  ])('%s (%s) is refused with 400 and not forwarded', async (_, target) => {
    const upstream = await startDivergentServer();
    const server = await startEmulatorServer(await createServerEmulator({ proxy: { baseUrl: `${upstream.url}/v1` } }), {
      port: 0,
    });
    try {
      const answer = await rawRequest(server.url, { path: target, headers: AUTH });
      expect(answer.status).toBe(400);
      expect(JSON.parse(answer.body).message).toBe(
        `${JSON.stringify(target.split('?')[0])} is not a path under ${upstream.url}/v1: the proxy forwards only those`,
      );
      expect(upstream.requests).toEqual([]);
    } finally {
      await server.close();
      await upstream.close();
    }
  });

  it('forwards a .. segment that stays under the prefix, resolved', async () => {
    const upstream = await startDivergentServer();
    const server = await startEmulatorServer(await createServerEmulator({ proxy: { baseUrl: `${upstream.url}/v1` } }), {
      port: 0,
    });
    try {
      await rawRequest(server.url, { path: '/streaming/videos/../videos/1444', headers: AUTH });
      expect(upstream.requests.map((r) => r.url)).toEqual(['/v1/streaming/videos/1444']);
    } finally {
      await server.close();
      await upstream.close();
    }
  });
});

/** An upstream that keeps each request's headers and body bytes, and answers as `answer` says. */
async function rawUpstream(answer: (res: ServerResponse) => void) {
  const received: { headers: IncomingHttpHeaders; body: Buffer }[] = [];
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req
      .on('data', (chunk: Buffer) => chunks.push(chunk))
      .on('end', () => {
        received.push({ headers: req.headers, body: Buffer.concat(chunks) });
        answer(res);
      });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    received,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

describe.each(PROXY_ADAPTERS)('HTTP as the proxy passes it on, through the $name', (adapter) => {
  const open: { close(): Promise<void> }[] = [];
  afterEach(async () => {
    await Promise.all(open.splice(0).map((each) => each.close()));
  });
  const through = async (answer: (res: ServerResponse) => void) => {
    const upstream = await rawUpstream(answer);
    const proxied = await adapter.start(upstream.url);
    open.push(upstream, proxied);
    return { upstream, proxied };
  };
  const NOT_UTF8 = Buffer.from([0xff, 0xfe, 0x00, 0x80, 0xc3, 0x28, 0x7b]);

  it('passes bytes that are not UTF-8 unchanged, both ways', async () => {
    const { upstream, proxied } = await through((res) =>
      res.writeHead(200, { 'content-type': 'application/octet-stream' }).end(NOT_UTF8),
    );
    const answer = await proxied.send('/raw/bytes', {
      method: 'POST',
      headers: { ...AUTH, 'content-type': 'application/octet-stream' },
      body: NOT_UTF8,
    });
    expect(Buffer.from(await answer.arrayBuffer())).toEqual(NOT_UTF8);
    expect(upstream.received[0]!.body).toEqual(NOT_UTF8);
  });

  it('hands back every Set-Cookie header, not only the last', async () => {
    const cookies = ['a=1; Path=/', 'b=2; Expires=Wed, 21 Oct 2026 07:28:00 GMT'];
    const { proxied } = await through((res) =>
      res.writeHead(200, { 'content-type': 'application/json', 'set-cookie': cookies }).end('{}'),
    );
    const answer = await proxied.send('/raw/cookies', { headers: AUTH });
    expect(answer.headers.getSetCookie()).toEqual(cookies);
  });

  it("does not hand back a header the upstream's Connection header names as its hop's own", async () => {
    const { proxied } = await through((res) =>
      res
        .writeHead(200, {
          'content-type': 'application/json',
          connection: 'keep-alive, x-hop-answer',
          'x-hop-answer': 'hop',
          'x-end-to-end': 'kept',
        })
        .end('{}'),
    );
    const answer = await proxied.send('/raw/hop', { headers: AUTH });
    expect([answer.headers.get('x-hop-answer'), answer.headers.get('x-end-to-end')]).toEqual([null, 'kept']);
  });
});

describe('HTTP only the server adapter receives as sent', () => {
  it('forwards a request with Expect: 100-continue, and no header its Connection header names', async () => {
    const upstream = await rawUpstream((res) => res.writeHead(200, { 'content-type': 'application/json' }).end('{}'));
    const server = await startEmulatorServer(await createServerEmulator({ proxy: { baseUrl: upstream.url } }), {
      port: 0,
    });
    try {
      const status = await new Promise<number>((resolve, reject) => {
        const { hostname, port } = new URL(server.url);
        const req = httpRequest({
          host: hostname,
          port,
          method: 'POST',
          path: '/raw/continue',
          headers: {
            ...AUTH,
            'content-type': 'application/json',
            'content-length': '2',
            expect: '100-continue',
            connection: 'x-hop-request',
            'x-hop-request': 'hop',
          },
        });
        req.on('continue', () => req.end('{}'));
        req.on('response', (res) => {
          res.resume();
          resolve(res.statusCode!);
        });
        req.on('error', reject);
      });
      expect(status).toBe(200);
      expect(upstream.received).toHaveLength(1);
      expect(upstream.received[0]!.body.toString()).toBe('{}');
      expect(upstream.received[0]!.headers).not.toHaveProperty('x-hop-request');
      expect(upstream.received[0]!.headers).not.toHaveProperty('expect');
    } finally {
      await server.close();
      await upstream.close();
    }
  });
});
