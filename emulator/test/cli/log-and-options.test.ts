// The command's request log (text, NDJSON, quiet) that never prints a secret and tells the truth, and
// its options: unknown fields logged or refused with --strict, fixtures merged over the built-in set,
// the version.
import { type ChildProcess, execFile, spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterEach, describe, expect, it } from 'vitest';
import { createEmulator, type RequestLogEntry } from '../../src/index.js';
import { escapeForLog, textLine } from '../../src/cli.js';
import { createServerEmulator } from '../../src/server.js';
import { BIN, inject, launchCli } from '../helpers/emulator.js';
import { listeningUrl } from '../../../test-kit/listening.js';

const SECRET = 'sk-log-SECRET-9f3a';
const dir = mkdtempSync(path.join(os.tmpdir(), 'emulator-tool-'));
const stopping: (() => unknown)[] = [];
afterEach(async () => {
  for (const stop of stopping.splice(0)) await stop();
});

/** Starts the command with `args`, makes one create with an unknown field and a secret in its body, and returns stdout. */
async function logOf(args: string[]): Promise<string> {
  const { child, url } = await launchCli(['--port', '0', ...args]);
  let out = '';
  child.stdout!.on('data', (chunk: Buffer) => (out += chunk.toString()));
  stopping.push(() => child.kill('SIGKILL'));
  const body = JSON.stringify({ name: 'n', policy: 1, target: 2, enabeld: true, password: SECRET });
  await fetch(`${url}/cdn/logs_uploader/configs?token=${SECRET}`, {
    method: 'POST',
    headers: { authorization: `apikey ${SECRET}`, 'content-type': 'application/json' },
    body,
  });
  await fetch(`${url}/streaming/videos/1444`, { headers: { authorization: `apikey ${SECRET}` } });
  await stopped(child);
  return out;
}

/** Stops the command as Ctrl-C would and waits until it has exited: it writes the log lines it still holds as it exits. */
function stopped(child: ChildProcess): Promise<void> {
  return new Promise((resolve) => {
    child.once('close', () => resolve());
    child.kill('SIGTERM');
  });
}

describe('the request log', () => {
  it('prints one line per request: time, method, path, operationId, status, ms and unknown fields, and no secret', async () => {
    const out = await logOf([]);
    const lines = out.split('\n').filter((line) => /^\d{4}-/.test(line));
    expect(lines).toHaveLength(2);
    expect(lines[0]).toMatch(
      /^\d{4}-\d\d-\d\dT[\d:.]+Z POST \/cdn\/logs_uploader\/configs createLogsUploaderConfig 200 [\d.]+ ms unknown fields: body\.enabeld, body\.password$/,
    );
    expect(lines[1]).toMatch(/ GET \/streaming\/videos\/1444 getVideo 200 [\d.]+ ms$/);
    expect(out).not.toContain(SECRET);
  });

  it('prints NDJSON with --log json', async () => {
    const entries = (await logOf(['--log', 'json']))
      .split('\n')
      .filter((line) => line.startsWith('{'))
      .map((line) => JSON.parse(line) as RequestLogEntry);
    expect(entries).toEqual([
      {
        time: expect.any(String),
        method: 'POST',
        path: '/cdn/logs_uploader/configs',
        operationId: 'createLogsUploaderConfig',
        status: 200,
        ms: expect.any(Number),
        unknownFields: ['body.enabeld', 'body.password'],
      },
      {
        time: expect.any(String),
        method: 'GET',
        path: '/streaming/videos/1444',
        operationId: 'getVideo',
        status: 200,
        ms: expect.any(Number),
      },
    ]);
  });

  it('loses no line when stopped at once: every request answered before SIGTERM is in the log', async () => {
    const { child, url } = await launchCli(['--port', '0']);
    let out = '';
    child.stdout!.on('data', (chunk: Buffer) => (out += chunk.toString()));
    const exited = new Promise((resolve) => child.once('exit', resolve));
    stopping.push(() => child.kill('SIGKILL'));
    const calls = Array.from({ length: 40 }, () =>
      fetch(`${url}/streaming/videos/1444`, { headers: { authorization: 'apikey stop' } }),
    );
    expect((await Promise.all(calls)).map((response) => response.status)).toEqual(Array(40).fill(200));
    child.kill('SIGTERM');
    await exited;
    expect(out.split('\n').filter((line) => line.includes(' GET /streaming/videos/1444 getVideo 200 '))).toHaveLength(
      40,
    );
  });

  it('keeps every line whole and in order, a line longer than a batch and the lines around it', async () => {
    const { child, url } = await launchCli(['--port', '0', '--log', 'json']);
    let out = '';
    child.stdout!.on('data', (chunk: Buffer) => (out += chunk.toString()));
    stopping.push(() => child.kill('SIGKILL'));
    // 4,000 undeclared fields make a JSON line of about 70 KB, more than a 64 KiB batch; non-ASCII names take more bytes than characters.
    const undeclared = Object.fromEntries(Array.from({ length: 4000 }, (_, i) => [`é_field_${i}`, i]));
    const get = () => fetch(`${url}/streaming/videos/1444`, { headers: { authorization: 'apikey a' } });
    const post = () =>
      fetch(`${url}/cdn/logs_uploader/configs`, {
        method: 'POST',
        headers: { authorization: 'apikey a', 'content-type': 'application/json' },
        body: JSON.stringify({ name: 'n', policy: 1, target: 2, ...undeclared }),
      });
    for (const call of [get, post, get, post, get]) expect((await call()).status).toBe(200);
    await stopped(child);
    const entries = out
      .split('\n')
      .filter((line) => line.startsWith('{'))
      .map((line) => JSON.parse(line) as RequestLogEntry);
    expect(entries.map(({ operationId, unknownFields }) => `${operationId} ${unknownFields?.length ?? 0}`)).toEqual([
      'getVideo 0',
      'createLogsUploaderConfig 4000',
      'getVideo 0',
      'createLogsUploaderConfig 4000',
      'getVideo 0',
    ]);
    expect(entries[1]!.unknownFields!.at(-1)).toBe('body.é_field_3999');
  });

  it.each([
    ['emulating', [], /^cloud-platform-emulator listening on http:\/\/127\.0\.0\.1:\d+\n$/],
    [
      'as a proxy',
      ['--proxy', 'http://127.0.0.1:9'],
      /^cloud-platform-emulator listening on http:\/\/127\.0\.0\.1:\d+ as a PROXY: every API request goes to http:\/\/127\.0\.0\.1:9, with the key it carries\n$/,
    ],
  ])('prints, with --quiet %s, only the line saying where it listens', async (_mode, args, whole) => {
    const child = spawn(BIN, ['--port', '0', '--quiet', ...args], { stdio: ['ignore', 'pipe', 'pipe'] });
    stopping.push(() => child.kill('SIGKILL'));
    let out = '';
    child.stdout!.on('data', (chunk: Buffer) => (out += chunk.toString()));
    const url = await listeningUrl(child, 'cloud-platform-emulator');
    await fetch(`${url}/__emulator/requests`);
    // What it printed while serving; as a proxy it prints its report on exit, which --quiet keeps.
    const started = out;
    await stopped(child);
    expect(started).toMatch(whole);
  });

  it('prints nothing per request with --quiet', async () => {
    // The two requests were answered (logOf waits for them and for the command's exit), and nothing was printed for them.
    expect(await logOf(['--quiet'])).toBe('');
  });

  it('logs through the in-process adapter too, with the fault that dropped a call', async () => {
    const entries: RequestLogEntry[] = [];
    const emulator = await createEmulator({ log: (entry) => entries.push(entry) });
    emulator.faults.add({ operationId: 'getVideo', reset: true, count: 1 });
    await emulator
      .fetch('http://emulator.local/streaming/videos/1444', { headers: { authorization: 'apikey a' } })
      .catch(() => undefined);
    await emulator.fetch('http://emulator.local/nowhere', { headers: { authorization: 'apikey a' } });
    expect(
      entries.map(({ method, path: p, operationId, status, fault }) => ({ method, p, operationId, status, fault })),
    ).toEqual([
      { method: 'GET', p: '/streaming/videos/1444', operationId: 'getVideo', status: 0, fault: 'reset' },
      // A path no operation has is no operation's: the log names none (it named the nearest before).
      { method: 'GET', p: '/nowhere', operationId: undefined, status: 404, fault: undefined },
    ]);
  });
});

describe('--strict', () => {
  it('refuses fields the document does not declare, naming each, where the default drops them', async () => {
    const body = JSON.stringify({ name: 'n', policy: 1, target: 2, enabeld: true, resources: [1] });
    const headers = { authorization: 'apikey strict', 'content-type': 'application/json' };
    const strict = await inject(await createEmulator({ strict: true }), {
      method: 'POST',
      url: '/cdn/logs_uploader/configs',
      headers,
      payload: body,
    });
    expect(strict.statusCode).toBe(400);
    expect(JSON.parse(strict.body)).toEqual({
      message: 'Invalid request: body.enabeld: is not a field the document declares (strict)',
      errors: { enabeld: ['is not a field the document declares (strict)'] },
    });
    const lenient = await inject(await createEmulator(), {
      method: 'POST',
      url: '/cdn/logs_uploader/configs',
      headers,
      payload: body,
    });
    expect(lenient.statusCode).toBe(200);
    expect(JSON.parse(lenient.body)).not.toHaveProperty('enabeld');
  });

  it('refuses a body sent to an operation that takes none, which the default ignores (also seen in [N])', async () => {
    const headers = { authorization: 'apikey strict', 'content-type': 'application/json' };
    const request = { method: 'DELETE', url: '/fastedge/v1/apps/1021', headers, payload: '{"x":1}' };
    const strict = await createEmulator({ strict: true });
    const refused = await inject(strict, request);
    expect(refused.statusCode).toBe(400);
    expect(refused.body).toContain('deleteEdgeApp takes no body');
    expect(strict.store.tables.apps.get('1021')).toBe(true);
    expect((await inject(await createEmulator(), request)).statusCode).toBe(204);
  });
});

describe('the text log, whatever a client sends', () => {
  it.each([
    [
      'a newline in a field name, forging a second line',
      '{"name":"n","policy":1,"target":2,"a\\n2026-11-23T00:00:00.000Z GET /forged getVideo 200 1 ms":1}',
    ],
    ['an ANSI escape and a C1 control in a field name', '{"name":"n","policy":1,"target":2,"\\u001b[31mred\\u009b":1}'],
    ['a line separator in a field name', '{"name":"n","policy":1,"target":2,"a\\u2028b":1}'],
  ])('writes %s as one line of escapes', async (_, body) => {
    const lines: string[] = [];
    const emulator = await createEmulator({ log: (entry) => lines.push(textLine(entry)) });
    await inject(emulator, {
      method: 'POST',
      url: '/cdn/logs_uploader/configs%0d%0aforged',
      headers: { authorization: 'apikey log', 'content-type': 'application/json' },
      payload: body,
    });
    await inject(emulator, {
      method: 'POST',
      url: '/cdn/logs_uploader/configs',
      headers: { authorization: 'apikey log', 'content-type': 'application/json' },
      payload: body,
    });
    const written = lines.join('');
    expect(written.split('\n').filter(Boolean)).toHaveLength(2);
    expect(written).not.toMatch(/[\u0000-\u0009\u000b-\u001f\u007f-\u009f\u2028\u2029]/);
  });

  it('escapes the backslash too, so an escape in the log always means a byte the client sent', () => {
    expect(escapeForLog('a\\u000a\nb')).toBe('a\\\\u000a\\u000ab');
  });

  it('escapes a bidirectional override, which would reorder what the log shows', () => {
    expect(escapeForLog('/streaming/videos/\u202e4441')).toBe('/streaming/videos/\\u202e4441');
  });
});

describe('--fixtures FILE', () => {
  it('merges over the built-in set: each top-level key given replaces that part, the rest stays built in', async () => {
    const file = path.join(dir, 'partial.json');
    writeFileSync(file, JSON.stringify({ streamsPageSize: 1, apps: [7] }));
    const emulator = await createServerEmulator({ fixturesFile: file });
    expect(emulator.fixtures.streamsPageSize).toBe(1);
    expect(emulator.fixtures.apps).toEqual([7]);
    expect(emulator.fixtures.videos.length).toBeGreaterThan(0);
    const page = await inject(emulator, { url: '/streaming/streams?page=1', headers: { authorization: 'apikey f' } });
    expect(JSON.parse(page.body)).toHaveLength(1);
  });

  it('validates the merged set against the document, naming the file and the field', async () => {
    const file = path.join(dir, 'bad-part.json');
    writeFileSync(file, JSON.stringify({ streamsPageSize: 'many' }));
    await expect(createServerEmulator({ fixturesFile: file })).rejects.toThrow(
      `Invalid fixtures in ${file}:\n  $.streamsPageSize: must be integer (type)`,
    );
  });
});

describe('--version', () => {
  it('cloud-platform-emulator --version prints the package version', async () => {
    const { stdout } = await promisify(execFile)(process.execPath, [BIN, '--version'], { encoding: 'utf8' });
    expect(stdout.trim()).toBe(
      (JSON.parse(readFileSync(path.resolve('emulator', 'package.json'), 'utf8')) as { version: string }).version,
    );
  }, 30_000);
});

describe('the request log tells the truth', () => {
  it('names no operation for a path without one, marks an injected status, and says why a request was refused', async () => {
    const lines: string[] = [];
    const entries: RequestLogEntry[] = [];
    const emulator = await createEmulator({
      log: (entry) => {
        entries.push(entry);
        lines.push(textLine(entry));
      },
    });
    const headers = { authorization: 'apikey log', 'content-type': 'application/json' };
    await inject(emulator, { url: '/streaming/video/1', headers });
    await inject(emulator, { method: 'PUT', url: '/streaming/videos/1444', headers });
    await inject(emulator, { url: '/streaming/videos/1444', headers: { ...headers, prefer: 'code=503' } });
    await inject(emulator, { method: 'POST', url: '/cdn/logs_uploader/configs', headers, payload: '{"name":"n"}' });
    expect(lines[0]).toMatch(/ GET \/streaming\/video\/1 - 404 /);
    expect(lines[1]).toMatch(/ PUT \/streaming\/videos\/1444 - 405 /);
    expect(lines[2]).toMatch(/ getVideo 503 \(injected\) /);
    expect(lines[3]).toMatch(/ createLogsUploaderConfig 400 .* refused: body\.policy \(required\) and 1 more\n$/);
    expect(entries[3]!.issues).toEqual([
      { path: 'body.policy', rule: 'required' },
      { path: 'body.target', rule: 'required' },
    ]);
  });
});
