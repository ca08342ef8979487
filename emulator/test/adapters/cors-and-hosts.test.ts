// What the HTTP server lets a web page and the network do: CORS preflights and exposed headers by
// origin, control routes closed to other origins (no-cors included) and to bodies that are not JSON, a
// Host check against DNS rebinding, and an answer to every request (CONNECT too).
import { connect } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import type { OpenApiDocument } from 'cloud-platform-api/toolbox';
import bundled from 'cloud-platform-api/openapi.json' with { type: 'json' };
import { createEmulator } from '../../src/index.js';
import { createServerEmulator, startEmulatorServer } from '../../src/server.js';
import { rawRequest } from '../helpers/raw-request.js';

const stopping: (() => unknown)[] = [];
afterEach(async () => {
  for (const stop of stopping.splice(0)) await stop();
});

describe('CORS on the HTTP server', () => {
  const preflight = (url: string, origin: string) =>
    fetch(`${url}/cdn/logs_uploader/configs`, {
      method: 'OPTIONS',
      headers: {
        origin,
        'access-control-request-method': 'POST',
        'access-control-request-headers': 'authorization, content-type',
      },
    });

  it.each([
    ['a localhost page, by default', undefined, 'http://localhost:4173', 204, 'http://localhost:4173'],
    ['a 127.0.0.1 page, by default', undefined, 'http://127.0.0.1:5173', 204, 'http://127.0.0.1:5173'],
    ['another origin, by default', undefined, 'http://example.test:4173', 403, null],
    ['a look-alike host, by default', undefined, 'http://localhost.example.test:80', 403, null],
    ['the origin given with --cors', ['http://app.test:8080'], 'http://app.test:8080', 204, 'http://app.test:8080'],
    ['a localhost page once --cors replaces the default', ['http://app.test:8080'], 'http://localhost:4173', 403, null],
    ['any origin with --cors *', ['*'], 'http://anything.test', 204, '*'],
    ['a localhost page on port 80, by default', undefined, 'http://localhost', 204, 'http://localhost'],
    ['a 127.0.0.1 page on port 80, by default', undefined, 'http://127.0.0.1', 204, 'http://127.0.0.1'],
    ['a look-alike of a port-less host, by default', undefined, 'http://localhostx', 403, null],
  ])('answers the preflight of %s', async (_what, corsOrigins, origin, status, allowOrigin) => {
    const server = await startEmulatorServer(await createServerEmulator(), {
      port: 0,
      ...(corsOrigins ? { corsOrigins } : {}),
    });
    stopping.push(server.close);
    const answer = await preflight(server.url, origin);
    expect(answer.status).toBe(status);
    expect(answer.headers.get('access-control-allow-origin')).toBe(allowOrigin);
    if (status === 204) {
      expect(answer.headers.get('access-control-allow-headers')).toBe('authorization, content-type, prefer');
      // PUT too: a collection of another document is replaced, or made, by PUT.
      expect(answer.headers.get('access-control-allow-methods')).toBe('GET, HEAD, POST, PUT, PATCH, DELETE');
    }
  });

  it("lets a page send the header the emulator's document puts the key in (X-Api-Key here)", async () => {
    const document = structuredClone(bundled) as unknown as OpenApiDocument;
    const scheme = Object.keys(document.security[0])[0]!;
    document.components.securitySchemes![scheme]!.name = 'X-Api-Key';
    const server = await startEmulatorServer(await createEmulator({ document }), { port: 0 });
    stopping.push(server.close);
    const answer = await preflight(server.url, 'http://localhost:4173');
    expect(answer.headers.get('access-control-allow-headers')).toBe('x-api-key, content-type, prefer');
  });

  it('lets an allowed page read the answer and its Retry-After and Deprecation headers', async () => {
    const server = await startEmulatorServer(await createServerEmulator(), { port: 0 });
    stopping.push(server.close);
    const answer = await fetch(`${server.url}/streaming/videos/1444`, {
      headers: { origin: 'http://localhost:3000', authorization: 'apikey cors' },
    });
    expect(answer.headers.get('access-control-allow-origin')).toBe('http://localhost:3000');
    expect(answer.headers.get('access-control-expose-headers')).toBe('retry-after, deprecation');
  });
});

describe('what a web page of another origin cannot reach', () => {
  const faultRule = JSON.stringify({ operationId: 'getVideo', status: 503 });
  const auth = { authorization: 'apikey page' };

  it.each([
    [
      'reset, with no preflight (a no-cors POST)',
      { method: 'POST', path: '/__emulator/reset', headers: { origin: 'http://evil.test' } },
    ],
    [
      'a fault rule as text/plain, with no preflight',
      {
        method: 'POST',
        path: '/__emulator/faults',
        headers: { origin: 'http://evil.test', 'content-type': 'text/plain' },
        body: faultRule,
      },
    ],
    [
      'a fault rule as JSON from a disallowed origin',
      {
        method: 'POST',
        path: '/__emulator/faults',
        headers: { origin: 'http://evil.test', 'content-type': 'application/json' },
        body: faultRule,
      },
    ],
    ['the faults list', { method: 'GET', path: '/__emulator/faults', headers: { origin: 'http://evil.test' } }],
  ])('a control route: %s, is refused with 403 and changes nothing', async (_, request) => {
    const emulator = await createEmulator();
    const server = await startEmulatorServer(emulator, { port: 0 });
    stopping.push(server.close);
    await emulator.fetch('http://emulator.local/cdn/logs_uploader/configs', {
      method: 'POST',
      headers: { ...auth, 'content-type': 'application/json' },
      body: '{"name":"kept","policy":1,"target":2}',
    });
    const answer = await rawRequest(server.url, request);
    expect(answer.status).toBe(403);
    expect(answer.body).toContain("may not call the emulator's control routes: start it with --cors http://evil.test");
    expect(emulator.store.tables.configs.size()).toBe(1);
    expect(emulator.faults.list()).toEqual([]);
  });

  it.each([
    ['cross-site', 403],
    ['same-site', 403],
    ['same-origin', 200],
    ['none', 200],
  ])('a GET of the journal with no Origin and Sec-Fetch-Site: %s answers %i', async (site, status) => {
    const server = await startEmulatorServer(await createServerEmulator(), { port: 0 });
    stopping.push(server.close);
    const answer = await rawRequest(server.url, { path: '/__emulator/requests', headers: { 'sec-fetch-site': site } });
    expect(answer.status).toBe(status);
    if (status === 403)
      expect(answer.body).toContain(`(Sec-Fetch-Site: ${site}) may not call the emulator's control routes`);
  });

  it('a control route takes a body only as application/json, whatever the origin (415)', async () => {
    const emulator = await createEmulator();
    const server = await startEmulatorServer(emulator, { port: 0 });
    stopping.push(server.close);
    const answer = await rawRequest(server.url, {
      method: 'POST',
      path: '/__emulator/faults',
      headers: { 'content-type': 'text/plain' },
      body: faultRule,
    });
    expect(answer.status).toBe(415);
    expect(JSON.parse(answer.body).message).toBe(
      '/__emulator/faults takes a body only as Content-Type: application/json',
    );
    expect(emulator.faults.list()).toEqual([]);
  });

  it.each([
    ['a DNS-rebinding name', 'rebound.evil.test:4010', 421],
    ['the machine under another name', 'example.test', 421],
    ['localhost', 'localhost:4010', 200],
    ['127.0.0.1', '127.0.0.1', 200],
    ['[::1]', '[::1]:4010', 200],
  ])('a request whose Host is %s (%s) answers %i', async (_, host, status) => {
    const server = await startEmulatorServer(await createServerEmulator(), { port: 0 });
    stopping.push(server.close);
    const answer = await rawRequest(server.url, { path: '/streaming/videos/1444', headers: { ...auth, host } });
    expect(answer.status).toBe(status);
    if (status === 421) expect(answer.body).toContain(`start it with --allow-host ${host.split(':')[0]}`);
  });

  it('one server judges each Host anew: a refused name between two allowed ones, and again', async () => {
    const server = await startEmulatorServer(await createServerEmulator(), { port: 0 });
    stopping.push(server.close);
    const statuses: number[] = [];
    for (const host of ['localhost:4010', 'rebound.evil.test:4010', 'localhost:4010', 'rebound.evil.test:4010'])
      statuses.push(
        (await rawRequest(server.url, { path: '/streaming/videos/1444', headers: { ...auth, host } })).status,
      );
    expect(statuses).toEqual([200, 421, 200, 421]);
  });

  it('--allow-host lets a named host through', async () => {
    const server = await startEmulatorServer(await createServerEmulator(), {
      port: 0,
      allowHosts: ['emulator.internal'],
    });
    stopping.push(server.close);
    expect(
      (
        await rawRequest(server.url, {
          path: '/streaming/videos/1444',
          headers: { ...auth, host: 'emulator.internal:4010' },
        })
      ).status,
    ).toBe(200);
  });
});

describe('the HTTP server answers every request', () => {
  it('CONNECT gets a 405 and the connection closes', async () => {
    const server = await startEmulatorServer(await createServerEmulator(), { port: 0 });
    stopping.push(server.close);
    const { port } = new URL(server.url);
    const reply = await new Promise<string>((resolve, reject) => {
      const socket = connect(Number(port), '127.0.0.1', () =>
        socket.write('CONNECT example.test:443 HTTP/1.1\r\nhost: example.test:443\r\n\r\n'),
      );
      let text = '';
      socket.on('data', (chunk) => (text += chunk));
      socket.on('close', () => resolve(text));
      socket.on('error', reject);
      socket.setTimeout(5_000, () => socket.destroy(new Error('no answer')));
    });
    expect(reply).toMatch(/^HTTP\/1\.1 405 Method Not Allowed\r\n/);
  });
});
