// Regression tests for what an adversarial review found in the emulator: poisoned state, changes
// kept after a failed write, prototype keys, framework error bodies, odd methods, growth from
// tokens, an unguarded reset, integers past 2^53, stalled connections and hand-edited state files.
import { mkdtempSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import { connect } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { TIMEOUTS, type RunningServer } from '../src/server.js';
import { checkResponse, inject, launchCli, operationFor, parsedBody, startEmulator, useEmulator } from './helpers.js';

const freshDir = () => mkdtempSync(path.join(os.tmpdir(), 'emulator-adversarial-'));

async function call(running: RunningServer, method: string, url: string, body?: unknown, token: string | null = 'adversary') {
  const response = await inject(running.emulator, {
    method,
    url,
    headers: { ...(token === null ? {} : { authorization: `apikey ${token}` }), ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    ...(body === undefined ? {} : { payload: typeof body === 'string' ? body : JSON.stringify(body) }),
  });
  const parsed = parsedBody(response.body, response.headers['content-type'] as string | undefined);
  return { status: response.statusCode, headers: response.headers, body: parsed as any };
}

/** Checks an answer against what the document declares for the operation that took the request. */
function expectDeclared(method: string, url: string, answer: { status: number; body: unknown }) {
  const op = operationFor(method, url);
  expect(op, `${method} ${url} is an operation`).toBeDefined();
  expect(checkResponse(op!.operationId, answer.status, answer.body), `${method} ${url} -> ${answer.status}`).toEqual([]);
}

/** A JSON text with an extra field nested `depth` levels deep (as text: JSON.stringify itself overflows on it). */
const withDeepExtra = (body: object, depth: number) => `${JSON.stringify(body).slice(0, -1)},"extra":${'{"down":'.repeat(depth)}"bottom"${'}'.repeat(depth)}}`;
const EVENT = { name: 'reaching_used_space', bucket_name: 'b', storage_name: 's', uuid: 'u', bytes: 1 };
const CONFIG = { name: 'cfg', policy: 1, target: 2 };

describe('a client cannot poison the store (item 1: unknown fields are dropped)', () => {
  it('stores and answers only documented fields, however deep the extra one is, and later changes still save', async () => {
    const stateFile = path.join(freshDir(), 'state.db');
    const running = await startEmulator({ stateFile });
    try {
      const added = await call(running, 'POST', '/storage/notifications/v1/event?client_id=5', withDeepExtra(EVENT, 5000));
      expect(added.status).toBe(200);
      expect(added.body).toEqual(EVENT);
      const created = await call(running, 'POST', '/cdn/logs_uploader/configs', withDeepExtra({ ...CONFIG, resources: [1] }, 5000));
      expect(created.status).toBe(200);
      expect(created.body).not.toHaveProperty('extra');
      expect(JSON.stringify(running.emulator.store.snapshot())).not.toContain('bottom');
      expect((await call(running, 'PATCH', `/cdn/logs_uploader/configs/${created.body.id}`, { enabled: false })).status).toBe(200);
    } finally {
      await running.close();
    }
  });
});

describe('a change that cannot be saved is not applied (item 2)', () => {
  const launch = (stateFile: string, fileSizeBlocks?: number) => launchCli(['--port', '0', '--state', stateFile], fileSizeBlocks);
  const create = (url: string, name: string) =>
    fetch(`${url}/cdn/logs_uploader/configs`, { method: 'POST', headers: { authorization: 'apikey full-disk', 'content-type': 'application/json' }, body: JSON.stringify({ ...CONFIG, name }) });

  it('answers 503 in the area shape when the disk is full, keeps nothing of it, and loses nothing acknowledged', async () => {
    const stateFile = path.join(freshDir(), 'state.db');
    // A file-size limit makes the state file's writes fail part-way, as a full disk does.
    const limited = await launch(stateFile, 400);
    const acknowledged: number[] = [];
    let refused: Response | undefined;
    try {
      for (let i = 0; i < 2000 && !refused; i++) {
        const response = await create(limited.url, `c${i}`);
        if (response.status === 200) acknowledged.push(((await response.json()) as { id: number }).id);
        else refused = response;
      }
      expect(refused?.status).toBe(503);
      const body = (await refused!.json()) as { message: string };
      expect(body.message).toMatch(/could not be saved/);
      // Reading still works.
      expect((await fetch(`${limited.url}/streaming/videos/1444`, { headers: { authorization: 'apikey full-disk' } })).status).toBe(200);
    } finally {
      limited.child.kill('SIGKILL');
      await new Promise((resolve) => limited.child.once('exit', resolve));
    }
    expect(acknowledged.length).toBeGreaterThan(0);

    const free = await launch(stateFile);
    try {
      for (const id of acknowledged) {
        const patched = await fetch(`${free.url}/cdn/logs_uploader/configs/${id}`, { method: 'PATCH', headers: { authorization: 'apikey full-disk', 'content-type': 'application/json' }, body: '{"enabled":false}' });
        expect(patched.status, `acknowledged config ${id}`).toBe(200);
      }
      // The refused create was not kept: its id is the next one handed out.
      expect(((await (await create(free.url, 'after')).json()) as { id: number }).id).toBe(Math.max(...acknowledged) + 1);
    } finally {
      free.child.kill('SIGKILL');
    }
  }, 60_000);

  it('refuses to share a state file another process holds', async () => {
    const stateFile = path.join(freshDir(), 'state.db');
    const first = await launch(stateFile);
    try {
      await expect(launch(stateFile)).rejects.toThrow(/is in use by another process/);
    } finally {
      first.child.kill('SIGKILL');
    }
  }, 30_000);
});

describe('lookups keyed by client input (item 3)', () => {
  const running = useEmulator();
  const PROTOTYPE_KEYS = ['constructor', '__proto__', 'toString', 'hasOwnProperty', 'valueOf'];
  const lookups: [string, (key: string) => [string, string, unknown?], number][] = [
    ['inference key name (a new name in an empty project is created)', (key) => ['POST', '/cloud/v3/inference/4242/api_keys', { name: key.toLowerCase().replace(/_/g, 'x') }], 200],
    ['flavor of check_limits (unknown: 400)', (key) => ['POST', '/cloud/v1/bminstances/1/76/check_limits', { flavor: key }], 400],
    ['DNS zone name (unknown: 404)', (key) => ['GET', `/dns/v2/zones/${encodeURIComponent(key)}`], 404],
    ['inference deployment (unknown: 404)', (key) => ['DELETE', `/cloud/v2/inference/deployments/${encodeURIComponent(key)}`], 404],
  ];
  it.each(lookups.flatMap(([what, build, status]) => PROTOTYPE_KEYS.map((key) => [what, key, build, status] as const)))('%s: %s', async (_what, key, build, status) => {
    const [method, url, body] = build(key);
    const answer = await call(running, method, url, body);
    expect(answer.status).toBe(status);
    expectDeclared(method, url, answer);
  });
});

describe('every framework error takes the operation area shape (item 4)', () => {
  const running = useEmulator();
  const withPathParameter = ['/cloud/v2/inference/deployments/%E0%A4%A', '/streaming/videos/%zz', '/dns/v2/zones/bad%', '/cdn/logs_uploader/configs/%G1', '/fastedge/v1/apps/%'];
  it.each(withPathParameter)('a bad percent-escape in %s is a 400 as declared', async (url) => {
    const method = url.includes('configs') ? 'PATCH' : url.includes('deployments') || url.includes('apps') ? 'DELETE' : 'GET';
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
    const answer = await new Promise<{ status: number; contentType: string | undefined; body: string }>((resolve, reject) => {
      const target = new URL(url, running.url);
      const req = httpRequest({ method, host: target.hostname, port: target.port, path: target.pathname, headers: { authorization: 'apikey a', 'x-big': 'a'.repeat(20_000) } }, (res) => {
        let body = '';
        res.on('data', (chunk: Buffer) => (body += chunk.toString()));
        res.on('end', () => resolve({ status: res.statusCode!, contentType: res.headers['content-type'], body }));
      });
      req.on('error', reject);
      req.end();
    });
    expect(answer.status).toBe(431);
    expectDeclared(method, url, { status: 431, body: parsedBody(answer.body, answer.contentType) });
  });

  it.each([101, 253, 1000])('a %i-character zone name reaches the schema and the handler: 404 in the DNS shape, not 414', async (length) => {
    const url = `/dns/v2/zones/${'a'.repeat(length)}`;
    const answer = await call(running, 'GET', url);
    expect(answer.status).toBe(404);
    expectDeclared('GET', url, answer);
  });
});

describe('any method token on a known path (item 5)', () => {
  const running = useEmulator();
  const send = (method: string, url: string) =>
    new Promise<{ status: number; allow: string | undefined }>((resolve, reject) => {
      const target = new URL(url, running.url);
      const req = httpRequest({ method, host: target.hostname, port: target.port, path: target.pathname, headers: { authorization: 'apikey methods' } }, (res) => {
        res.resume();
        res.on('end', () => resolve({ status: res.statusCode!, allow: res.headers.allow }));
      });
      req.on('error', reject);
      req.end();
    });
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

describe('tokens that create nothing add nothing (item 6)', () => {
  it('2,000 distinct tokens patching an existing config leave one client and an unchanged state file', async () => {
    const stateFile = path.join(freshDir(), 'state.db');
    const running = await startEmulator({ stateFile });
    try {
      expect((await call(running, 'POST', '/cdn/logs_uploader/configs', CONFIG, 'owner')).status).toBe(200);
      const before = JSON.stringify(running.emulator.store.snapshot());
      for (let i = 0; i < 2000; i++) expect((await call(running, 'PATCH', '/cdn/logs_uploader/configs/1', { enabled: false }, `stranger-${i}`)).status).toBe(404);
      expect(running.emulator.store.tables.clients.size()).toBe(1);
      expect(JSON.stringify(running.emulator.store.snapshot())).toBe(before);
    } finally {
      await running.close();
    }
  }, 30_000);
});

describe('reset takes an accepted key when --api-key is set (item 7)', () => {
  const running = useEmulator({ apiKeys: ['admin-key'] });
  it.each([
    ['no Authorization', null, 401],
    ['an unknown key', 'other', 401],
    ['an accepted key', 'admin-key', 204],
  ])('with %s: %s', async (_what, token, status) => {
    expect((await call(running, 'POST', '/cdn/logs_uploader/configs', CONFIG, 'admin-key')).status).toBe(200);
    const reset = await call(running, 'POST', '/__emulator/reset', undefined, token);
    expect(reset.status).toBe(status);
    const kept = running.emulator.store.tables.configs.size();
    expect(kept > 0).toBe(status === 401);
  });
});

describe('integers beyond 2^53 - 1 are refused, naming the field (item 8)', () => {
  const running = useEmulator();
  it.each([
    ['query', 'POST', '/storage/notifications/v1/event?client_id=9007199254740993', EVENT, 'query.client_id'],
    ['query, the neighbour', 'POST', '/storage/notifications/v1/event?client_id=9007199254740992', EVENT, 'query.client_id'],
    ['path', 'PATCH', '/cdn/logs_uploader/configs/9007199254740993', { enabled: true }, 'path.config_id'],
    ['path, negative', 'GET', '/streaming/videos/-9007199254740993', undefined, 'path.video_id'],
    ['body', 'POST', '/storage/notifications/v1/event?client_id=1', '{"name":"reaching_used_space","bytes":9007199254740993}', 'body.bytes'],
    ['body array item', 'POST', '/cdn/logs_uploader/configs', '{"name":"n","policy":1,"target":2,"resources":[9007199254740993]}', 'body.resources[0]'],
  ])('in the %s', async (_where, method, url, body, field) => {
    const answer = await call(running, method, url, body);
    expect(answer.status).toBe(400);
    expect(JSON.stringify(answer.body)).toMatch(new RegExp(`${field.replace(/[.[\]]/g, '\\$&').replace(/^body\\./, '(body\\.)?')}.*(maximum|minimum)`));
    expectDeclared(method, url, answer);
  });
  it('keeps 2^53 - 1 exact', async () => {
    const answer = await call(running, 'POST', '/storage/notifications/v1/event?client_id=9007199254740991', { ...EVENT, bytes: Number.MAX_SAFE_INTEGER });
    expect([answer.status, answer.body.bytes]).toEqual([200, Number.MAX_SAFE_INTEGER]);
  });
});

describe('stalled connections are closed within seconds (item 9)', () => {
  const running = useEmulator();
  /** Opens a raw connection, writes what `feed` sends, and resolves with the ms until the server closes it. */
  const closedAfter = (feed: (write: (text: string) => void) => void) =>
    new Promise<number>((resolve) => {
      const started = Date.now();
      const socket = connect(Number(new URL(running.url).port), '127.0.0.1', () => feed((text) => socket.writable && socket.write(text)));
      socket.on('data', () => undefined);
      socket.on('error', () => undefined);
      socket.on('close', () => resolve(Date.now() - started));
    });

  it('a body that stops halfway', async () => {
    const ms = await closedAfter((write) => write('POST /cdn/logs_uploader/configs HTTP/1.1\r\nHost: x\r\nAuthorization: apikey a\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{"name":'));
    expect(ms).toBeLessThan(TIMEOUTS.request + 2_000);
  }, 20_000);

  it('headers sent a byte at a time (slowloris)', async () => {
    let timer: NodeJS.Timeout | undefined;
    const ms = await closedAfter((write) => {
      const text = 'GET /streaming/videos/1444 HTTP/1.1\r\nHost: x\r\nX-Slow: ' + 'a'.repeat(1000);
      let at = 0;
      timer = setInterval(() => write(text[at++ % text.length]!), 500);
    });
    clearInterval(timer);
    expect(ms).toBeLessThan(TIMEOUTS.headers + 2_000);
  }, 20_000);

  it('an idle connection that sends nothing', async () => {
    const ms = await closedAfter(() => undefined);
    expect(ms).toBeLessThan(TIMEOUTS.idle + 2_000);
  }, 20_000);
});

describe('a hand-edited state file cannot make a create overwrite data (item 10)', () => {
  it('raises next ids above the ids the file holds', async () => {
    const stateFile = path.join(freshDir(), 'state.db');
    const first = await startEmulator({ stateFile });
    const original = await call(first, 'POST', '/cdn/logs_uploader/configs', { ...CONFIG, name: 'original' }, 'owner');
    expect(original.body.id).toBe(1);
    await first.close();
    // Set both counters back by hand, as someone editing the file might.
    const edit = new Database(stateFile);
    edit.exec("UPDATE counters SET row = '1'");
    edit.close();

    const second = await startEmulator({ stateFile });
    try {
      const next = await call(second, 'POST', '/cdn/logs_uploader/configs', { ...CONFIG, name: 'next' }, 'newcomer');
      expect(next.body.id).toBe(2);
      expect(next.body.client_id).not.toBe(original.body.client_id);
      expect(second.emulator.store.tables.configs.get('1')!.name).toBe('original');
    } finally {
      await second.close();
    }
  });
});
