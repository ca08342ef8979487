// `cloud-platform-mcp`'s stdio, line by line as a client writes it: a line that is not JSON gets a parse
// error (-32700), JSON that is not one JSON-RPC message (a batch array among them) an invalid request
// (-32600), a tools/call whose params are not an object invalid params (-32602), each with the session going on; a line over the limit ends the session with a stderr line
// naming the limit and a non-zero exit.
import { spawn } from 'node:child_process';
import path from 'node:path';
import { PassThrough } from 'node:stream';
import type { JSONRPCMessage } from '@modelcontextprotocol/server';
import { describe, expect, it } from 'vitest';
import { LineTransport, MESSAGE_LIMIT_BYTES } from '../src/line-transport.js';

const BIN = path.join(import.meta.dirname, '..', 'bin', 'cloud-platform-mcp.js');

interface Run {
  answers: Record<string, unknown>[];
  stderr: string;
  code: number | null;
}

/** Writes the lines to a fresh server's stdin, closes it, and collects every answer until the server exits. */
function runLines(lines: readonly string[]): Promise<Run> {
  const child = spawn(process.execPath, [BIN], { stdio: ['pipe', 'pipe', 'pipe'] });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  // A write after the server has gone is refused with EPIPE: what the oversize case expects.
  child.stdin.on('error', () => {});
  child.stdin.end(lines.map((line) => `${line}\n`).join(''));
  return new Promise((resolve) =>
    child.on('close', (code) =>
      resolve({
        answers: stdout
          .split('\n')
          .filter(Boolean)
          .map((line) => JSON.parse(line) as Record<string, unknown>),
        stderr,
        code,
      }),
    ),
  );
}

const PING = JSON.stringify({ jsonrpc: '2.0', id: 'after', method: 'ping' });
const pingAfter = (index: number) => JSON.stringify({ jsonrpc: '2.0', id: `after-${index}`, method: 'ping' });

const BAD_LINES = [
  { what: 'not JSON', line: '{"jsonrpc": "2.0", "id": 1, "method": ', code: -32700, id: null },
  { what: 'a bare word', line: 'hello', code: -32700, id: null },
  { what: 'a batch', line: JSON.stringify([{ jsonrpc: '2.0', id: 2, method: 'ping' }]), code: -32600, id: null },
  { what: 'an empty batch', line: '[]', code: -32600, id: null },
  { what: 'a number', line: '42', code: -32600, id: null },
  { what: 'no jsonrpc member', line: JSON.stringify({ id: 3, method: 'ping' }), code: -32600, id: 3 },
  {
    what: 'a method that is not a string',
    line: JSON.stringify({ jsonrpc: '2.0', id: 'x', method: 5 }),
    code: -32600,
    id: 'x',
  },
  {
    what: 'an id that is an object',
    line: JSON.stringify({ jsonrpc: '2.0', id: { a: 1 }, method: 'ping' }),
    code: -32600,
    id: null,
  },
  ...[
    ['a string', 'getVideo'],
    ['an array', [{ name: 'getVideo', arguments: { video_id: 1444 } }]],
    ['null', null],
    ['a number', 7],
  ].map(([what, params], index) => ({
    what: `tools/call with params ${what}`,
    line: JSON.stringify({ jsonrpc: '2.0', id: `call-${index}`, method: 'tools/call', params }),
    code: -32602,
    id: `call-${index}`,
  })),
];

/** Each turn's answers, and the exit code, of one server that is sent each line with a ping naming its turn. */
interface Turns {
  turns: Record<string, unknown>[][];
  code: number | null;
}

/**
 * One server for the whole table (a spawn costs about 1.5 s of CPU): a turn is a line and a ping naming it,
 * written once the ping of the turn before is answered, so a turn's answers are its own. A session that did
 * not go on after a line leaves that turn and every later one short.
 */
function runInTurns(lines: readonly string[]): Promise<Turns> {
  const child = spawn(process.execPath, [BIN], { stdio: ['pipe', 'pipe', 'ignore'] });
  const turns: Record<string, unknown>[][] = [[]];
  const turn = (index: number) =>
    index === lines.length ? child.stdin.end() : child.stdin.write(`${lines[index]}\n${pingAfter(index)}\n`);
  let partial = '';
  child.stdout.on('data', (chunk: Buffer) => {
    const complete = (partial + chunk.toString()).split('\n');
    partial = complete.pop()!;
    for (const line of complete.filter(Boolean)) {
      const answer = JSON.parse(line) as Record<string, unknown>;
      turns.at(-1)!.push(answer);
      if (answer.id === `after-${turns.length - 1}`) turn(turns.push([]) - 1);
    }
  });
  turn(0);
  return new Promise((resolve) => child.on('close', (code) => resolve({ turns, code })));
}

let table: Promise<Turns> | undefined;

describe('cloud-platform-mcp: JSON-RPC errors on stdio', () => {
  it.each(BAD_LINES.map((badLine, index) => ({ ...badLine, index })))(
    'answers $what with $code, id $id, and goes on',
    async ({ code, id, index }) => {
      table ??= runInTurns(BAD_LINES.map(({ line }) => line));
      const run = await table;
      expect(run.turns[index]).toEqual([
        { jsonrpc: '2.0', id, error: { code, message: expect.any(String) } },
        { jsonrpc: '2.0', id: `after-${index}`, result: {} },
      ]);
      expect(run.code).toBe(0);
    },
    30_000,
  );

  it('ends the session on a line over the limit, naming it on stderr, with exit code 1', async () => {
    const oversize = JSON.stringify({
      jsonrpc: '2.0',
      id: 1,
      method: 'ping',
      params: { pad: 'x'.repeat(MESSAGE_LIMIT_BYTES) },
    });
    const run = await runLines([PING, oversize, PING]);
    expect(run.answers).toEqual([{ jsonrpc: '2.0', id: 'after', result: {} }]);
    expect(run.stderr).toBe(
      'cloud-platform-mcp: a message was longer than the limit of 10 MiB (10485760 bytes): the session ends\n',
    );
    expect(run.code).toBe(1);
  }, 30_000);
});

describe('LineTransport: lines however the chunks fall, with a limit of 64 bytes', () => {
  const ping = (id: number) => JSON.stringify({ jsonrpc: '2.0', id, method: 'p' });

  /** Feeds the chunks to a transport; what it passed on, answered, and whether and why it ended. */
  async function feed(chunks: readonly string[]) {
    const input = new PassThrough();
    const output = new PassThrough();
    const transport = new LineTransport(input, output, 64);
    const messages: JSONRPCMessage[] = [];
    const errors: string[] = [];
    let closed = false;
    transport.onmessage = (message) => messages.push(message);
    transport.onerror = (error) => errors.push(error.message);
    transport.onclose = () => (closed = true);
    await transport.start();
    for (const chunk of chunks) input.write(chunk);
    const answers = String(output.read() ?? '')
      .split('\n')
      .filter(Boolean)
      .map((line) => (JSON.parse(line) as { error: { code: number } }).error.code);
    return { ids: messages.map((m) => (m as { id: number }).id), answers, errors, closed };
  }

  it.each([
    { what: 'two lines in one chunk', chunks: [`${ping(1)}\n${ping(2)}\n`], ids: [1, 2], answers: [] },
    {
      what: 'a line in three chunks',
      chunks: [ping(1).slice(0, 5), ping(1).slice(5, 9), `${ping(1).slice(9)}\n`],
      ids: [1],
      answers: [],
    },
    { what: 'CRLF and blank lines', chunks: [`\r\n\n${ping(1)}\r\n  \n`], ids: [1], answers: [] },
    { what: 'a bad line between good ones', chunks: [`${ping(1)}\n{\n${ping(2)}\n`], ids: [1, 2], answers: [-32700] },
    { what: 'an unfinished last line', chunks: [`${ping(1)}\n${ping(2)}`], ids: [1], answers: [] },
  ])('$what: passed on $ids, answered $answers, the session goes on', async ({ chunks, ids, answers }) => {
    expect(await feed(chunks)).toEqual({ ids, answers, errors: [], closed: false });
  });

  it.each([
    { what: 'in one chunk', chunks: [`${'x'.repeat(65)}\n${ping(1)}\n`] },
    { what: 'spread over chunks, with no newline yet', chunks: ['x'.repeat(40), 'x'.repeat(25)] },
  ])('a line one byte over the limit, $what: the session ends, nothing after it is taken', async ({ chunks }) => {
    expect(await feed(chunks)).toEqual({
      ids: [],
      answers: [],
      errors: [expect.stringMatching(/^a message was longer than the limit of .* \(64 bytes\): the session ends$/)],
      closed: true,
    });
  });

  it('takes a line of exactly the limit', async () => {
    const line = JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'x'.repeat(28) });
    expect(line.length).toBe(64);
    expect((await feed([`${line}\n`])).ids).toEqual([1]);
  });
});

describe('LineTransport: a client that reads its answers slowly', () => {
  it('stops reading while its answers wait, with one drain listener, and reads on once they are taken', async () => {
    const input = new PassThrough();
    const output = new PassThrough({ highWaterMark: 16 });
    const transport = new LineTransport(input, output, 64);
    await transport.start();
    for (let i = 0; i < 200; i++) input.write('{\n');
    expect(output.listenerCount('drain')).toBe(1);
    expect(input.isPaused()).toBe(true);
    let answers = 0;
    for (let turn = 0; turn < 1_000 && answers < 200; turn++) {
      answers += String(output.read() ?? '')
        .split('\n')
        .filter(Boolean).length;
      await new Promise((resolve) => setImmediate(resolve));
      expect(output.listenerCount('drain')).toBeLessThanOrEqual(1);
    }
    expect(answers).toBe(200);
    await transport.close();
  });
});
