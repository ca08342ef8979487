// The emulator as a test tool: the request log (text, NDJSON, quiet) that never prints a secret,
// unknown fields logged or refused with --strict, fixtures merged over the built-in set, the version,
// and CORS for browser pages.
import { execFile } from 'node:child_process';
import { request as httpRequest } from 'node:http';
import { connect } from 'node:net';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterEach, describe, expect, it } from 'vitest';
import { createEmulator, type RequestLogEntry } from '../src/index.js';
import { escapeForLog, textLine } from '../src/cli.js';
import { createServerEmulator, startEmulatorServer } from '../src/server.js';
import { inject, launchCli } from './helpers.js';

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
  await fetch(`${url}/cdn/logs_uploader/configs?token=${SECRET}`, { method: 'POST', headers: { authorization: `apikey ${SECRET}`, 'content-type': 'application/json' }, body });
  await fetch(`${url}/streaming/videos/1444`, { headers: { authorization: `apikey ${SECRET}` } });
  await new Promise((resolve) => setTimeout(resolve, 200));
  return out;
}

describe('the request log', () => {
  it('prints one line per request: time, method, path, operationId, status, ms and unknown fields, and no secret', async () => {
    const out = await logOf([]);
    const lines = out.split('\n').filter((line) => /^\d{4}-/.test(line));
    expect(lines).toHaveLength(2);
    expect(lines[0]).toMatch(/^\d{4}-\d\d-\d\dT[\d:.]+Z POST \/cdn\/logs_uploader\/configs createLogsUploaderConfig 200 [\d.]+ ms unknown fields: body\.enabeld, body\.password$/);
    expect(lines[1]).toMatch(/ GET \/streaming\/videos\/1444 getVideo 200 [\d.]+ ms$/);
    expect(out).not.toContain(SECRET);
  });

  it('prints NDJSON with --log json', async () => {
    const entries = (await logOf(['--log', 'json'])).split('\n').filter((line) => line.startsWith('{')).map((line) => JSON.parse(line) as RequestLogEntry);
    expect(entries).toEqual([
      { time: expect.any(String), method: 'POST', path: '/cdn/logs_uploader/configs', operationId: 'createLogsUploaderConfig', status: 200, ms: expect.any(Number), unknownFields: ['body.enabeld', 'body.password'] },
      { time: expect.any(String), method: 'GET', path: '/streaming/videos/1444', operationId: 'getVideo', status: 200, ms: expect.any(Number) },
    ]);
  });

  it('loses no line when stopped at once: every request answered before SIGTERM is in the log', async () => {
    const { child, url } = await launchCli(['--port', '0']);
    let out = '';
    child.stdout!.on('data', (chunk: Buffer) => (out += chunk.toString()));
    const exited = new Promise((resolve) => child.once('exit', resolve));
    stopping.push(() => child.kill('SIGKILL'));
    const calls = Array.from({ length: 40 }, () => fetch(`${url}/streaming/videos/1444`, { headers: { authorization: 'apikey stop' } }));
    expect((await Promise.all(calls)).map((response) => response.status)).toEqual(Array(40).fill(200));
    child.kill('SIGTERM');
    await exited;
    expect(out.split('\n').filter((line) => line.includes(' GET /streaming/videos/1444 getVideo 200 '))).toHaveLength(40);
  });

  it('prints nothing per request with --quiet', async () => {
    // The two requests were answered (logOf waits for them), and nothing was printed for them.
    expect(await logOf(['--quiet'])).toBe('');
  });

  it('logs through the in-process adapter too, with the fault that dropped a call', async () => {
    const entries: RequestLogEntry[] = [];
    const emulator = await createEmulator({ log: (entry) => entries.push(entry) });
    emulator.faults.add({ operationId: 'getVideo', reset: true, count: 1 });
    await emulator.fetch('http://emulator.local/streaming/videos/1444', { headers: { authorization: 'apikey a' } }).catch(() => undefined);
    await emulator.fetch('http://emulator.local/nowhere', { headers: { authorization: 'apikey a' } });
    expect(entries.map(({ method, path: p, operationId, status, fault }) => ({ method, p, operationId, status, fault }))).toEqual([
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
    const strict = await inject(await createEmulator({ strict: true }), { method: 'POST', url: '/cdn/logs_uploader/configs', headers, payload: body });
    expect(strict.statusCode).toBe(400);
    expect(JSON.parse(strict.body)).toEqual({ message: 'Invalid request: body.enabeld: is not a field the document declares (strict)', errors: { enabeld: ['is not a field the document declares (strict)'] } });
    const lenient = await inject(await createEmulator(), { method: 'POST', url: '/cdn/logs_uploader/configs', headers, payload: body });
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

describe('the text log, whatever a client sends (item 8)', () => {
  it.each([
    ['a newline in a field name, forging a second line', '{"name":"n","policy":1,"target":2,"a\\n2026-11-23T00:00:00.000Z GET /forged getVideo 200 1 ms":1}'],
    ['an ANSI escape and a C1 control in a field name', '{"name":"n","policy":1,"target":2,"\\u001b[31mred\\u009b":1}'],
    ['a line separator in a field name', '{"name":"n","policy":1,"target":2,"a\\u2028b":1}'],
  ])('writes %s as one line of escapes', async (_, body) => {
    const lines: string[] = [];
    const emulator = await createEmulator({ log: (entry) => lines.push(textLine(entry)) });
    await inject(emulator, { method: 'POST', url: '/cdn/logs_uploader/configs%0d%0aforged', headers: { authorization: 'apikey log', 'content-type': 'application/json' }, payload: body });
    await inject(emulator, { method: 'POST', url: '/cdn/logs_uploader/configs', headers: { authorization: 'apikey log', 'content-type': 'application/json' }, payload: body });
    const written = lines.join('');
    expect(written.split('\n').filter(Boolean)).toHaveLength(2);
    expect(written).not.toMatch(/[\u0000-\u0009\u000b-\u001f\u007f-\u009f\u2028\u2029]/);
  });

  it('escapes the backslash too, so an escape in the log always means a byte the client sent', () => {
    expect(escapeForLog('a\\u000a\nb')).toBe('a\\\\u000a\\u000ab');
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
    await expect(createServerEmulator({ fixturesFile: file })).rejects.toThrow(`Invalid fixtures in ${file}:\n  $.streamsPageSize: must be integer (type)`);
  });
});

describe('--version', () => {
  it('npx cloud-platform-emulator --version prints the package version', async () => {
    const { stdout } = await promisify(execFile)('npx', ['--no-install', 'cloud-platform-emulator', '--version'], { encoding: 'utf8' });
    expect(stdout.trim()).toBe((JSON.parse(readFileSync(path.resolve('emulator', 'package.json'), 'utf8')) as { version: string }).version);
  }, 30_000);
});

describe('CORS on the HTTP server', () => {
  const preflight = (url: string, origin: string) =>
    fetch(`${url}/cdn/logs_uploader/configs`, { method: 'OPTIONS', headers: { origin, 'access-control-request-method': 'POST', 'access-control-request-headers': 'authorization, content-type' } });

  it.each([
    ['a localhost page, by default', undefined, 'http://localhost:4173', 204, 'http://localhost:4173'],
    ['a 127.0.0.1 page, by default', undefined, 'http://127.0.0.1:5173', 204, 'http://127.0.0.1:5173'],
    ['another origin, by default', undefined, 'http://example.test:4173', 403, null],
    ['a look-alike host, by default', undefined, 'http://localhost.example.test:80', 403, null],
    ['the origin given with --cors', ['http://app.test:8080'], 'http://app.test:8080', 204, 'http://app.test:8080'],
    ['a localhost page once --cors replaces the default', ['http://app.test:8080'], 'http://localhost:4173', 403, null],
    ['any origin with --cors *', ['*'], 'http://anything.test', 204, '*'],
    ['a localhost page on port 80, by default (item 16)', undefined, 'http://localhost', 204, 'http://localhost'],
    ['a 127.0.0.1 page on port 80, by default (item 16)', undefined, 'http://127.0.0.1', 204, 'http://127.0.0.1'],
    ['a look-alike of a port-less host, by default', undefined, 'http://localhostx', 403, null],
  ])('answers the preflight of %s', async (_what, corsOrigins, origin, status, allowOrigin) => {
    const server = await startEmulatorServer({ port: 0, ...(corsOrigins ? { corsOrigins } : {}) });
    stopping.push(server.close);
    const answer = await preflight(server.url, origin);
    expect(answer.status).toBe(status);
    expect(answer.headers.get('access-control-allow-origin')).toBe(allowOrigin);
    if (status === 204) expect(answer.headers.get('access-control-allow-headers')).toBe('authorization, content-type, prefer');
  });

  it('lets an allowed page read the answer and its Retry-After and Deprecation headers', async () => {
    const server = await startEmulatorServer({ port: 0 });
    stopping.push(server.close);
    const answer = await fetch(`${server.url}/streaming/videos/1444`, { headers: { origin: 'http://localhost:3000', authorization: 'apikey cors' } });
    expect(answer.headers.get('access-control-allow-origin')).toBe('http://localhost:3000');
    expect(answer.headers.get('access-control-expose-headers')).toBe('retry-after, deprecation');
  });
});

/** A raw request, for the headers fetch will not let a caller set (Host), or a body without its type. */
function rawRequest(url: string, options: { method?: string; path: string; headers?: Record<string, string>; body?: string }): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const { hostname, port } = new URL(url);
    const req = httpRequest({ host: hostname, port, method: options.method ?? 'GET', path: options.path, headers: options.headers }, (res) => {
      let body = '';
      res.on('data', (chunk: Buffer) => (body += chunk));
      res.on('end', () => resolve({ status: res.statusCode!, body }));
    });
    req.on('error', reject);
    req.end(options.body);
  });
}

describe('what a web page of another origin cannot reach (item 7)', () => {
  const faultRule = JSON.stringify({ operationId: 'getVideo', status: 503 });
  const auth = { authorization: 'apikey page' };

  it.each([
    ['reset, with no preflight (a no-cors POST)', { method: 'POST', path: '/__emulator/reset', headers: { origin: 'http://evil.test' } }],
    ['a fault rule as text/plain, with no preflight', { method: 'POST', path: '/__emulator/faults', headers: { origin: 'http://evil.test', 'content-type': 'text/plain' }, body: faultRule }],
    ['a fault rule as JSON from a disallowed origin', { method: 'POST', path: '/__emulator/faults', headers: { origin: 'http://evil.test', 'content-type': 'application/json' }, body: faultRule }],
    ['the faults list', { method: 'GET', path: '/__emulator/faults', headers: { origin: 'http://evil.test' } }],
  ])('a control route: %s, is refused with 403 and changes nothing', async (_, request) => {
    const emulator = await createEmulator();
    const server = await startEmulatorServer({ port: 0 }, emulator);
    stopping.push(server.close);
    await emulator.fetch('http://emulator.local/cdn/logs_uploader/configs', { method: 'POST', headers: { ...auth, 'content-type': 'application/json' }, body: '{"name":"kept","policy":1,"target":2}' });
    const answer = await rawRequest(server.url, request);
    expect(answer.status).toBe(403);
    expect(answer.body).toContain('may not call the emulator\'s control routes: start it with --cors http://evil.test');
    expect(emulator.store.tables.configs.size()).toBe(1);
    expect(emulator.faults.list()).toEqual([]);
  });

  it('a control route takes a body only as application/json, whatever the origin (415)', async () => {
    const emulator = await createEmulator();
    const server = await startEmulatorServer({ port: 0 }, emulator);
    stopping.push(server.close);
    const answer = await rawRequest(server.url, { method: 'POST', path: '/__emulator/faults', headers: { 'content-type': 'text/plain' }, body: faultRule });
    expect(answer.status).toBe(415);
    expect(JSON.parse(answer.body).message).toBe('/__emulator/faults takes a body only as Content-Type: application/json');
    expect(emulator.faults.list()).toEqual([]);
  });

  it.each([
    ['a DNS-rebinding name', 'rebound.evil.test:4010', 421],
    ['the machine under another name', 'example.test', 421],
    ['localhost', 'localhost:4010', 200],
    ['127.0.0.1', '127.0.0.1', 200],
    ['[::1]', '[::1]:4010', 200],
  ])('a request whose Host is %s (%s) answers %i', async (_, host, status) => {
    const server = await startEmulatorServer({ port: 0 });
    stopping.push(server.close);
    const answer = await rawRequest(server.url, { path: '/streaming/videos/1444', headers: { ...auth, host } });
    expect(answer.status).toBe(status);
    if (status === 421) expect(answer.body).toContain(`start it with --allow-host ${host.split(':')[0]}`);
  });

  it('--allow-host lets a named host through', async () => {
    const server = await startEmulatorServer({ port: 0, allowHosts: ['emulator.internal'] });
    stopping.push(server.close);
    expect((await rawRequest(server.url, { path: '/streaming/videos/1444', headers: { ...auth, host: 'emulator.internal:4010' } })).status).toBe(200);
  });
});

describe('the HTTP server answers every request', () => {
  it('CONNECT gets a 405 and the connection closes', async () => {
    const server = await startEmulatorServer({ port: 0 });
    stopping.push(server.close);
    const { port } = new URL(server.url);
    const reply = await new Promise<string>((resolve, reject) => {
      const socket = connect(Number(port), '127.0.0.1', () => socket.write('CONNECT example.test:443 HTTP/1.1\r\nhost: example.test:443\r\n\r\n'));
      let text = '';
      socket.on('data', (chunk) => (text += chunk));
      socket.on('close', () => resolve(text));
      socket.on('error', reject);
      socket.setTimeout(5_000, () => socket.destroy(new Error('no answer')));
    });
    expect(reply).toMatch(/^HTTP\/1\.1 405 Method Not Allowed\r\n/);
  });
});

describe('the request log tells the truth ([O] item 2)', () => {
  it('names no operation for a path without one, marks an injected status, and says why a request was refused', async () => {
    const lines: string[] = [];
    const entries: RequestLogEntry[] = [];
    const emulator = await createEmulator({ log: (entry) => (entries.push(entry), lines.push(textLine(entry))) });
    const headers = { authorization: 'apikey log', 'content-type': 'application/json' };
    await inject(emulator, { url: '/streaming/video/1', headers });
    await inject(emulator, { method: 'PUT', url: '/streaming/videos/1444', headers });
    await inject(emulator, { url: '/streaming/videos/1444', headers: { ...headers, prefer: 'code=503' } });
    await inject(emulator, { method: 'POST', url: '/cdn/logs_uploader/configs', headers, payload: '{"name":"n"}' });
    expect(lines[0]).toMatch(/ GET \/streaming\/video\/1 - 404 /);
    expect(lines[1]).toMatch(/ PUT \/streaming\/videos\/1444 - 405 /);
    expect(lines[2]).toMatch(/ getVideo 503 \(injected\) /);
    expect(lines[3]).toMatch(/ createLogsUploaderConfig 400 .* refused: body\.policy \(required\) and 1 more\n$/);
    expect(entries[3]!.issues).toEqual([{ path: 'body.policy', rule: 'required' }, { path: 'body.target', rule: 'required' }]);
  });
});
