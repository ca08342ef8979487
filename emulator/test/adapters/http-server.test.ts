// What only the node:http adapter meets: the parser's refusals (bad escapes, long names) answered in the
// shape the document declares, any method token on a known path, and connections that stall.
import { rawRequest } from '../helpers/raw-request.js';
import { connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AddressInfo } from 'node:net';
import type { Server } from 'node:http';
import { createHttpServer, type ConnectionTimeouts } from '../../src/adapters/http.js';
import { portOf } from '../../src/core/adapter-port.js';
import { createEmulator } from '../../src/index.js';
import { TIMEOUTS } from '../../src/server.js';
import { call, expectDeclared, parsedBody, useEmulator } from '../helpers/emulator.js';

describe('every framework error takes the operation area shape', () => {
  const running = useEmulator();
  const withPathParameter = [
    '/cloud/v2/inference/deployments/%E0%A4%A',
    '/streaming/videos/%zz',
    '/dns/v2/zones/bad%',
    '/cdn/logs_uploader/configs/%G1',
    '/fastedge/v1/apps/%',
  ];
  it.each(withPathParameter)('a bad percent-escape in %s is a 400 as declared', async (url) => {
    const method = url.includes('configs')
      ? 'PATCH'
      : url.includes('deployments') || url.includes('apps')
        ? 'DELETE'
        : 'GET';
    const answer = await call(running, method, url, method === 'PATCH' ? { enabled: true } : undefined);
    expect(answer.status).toBe(400);
    expectDeclared(method, url, answer);
  });
  it('op 2 answers that 400 with no body, as the document declares', async () => {
    const answer = await call(running, 'DELETE', '/cloud/v2/inference/deployments/%E0%A4%A');
    expect([answer.status, answer.body]).toEqual([400, undefined]);
  });
  it.each([
    ['/cloud/v3/inference/1/api_keys', 'POST'],
    ['/dns/v2/zones/example.com', 'GET'],
    ['/streaming/videos/1444', 'GET'],
  ])('headers over 16 KiB on %s: 431 as the document declares, from the parser, not Fastify', async (url, method) => {
    const answer = await rawRequest(running.url, {
      method,
      path: url,
      headers: { authorization: 'apikey a', 'x-big': 'a'.repeat(20_000) },
    });
    expect(answer.status).toBe(431);
    expectDeclared(method, url, { status: 431, body: parsedBody(answer.body, answer.headers['content-type']) });
  });

  it.each([101, 253, 1000])(
    'a %i-character zone name reaches the schema and the handler: 404 in the DNS shape, not 414',
    async (length) => {
      const url = `/dns/v2/zones/${'a'.repeat(length)}`;
      const answer = await call(running, 'GET', url);
      expect(answer.status).toBe(404);
      expectDeclared('GET', url, answer);
    },
  );
});

describe('any method token on a known path', () => {
  const running = useEmulator();
  const send = async (method: string, url: string) => {
    const { status, headers } = await rawRequest(running.url, {
      method,
      path: url,
      headers: { authorization: 'apikey methods' },
    });
    return { status, allow: headers.allow };
  };
  it.each([
    ['TRACE', '/streaming/videos/1444', 'GET, HEAD'],
    ['PROPFIND', '/streaming/videos/1444', 'GET, HEAD'],
    ['LOCK', '/cdn/logs_uploader/configs/1', 'PATCH'],
    ['SEARCH', '/storage/notifications/v1/event', 'POST, DELETE'],
    ['PURGE', '/fastedge/v1/apps/1021', 'DELETE'],
    ['OPTIONS', '/cloud/v3/inference/1/api_keys', 'POST'],
    ['PUT', '/dns/v2/zones/example.com', 'GET, HEAD'],
  ])('%s %s is a 405 with Allow: %s', async (method, url, allow) => {
    expect(await send(method, url)).toEqual({ status: 405, allow });
  });
  it('an odd method on an unknown path is still a 404', async () => {
    expect((await send('TRACE', '/nowhere')).status).toBe(404);
  });
});

// The limits are the server's own, made short here: each case waits its limit out, so with the real ones
// (TIMEOUTS, seconds long) it would take seconds.
const SHORT: ConnectionTimeouts = { headers: 300, request: 600, idle: 300 };

describe('stalled connections are closed once their limit is out', () => {
  let server: Server;
  let port: number;
  beforeAll(async () => {
    server = createHttpServer(portOf(await createEmulator(), 'the test'), {
      keyHeader: 'authorization',
      timeouts: SHORT,
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    port = (server.address() as AddressInfo).port;
  });
  afterAll(() => new Promise((resolve) => server.close(resolve)));

  /** Opens a raw connection, writes what `feed` sends, and resolves with the ms until the server closes it. */
  const closedAfter = (feed: (write: (text: string) => void) => void) =>
    new Promise<number>((resolve) => {
      const started = Date.now();
      const socket = connect(port, '127.0.0.1', () => feed((text) => socket.writable && socket.write(text)));
      socket.on('data', () => undefined);
      socket.on('error', () => undefined);
      socket.on('close', () => resolve(Date.now() - started));
    });

  it('a body that stops halfway', async () => {
    const ms = await closedAfter((write) =>
      write(
        'POST /cdn/logs_uploader/configs HTTP/1.1\r\nHost: x\r\nAuthorization: apikey a\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{"name":',
      ),
    );
    expect(ms).toBeGreaterThanOrEqual(SHORT.idle - 50);
    expect(ms).toBeLessThan(SHORT.request + 1_000);
  });

  it('headers sent a byte at a time (slowloris)', async () => {
    let timer: NodeJS.Timeout | undefined;
    const ms = await closedAfter((write) => {
      const text = `GET /streaming/videos/1444 HTTP/1.1\r\nHost: x\r\nX-Slow: ${'a'.repeat(1000)}`;
      let at = 0;
      timer = setInterval(() => write(text[at++ % text.length]!), 20);
    });
    clearInterval(timer);
    expect(ms).toBeGreaterThanOrEqual(SHORT.headers - 50);
    expect(ms).toBeLessThan(SHORT.headers + 1_000);
  });

  it('an idle connection that sends nothing', async () => {
    const ms = await closedAfter(() => undefined);
    expect(ms).toBeGreaterThanOrEqual(SHORT.idle - 50);
    expect(ms).toBeLessThan(SHORT.idle + 1_000);
  });

  it('a connection kept open through a delay longer than the idle limit, and closed once idle after it', async () => {
    let answeredAt = 0;
    const started = Date.now();
    const closedAt = await new Promise<number>((resolve) => {
      const socket = connect(port, '127.0.0.1', () =>
        socket.write(
          `GET /streaming/videos/1444 HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: apikey a\r\nPrefer: delay=${2 * SHORT.idle}\r\n\r\n`,
        ),
      );
      socket.on('data', () => {
        answeredAt ||= Date.now() - started;
      });
      socket.on('error', () => undefined);
      socket.on('close', () => resolve(Date.now() - started));
    });
    expect(answeredAt).toBeGreaterThanOrEqual(2 * SHORT.idle - 50);
    // After an answer, Node's keep-alive limit holds the connection: the idle limit and its 1 s of grace.
    expect(closedAt - answeredAt).toBeGreaterThanOrEqual(SHORT.idle - 50);
    expect(closedAt - answeredAt).toBeLessThan(SHORT.idle + 2_000);
  });

  it('the real limits are seconds, as the README says', () => {
    expect(TIMEOUTS).toEqual({ headers: 5_000, request: 10_000, idle: 5_000 });
  });
});

// The server keeps the last query it read for the requests that repeat it: each request must still get
// its own query's answer, and the journal each request's own query.
describe('the query of each request', () => {
  const running = useEmulator();
  const auth = { authorization: 'apikey a' };

  it('a page, another, the first again, and a repeated name: each answered and journaled as sent', async () => {
    running.emulator.requests.clear();
    const targets = [
      '/streaming/streams?page=1',
      '/streaming/streams?page=2',
      '/streaming/streams?page=1',
      '/streaming/streams?page=1&page=2',
      '/streaming/streams',
    ];
    const answers = [];
    for (const path of targets) answers.push(await rawRequest(running.url, { path, headers: auth }));
    expect(answers.map((answer) => answer.status)).toEqual([200, 200, 200, 400, 200]);
    expect(answers[0]!.body).not.toBe(answers[1]!.body);
    expect(answers[2]!.body).toBe(answers[0]!.body);
    expect(answers[4]!.body).toBe(answers[0]!.body);
    expect(running.emulator.requests.list().map((entry) => entry.query)).toEqual([
      { page: '1' },
      { page: '2' },
      { page: '1' },
      { page: ['1', '2'] },
      {},
    ]);
  });
});

describe('a body over the limit, over one connection', () => {
  const running = useEmulator();
  const MIB = 1024 * 1024;

  /** Writes a POST declaring `bytes` of body, then the body, then `after`; resolves with all read until close or `until` is seen. */
  const exchange = (bytes: number, after: string, until: RegExp) =>
    new Promise<{ text: string; closed: boolean }>((resolve) => {
      const { port } = new URL(running.url);
      let text = '';
      const socket = connect(Number(port), '127.0.0.1', () => {
        socket.write(
          `POST /cdn/logs_uploader/configs HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: apikey a\r\nContent-Type: application/json\r\nContent-Length: ${bytes}\r\n\r\n`,
        );
        socket.write(Buffer.alloc(bytes, 0x20));
        socket.write(after);
      });
      socket.on('data', (chunk: Buffer) => {
        text += chunk.toString('latin1');
        if (until.test(text)) {
          socket.destroy();
          resolve({ text, closed: false });
        }
      });
      socket.on('error', () => undefined);
      socket.on('close', () => resolve({ text, closed: true }));
    });

  it('answers 413, reads the rest of a body a few MiB over, and takes the next request on the connection', async () => {
    const next = 'GET /streaming/videos/1444 HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: apikey a\r\n\r\n';
    const { text, closed } = await exchange(2 * MIB, next, /HTTP\/1\.1 200[\s\S]*"id":1444/);
    expect(closed).toBe(false);
    expect(text.indexOf('HTTP/1.1 413')).toBe(0);
    expect(text).toMatch(/HTTP\/1\.1 200/);
  });

  it('answers 413 first, and closes the connection once the rest passes what it throws away', async () => {
    const { text, closed } = await exchange(16 * MIB, '', /^$/);
    expect(text.indexOf('HTTP/1.1 413')).toBe(0);
    expect(closed).toBe(true);
  });
});
