// The emulator under random and mutated requests (fast-check, bounded), 1,000 concurrent creates,
// and a kill -9 with a state file. Loopback only.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { deriveRoutes } from '../../src/emulator/routes.js';
import { bundled } from '../helpers/document.js';
import { checkResponse, operationFor, parsedBody, useEmulator } from '../helpers/emulator.js';

const routes = deriveRoutes(bundled);
const METHODS = ['GET', 'POST', 'PATCH', 'DELETE', 'PUT', 'OPTIONS'] as const;

/** A request body example of the operation, from the document, for mutation. */
function exampleBody(route: (typeof routes)[number]): unknown {
  const content = route.operation.requestBody?.content ?? {};
  return Object.values(content as Record<string, { example?: unknown }>)[0]?.example;
}

const segmentValue = fc.oneof(
  fc.constantFrom('1', '1444', '76', 'example.com', 'a1b2c3d4-e5f6-4a7b-8c9d-0e1f2a3b4c5d', 'llama-3-8b-chat', '0', '-1', '99999999999999999999', '1.5', 'null'),
  fc.string({ maxLength: 20 }).map(encodeURIComponent).filter((s) => s.length > 0),
);
const queryValue = fc.oneof(fc.constantFrom('1', '0', '-3', 'abc', '', '1e3', '3.5', 'true'), fc.string({ maxLength: 10 }));

/** Mutations of a valid body: drop a field, retype one, add one, or replace it with any JSON. */
function mutatedBody(example: unknown) {
  const base = example && typeof example === 'object' && !Array.isArray(example) ? (example as Record<string, unknown>) : {};
  const keys = Object.keys(base);
  return fc.oneof(
    fc.constant(example),
    fc.jsonValue({ maxDepth: 3 }),
    keys.length === 0 ? fc.constant(base) : fc.constantFrom(...keys).map((k) => Object.fromEntries(Object.entries(base).filter(([key]) => key !== k))),
    keys.length === 0 ? fc.constant(base) : fc.tuple(fc.constantFrom(...keys), fc.jsonValue({ maxDepth: 2 })).map(([k, v]) => ({ ...base, [k]: v })),
    fc.tuple(fc.string({ maxLength: 8 }), fc.jsonValue({ maxDepth: 2 })).map(([k, v]) => ({ ...base, [k]: v })),
  );
}

const request = fc
  .constantFrom(...routes)
  .chain((route) =>
    fc.record({
      route: fc.constant(route),
      method: fc.oneof({ weight: 4, arbitrary: fc.constant(route.method) }, { weight: 1, arbitrary: fc.constantFrom(...METHODS) }),
      segments: fc.array(segmentValue, { minLength: 4, maxLength: 4 }),
      query: fc.dictionary(fc.constantFrom('page', 'with_broadcasts', 'client_id', 'other'), queryValue, { maxKeys: 3 }),
      body: fc.option(mutatedBody(exampleBody(route)), { nil: undefined, freq: 4 }),
      rawBody: fc.option(fc.constantFrom('{', 'not json', '[1,', '""', 'null', '{"a":}'), { nil: undefined, freq: 6 }),
      contentType: fc.constantFrom('application/json', 'application/json', 'application/json; charset=utf-8', 'text/plain', 'application/xml', 'application/x-www-form-urlencoded', ''),
      authorization: fc.constantFrom('apikey fuzz', 'APIKEY fuzz', '', 'apikey', 'Bearer fuzz', 'apikey a b'),
    }),
  );

const running = useEmulator();

describe('random and mutated requests', () => {
  it('never get a 5xx, and every answer is what the document declares for it', async () => {
    let answered = 0;
    await fc.assert(
      fc.asyncProperty(request, async ({ route, method, segments, query, body, rawBody, contentType, authorization }) => {
        let n = 0;
        const pathname = route.path.replace(/\{\w+\}/g, () => segments[n++]!);
        const search = new URLSearchParams(query).toString();
        const url = search ? `${pathname}?${search}` : pathname;
        const payload = rawBody ?? (body === undefined ? undefined : JSON.stringify(body));
        const headers: Record<string, string> = {};
        if (authorization) headers.authorization = authorization;
        if (payload !== undefined && contentType) headers['content-type'] = contentType;
        const response = await running.emulator.app.inject({ method, url, headers, ...(payload === undefined ? {} : { payload }) });
        answered++;
        expect(response.statusCode, `${method} ${url}`).toBeLessThan(500);
        const op = operationFor(method, url) ?? operationFor(route.method, url);
        if (!op) {
          // The random segment put the request on no operation's path: a 404 or 405 with a body.
          expect([404, 405]).toContain(response.statusCode);
          expect(response.body.length).toBeGreaterThan(0);
          return;
        }
        const contentTypeOut = response.headers['content-type'] as string | undefined;
        const parsed = parsedBody(response.body, contentTypeOut);
        expect(checkResponse(op.operationId, response.statusCode, parsed), `${method} ${url} -> ${response.statusCode} ${response.body}`).toEqual([]);
      }),
      { numRuns: 3000, seed: 20261122, endOnFailure: true, interruptAfterTimeLimit: 60_000 },
    );
    expect(answered).toBeGreaterThan(1000);
  }, 120_000);
});

describe('concurrency', () => {
  it('gives 1,000 concurrent creates 1,000 distinct ids, each of which can then be patched', async () => {
    const headers = { authorization: 'apikey concurrent', 'content-type': 'application/json' };
    const created = await Promise.all(
      Array.from({ length: 1000 }, (_, i) =>
        fetch(`${running.url}/cdn/logs_uploader/configs`, { method: 'POST', headers, body: JSON.stringify({ name: `c${i}`, policy: 1, target: 2 }) }).then(async (r) => {
          expect(r.status).toBe(200);
          return ((await r.json()) as { id: number }).id;
        }),
      ),
    );
    expect(new Set(created).size).toBe(1000);
    const patched = await Promise.all(
      created.map((id) => fetch(`${running.url}/cdn/logs_uploader/configs/${id}`, { method: 'PATCH', headers, body: '{"enabled":false}' }).then((r) => r.status)),
    );
    expect(patched.every((s) => s === 200)).toBe(true);
  }, 60_000);
});

describe('a kill -9 with --state', () => {
  const stateFile = path.join(mkdtempSync(path.join(os.tmpdir(), 'emulator-state-')), 'state.json');

  function launch(): Promise<{ child: ChildProcess; url: string }> {
    const child = spawn(process.execPath, ['--import', 'tsx', 'src/emulator/bin.ts', '--port', '0', '--state', stateFile], { stdio: ['ignore', 'pipe', 'pipe'] });
    return new Promise((resolve, reject) => {
      let out = '';
      child.stdout!.on('data', (chunk: Buffer) => {
        out += chunk.toString();
        const url = /listening on (http:\/\/\S+)/.exec(out)?.[1];
        if (url) resolve({ child, url });
      });
      child.on('exit', (code) => reject(new Error(`emulator exited with ${code}: ${out}`)));
    });
  }

  it('loses no acknowledged change', async () => {
    const first = await launch();
    const send = (url: string, method: string, route: string, body?: unknown) =>
      fetch(`${url}${route}`, { method, headers: { authorization: 'apikey durable', 'content-type': 'application/json' }, ...(body === undefined ? {} : { body: JSON.stringify(body) }) });
    const ids: number[] = [];
    for (let i = 0; i < 20; i++) ids.push(((await (await send(first.url, 'POST', '/cdn/logs_uploader/configs', { name: `d${i}`, policy: 1, target: 2 })).json()) as { id: number }).id);
    const event = { name: 'reaching_used_space', bucket_name: 'b', storage_name: 's', uuid: 'u', bytes: 1 };
    expect((await send(first.url, 'POST', '/storage/notifications/v1/event?client_id=9', event)).status).toBe(200);
    expect((await send(first.url, 'POST', '/cloud/v3/inference/5/api_keys', { name: 'durable-key' })).status).toBe(200);
    expect((await send(first.url, 'DELETE', '/fastedge/v1/apps/1021')).status).toBe(204);
    first.child.kill('SIGKILL');
    await new Promise((resolve) => first.child.once('exit', resolve));

    const second = await launch();
    try {
      for (const id of ids) expect((await send(second.url, 'PATCH', `/cdn/logs_uploader/configs/${id}`, { enabled: false })).status).toBe(200);
      expect((await send(second.url, 'POST', '/storage/notifications/v1/event?client_id=9', event)).status).toBe(409);
      expect((await send(second.url, 'POST', '/cloud/v3/inference/5/api_keys', { name: 'durable-key' })).status).toBe(409);
      expect((await send(second.url, 'DELETE', '/fastedge/v1/apps/1021')).status).toBe(404);
      const next = (await (await send(second.url, 'POST', '/cdn/logs_uploader/configs', { name: 'next', policy: 1, target: 2 })).json()) as { id: number };
      expect(next.id).toBe(Math.max(...ids) + 1);
    } finally {
      second.child.kill('SIGKILL');
    }
  }, 60_000);
});
