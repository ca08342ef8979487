// readRequestBody, the one bounded read of a request body every server of this project uses (the
// emulator's and the MCP server's): a table of bodies against a 1 KiB limit on a node:http server, each
// sent whole by its client, which must see what the server made of it and never a reset before that.
import { createServer, request, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readRequestBody, type RequestStream } from '../../src/contract/bounded-body.js';

const LIMIT = 1024;
let server: Server;
let port = 0;

beforeAll(async () => {
  server = createServer((req, res) =>
    readRequestBody(
      req,
      LIMIT,
      (body) => res.end(body.tooLarge ? 'too large' : `read ${body.bytes?.byteLength ?? 'no body'}`),
      () => res.destroy(),
    ),
  );
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  port = (server.address() as AddressInfo).port;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

/** Sends the body (in chunks, with no length, where asked) and resolves with the answer, or the error seen first. */
const send = (body: string | undefined, chunked: boolean) =>
  new Promise<string>((resolve) => {
    let answer = '';
    const req = request(
      {
        host: '127.0.0.1',
        port,
        method: 'POST',
        agent: false,
        headers: chunked ? { 'transfer-encoding': 'chunked' } : {},
      },
      (res) => {
        res.on('data', (chunk: Buffer) => (answer += chunk.toString()));
        res.on('end', () => resolve(answer));
      },
    );
    req.on('error', (error: NodeJS.ErrnoException) => resolve(answer || (error.code ?? error.message)));
    if (body === undefined) return void req.end();
    if (!chunked) return void req.end(body);
    for (let at = 0; at < body.length; at += 300) req.write(body.slice(at, at + 300));
    req.end();
  });

describe('readRequestBody, against a limit of 1 KiB', () => {
  it.each([
    ['no body', undefined, false, 'read no body'],
    ['an empty body', '', false, 'read no body'],
    ['a small body', 'x'.repeat(10), false, 'read 10'],
    ['a body at the limit', 'x'.repeat(LIMIT), false, `read ${LIMIT}`],
    ['a body at the limit, in chunks', 'x'.repeat(LIMIT), true, `read ${LIMIT}`],
    ['a body one byte over', 'x'.repeat(LIMIT + 1), false, 'too large'],
    ['a body three times the limit', 'x'.repeat(3 * LIMIT), false, 'too large'],
    ['a body three times the limit, in chunks', 'x'.repeat(3 * LIMIT), true, 'too large'],
    ['a body far past what is thrown away', 'x'.repeat(64 * LIMIT), false, 'too large'],
  ])('%s: %s', async (_, body, chunked, answer) => {
    expect(await send(body, chunked)).toBe(answer);
  });
});

// A body that goes on past what is thrown away: the 413 is answered there, and the connection is closed
// only once as much again has come, never at the next chunk (which, under load, reset the connection
// before the client had read its 413). A stream of chunks stands in for the request, so the order is exact.
describe('a body far over the limit', () => {
  it('is answered at four times the limit, and its connection closed at eight, not sooner', () => {
    const listeners: { data?: (chunk: Uint8Array) => void } = {};
    const events: string[] = [];
    const stream: RequestStream = {
      headers: { 'content-length': String(100 * LIMIT) },
      on: (event: string, listener: unknown) => {
        if (event === 'data') listeners.data = listener as (chunk: Uint8Array) => void;
      },
      off: () => undefined,
      socket: { destroy: () => events.push('destroyed') },
    };
    readRequestBody(
      stream,
      LIMIT,
      (body) => events.push(body.tooLarge ? 'too large' : 'read'),
      () => events.push('failed'),
    );
    const chunk = new Uint8Array(LIMIT / 2);
    let sent = 0;
    const sentWhen = (event: string) => {
      while (sent < 40 * LIMIT) {
        listeners.data!(chunk);
        sent += chunk.byteLength;
        if (events.includes(event)) return sent;
      }
      return undefined;
    };
    expect(sentWhen('too large')).toBe(4 * LIMIT + chunk.byteLength);
    expect(sentWhen('destroyed')).toBe(8 * LIMIT + chunk.byteLength);
    expect(events).toEqual(['too large', 'destroyed']);
  });
});
