// What each operation does in the emulator: state, per-client isolation, the quota rule, paging,
// auth, and the routes around the operations.
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { BUILT_IN_FIXTURES as builtIn } from '../../src/operations/index.js';
import { createCloudClient, listAllStreams } from 'cloud-platform-api';
import { builtInFixtures, createEmulator } from '../../src/index.js';
import type { RunningServer } from '../../src/server.js';
import { bundled, checkResponse, inject, serveEmulator, validator } from '../helpers/emulator.js';

type Inject = { method?: string; url: string; token?: string | null; body?: unknown; headers?: Record<string, string> };

let running: RunningServer;
async function call({ method = 'GET', url, token = 'client-a', body, headers = {} }: Inject) {
  const response = await inject(running.emulator, {
    method,
    url,
    headers: {
      ...(token === null ? {} : { authorization: `apikey ${token}` }),
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      ...headers,
    },
    ...(body === undefined ? {} : { payload: JSON.stringify(body) }),
  });
  return {
    status: response.statusCode,
    headers: response.headers,
    body: response.body ? (JSON.parse(response.body) as any) : undefined,
  };
}

const WHOLE_SECONDS = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/;

beforeAll(async () => {
  const emulator = await createEmulator({
    fixtures: { value: { streamsPageSize: 2 }, source: 'the built-in set with 2 streams a page' },
  });
  running = await serveEmulator(emulator);
});
afterAll(() => running.close());
beforeEach(async () => {
  expect((await call({ method: 'POST', url: '/__emulator/reset', token: null })).status).toBe(204);
});

describe('inference API keys (op 1)', () => {
  it('creates a key with a fresh secret, whole-second created_at, and nulls for what was not given', async () => {
    const first = await call({ method: 'POST', url: '/cloud/v3/inference/1/api_keys', body: { name: 'key-one' } });
    const second = await call({
      method: 'POST',
      url: '/cloud/v3/inference/2/api_keys',
      body: { name: 'key-one', expires_at: '2027-01-01T00:00:00Z' },
    });
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ name: 'key-one', description: null, expires_at: null, deployment_names: [] });
    expect(first.body.created_at).toMatch(WHOLE_SECONDS);
    expect(first.body.secret).toMatch(/^[0-9a-f]{48}$/);
    expect(second.body.secret).not.toBe(first.body.secret);
    expect(second.body.expires_at).toBe('2027-01-01T00:00:00Z');
  });

  it('refuses a second key of the same name in the same project, and never keeps the secret', async () => {
    const created = await call({ method: 'POST', url: '/cloud/v3/inference/1/api_keys', body: { name: 'key-one' } });
    const again = await call({ method: 'POST', url: '/cloud/v3/inference/1/api_keys', body: { name: 'key-one' } });
    expect(again.status).toBe(409);
    expect(again.body).toMatchObject({
      exception_class: 'ConflictError',
      message: 'An API key named "key-one" already exists in project 1',
    });
    expect(JSON.stringify(running.emulator.store.snapshot())).not.toContain(created.body.secret);
  });
});

describe('the deprecated delete (op 2)', () => {
  it('deletes a fixture deployment once, with a Deprecation header on every answer', async () => {
    const first = await call({ method: 'DELETE', url: '/cloud/v2/inference/deployments/sdxl-turbo' });
    const second = await call({ method: 'DELETE', url: '/cloud/v2/inference/deployments/sdxl-turbo' });
    expect([first.status, second.status]).toEqual([204, 404]);
    // The value the document declares on the operation's answer, not one of the emulator's own.
    const declared = (
      bundled.paths['/cloud/v2/inference/deployments/{instance_id}']!.delete!.responses['204'].headers.Deprecation as {
        $ref?: string;
      }
    ).$ref;
    const header = bundled.components.headers![declared!.split('/').pop()!]!;
    expect(header.schema.const).toBe('@1751328000');
    expect(first.headers.deprecation).toBe(header.schema.const);
    expect(second.headers.deprecation).toBe(header.schema.const);
    expect(second.body).toBeUndefined();
  });
});

describe('the bare metal quota check (op 3)', () => {
  it.each([
    ['a flavor the region has room for', 38, { flavor: 'bm1-basic-medium' }, {}],
    [
      'a flavor whose quota is used up',
      76,
      { flavor: 'bm1-infrastructure-small' },
      {
        baremetal_infrastructure_count_requested: 1,
        baremetal_infrastructure_count_limit: 2,
        baremetal_infrastructure_count_usage: 2,
      },
    ],
    [
      'one quota of two exceeded',
      76,
      { flavor: 'bm3-ai-1xlarge-h100-80-8' },
      { baremetal_gpu_h100_count_requested: 1, baremetal_gpu_h100_count_limit: 1, baremetal_gpu_h100_count_usage: 1 },
    ],
    [
      'subnet interfaces only: nothing requested',
      76,
      {
        interfaces: [
          {
            type: 'subnet',
            network_id: '2c6d5f3e-8a1b-4c7d-9e0f-1a2b3c4d5e6f',
            subnet_id: '7e8f9a0b-1c2d-4e3f-8a5b-6c7d8e9f0a1b',
          },
        ],
      },
      {},
    ],
    [
      'other interface types each request an external IP',
      76,
      { interfaces: Array.from({ length: 8 }, () => ({ type: 'external' })) },
      { external_ip_count_requested: 8, external_ip_count_limit: 10, external_ip_count_usage: 3 },
    ],
  ])('%s', async (_name, region, body, exceeded) => {
    const answer = await call({ method: 'POST', url: `/cloud/v1/bminstances/1/${region}/check_limits`, body });
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual(exceeded);
  });

  it('names the known flavors when the flavor is unknown', async () => {
    const answer = await call({
      method: 'POST',
      url: '/cloud/v1/bminstances/1/76/check_limits',
      body: { flavor: 'bm9-huge' },
    });
    expect(answer.status).toBe(400);
    expect(answer.body.message).toBe(
      'Unknown flavor "bm9-huge"; known flavors: bm1-basic-medium, bm1-infrastructure-small, bm3-ai-1xlarge-h100-80-8',
    );
  });
});

describe('logs uploader configs (ops 4, 5)', () => {
  it('creates with service-set fields and defaults, and patches only what is given', async () => {
    const created = await call({
      method: 'POST',
      url: '/cdn/logs_uploader/configs',
      body: { name: 'Logs', policy: 1, target: 2 },
    });
    // enabled and for_all_resources take the document's defaults; resources has none, so it is left out.
    expect(created.body).toMatchObject({
      id: 1,
      client_id: 1000,
      enabled: true,
      for_all_resources: false,
      status: { status: 'in_progress' },
    });
    expect(created.body).not.toHaveProperty('resources');
    expect(created.body.created).toMatch(WHOLE_SECONDS);
    expect(created.body.updated).toBe(created.body.created);
    const patched = await call({
      method: 'PATCH',
      url: '/cdn/logs_uploader/configs/1',
      body: { enabled: false, resources: [7], unknown_field: 1 },
    });
    expect(patched.status).toBe(200);
    expect(patched.body).toEqual({ ...created.body, enabled: false, resources: [7], updated: patched.body.updated });
    expect(Date.parse(patched.body.updated)).toBeGreaterThanOrEqual(Date.parse(created.body.updated));
  });

  it("keeps each client's configs to itself", async () => {
    await call({ method: 'POST', url: '/cdn/logs_uploader/configs', body: { name: 'Logs', policy: 1, target: 2 } });
    const other = await call({
      method: 'PATCH',
      url: '/cdn/logs_uploader/configs/1',
      token: 'client-b',
      body: { enabled: false },
    });
    expect(other.status).toBe(404);
    expect(other.body).toEqual({ message: 'Logs uploader config 1 not found' });
    const theirs = await call({
      method: 'POST',
      url: '/cdn/logs_uploader/configs',
      token: 'client-b',
      body: { name: 'Theirs', policy: 1, target: 2 },
    });
    expect(theirs.body.client_id).toBe(1001);
  });

  it('reports every failing field of a create under its name', async () => {
    const answer = await call({ method: 'POST', url: '/cdn/logs_uploader/configs', body: { name: 5, policy: 'x' } });
    expect(answer.status).toBe(400);
    expect(answer.body.errors).toEqual({
      name: ['must be string (type)'],
      policy: ['must be integer (type)'],
      target: ["must have required property 'target' (required)"],
    });
  });
});

describe('streams, videos, zones, ports, apps (ops 6 to 10)', () => {
  it('pages streams with the fixture page size, and with_broadcasts changes nothing', async () => {
    const pages = await Promise.all([1, 2, 3].map((page) => call({ url: `/streaming/streams?page=${page}` })));
    expect(pages.map((p) => p.body.map((s: { id: number }) => s.id))).toEqual([[20001, 20002], [20003], []]);
    expect((await call({ url: '/streaming/streams' })).body).toEqual(pages[0]!.body);
    expect((await call({ url: '/streaming/streams?page=1&with_broadcasts=1' })).body).toEqual(pages[0]!.body);
    // The document sets page no minimum: a page before the first is answered as the document allows, empty.
    for (const page of [0, -1])
      expect(await call({ url: `/streaming/streams?page=${page}` })).toMatchObject({ status: 200, body: [] });
  });

  it("answers fixtures by id or name, and 404 with the area's body otherwise", async () => {
    expect((await call({ url: '/streaming/videos/1445' })).body.name).toBe('Quarterly update');
    expect(await call({ url: '/streaming/videos/7' })).toMatchObject({
      status: 404,
      body: { error: 'Video 7 not found', status: 404 },
    });
    const zone = await call({ url: '/dns/v2/zones/example.org' });
    expect(Object.keys(zone.body)).toEqual(['Zone']);
    expect(zone.body.Zone.name).toBe('example.org');
    expect(await call({ url: '/dns/v2/zones/example.net' })).toMatchObject({
      status: 404,
      body: { error: 'Zone "example.net" not found' },
    });
    const ports = await call({ url: '/cloud/v1/instances/1/76/a1b2c3d4-e5f6-4a7b-8c9d-0e1f2a3b4c5d/ports' });
    expect(ports.body.count).toBe(ports.body.results.length);
    expect((await call({ url: '/cloud/v1/instances/1/38/a1b2c3d4-e5f6-4a7b-8c9d-0e1f2a3b4c5d/ports' })).status).toBe(
      404,
    );
  });

  it('deletes an app once: 204, then 404', async () => {
    expect((await call({ method: 'DELETE', url: '/fastedge/v1/apps/1022' })).status).toBe(204);
    // The live service's 404 has no body, and the document says so.
    expect(await call({ method: 'DELETE', url: '/fastedge/v1/apps/1022' })).toMatchObject({
      status: 404,
      body: undefined,
    });
  });
});

describe('storage notification events (ops 11 to 13)', () => {
  const event = {
    name: 'reaching_files_quantity',
    bucket_name: 'media',
    storage_name: 's3-eu-1',
    uuid: 'e-1',
    count: 5,
  };

  it('adds an event per client, refuses a duplicate, deletes it once', async () => {
    expect(
      await call({ method: 'POST', url: '/storage/notifications/v1/event?client_id=3', body: event }),
    ).toMatchObject({ status: 200, body: event });
    expect(
      (await call({ method: 'POST', url: '/storage/notifications/v1/event?client_id=3', body: { ...event, count: 9 } }))
        .status,
    ).toBe(409);
    expect(
      (await call({ method: 'POST', url: '/storage/notifications/v1/event?client_id=4', body: event })).status,
    ).toBe(200);
    expect(
      (await call({ method: 'DELETE', url: '/storage/notifications/v1/event?client_id=3', body: event })).status,
    ).toBe(204);
    expect(
      await call({ method: 'DELETE', url: '/storage/notifications/v1/event?client_id=3', body: event }),
    ).toMatchObject({ status: 404, body: { error: expect.stringContaining('not found') } });
  });

  it("derives the configurator from the document's event kinds, with examples valid for each kind", async () => {
    const { body } = await call({ url: '/storage/notifications/v1/events/configurator' });
    const kinds = (bundled.components.schemas!.StorageEvent!.oneOf as unknown[]).length;
    expect(body.structure).toHaveLength(kinds);
    for (const { name, fields } of body.structure as { name: string; fields: { name: string; type: string }[] }[]) {
      expect(fields.map((f) => f.name).sort()).toEqual(Object.keys(body.example[name][0]).sort());
      for (const payload of body.example[name]) {
        expect(validator.check('#/components/schemas/StorageEvent', { name, ...payload })).toEqual([]);
      }
    }
    expect(body.structure.find((s: { name: string }) => s.name === 'reaching_used_space').fields).toContainEqual({
      name: 'bytes',
      type: 'number',
    });
  });
});

describe('quota notification threshold (op 14)', () => {
  it("answers 80 with nothing sent for a client that never set one, and the fixture's for one that did", async () => {
    expect((await call({ url: '/cloud/v2/client_quotas/77/notification_threshold' })).body).toEqual({
      client_id: 77,
      threshold: 80,
      last_sending: null,
      last_message: null,
    });
    expect((await call({ url: '/cloud/v2/client_quotas/3/notification_threshold' })).body).toMatchObject({
      client_id: 3,
      threshold: 75,
      last_sending: '2026-11-21T06:00:00Z',
    });
  });
});

describe('auth', () => {
  it.each(['apikey t', 'APIKEY t', 'ApiKey t', 'APIKey My API Key', 'apikey  t'])(
    'accepts the scheme word in any case, and the token to the end of the header, spaces included: %s',
    async (authorization) => {
      expect((await call({ url: '/streaming/videos/1444', token: null, headers: { authorization } })).status).toBe(200);
    },
  );

  it.each([undefined, '', 'apikey', 'apikey ', 'Bearer t', 't'])(
    "answers %j with 401 and the area's error body",
    async (authorization) => {
      const answer = await call({
        url: '/streaming/videos/1444',
        token: null,
        headers: authorization === undefined ? {} : { authorization },
      });
      expect(answer.status).toBe(401);
      expect(answer.body).toEqual({
        error: 'Missing or malformed Authorization header: send "Authorization: apikey <token>"',
        status: 401,
      });
    },
  );

  it('accepts only the --api-key tokens when given, and never echoes a token', async () => {
    const restricted = await createEmulator({ apiKeys: ['good-token'] });
    const ok = await inject(restricted, {
      url: '/streaming/videos/1444',
      headers: { authorization: 'apikey good-token' },
    });
    const bad = await inject(restricted, {
      url: '/streaming/videos/1444',
      headers: { authorization: 'apikey bad-token' },
    });
    await restricted.close();
    expect(ok.statusCode).toBe(200);
    expect(bad.statusCode).toBe(401);
    expect(bad.body).not.toContain('bad-token');
    expect(checkResponse('getVideo', 401, JSON.parse(bad.body))).toEqual([]);
  });
});

describe('around the operations', () => {
  it("answers an unknown path with 404 and a known path's missing method with 405 and Allow", async () => {
    expect((await call({ url: '/streaming/nothing' })).status).toBe(404);
    const wrong = await call({ url: '/cdn/logs_uploader/configs' });
    expect(wrong.status).toBe(405);
    expect(wrong.headers.allow).toBe('POST');
    expect(wrong.body).toEqual({ message: 'GET is not allowed on /cdn/logs_uploader/configs; allowed: POST' });
  });

  it.each(['/docs', '/docs/'])('serves the interactive reference at %s, with every file it loads', async (at) => {
    const docs = await fetch(`${running.url}${at}`);
    expect(docs.status).toBe(200);
    expect(docs.headers.get('content-type')).toMatch(/^text\/html/);
    const html = await docs.text();
    expect(html).toContain('cloud-platform-emulator');
    const loaded = [...html.matchAll(/(?:src|href)="(\/[^"]+)"/g)].map((m) => m[1]!);
    expect(loaded).toEqual(
      expect.arrayContaining(['/docs/elements/web-components.min.js', '/docs/elements/styles.min.css']),
    );
    for (const file of loaded) expect((await fetch(`${running.url}${file}`)).status, file).toBe(200);
    expect(html).not.toMatch(/(?:src|href)="(?:https?:)?\/\//);
  });

  it('serves the document the reference renders, with a TypeScript sample for every operation', async () => {
    const served = (await (await fetch(`${running.url}/docs/openapi.json`)).json()) as typeof bundled;
    const operations = Object.values(served.paths).flatMap((item) =>
      Object.values(
        item as Record<string, { operationId: string; 'x-codeSamples': { lang: string; source: string }[] }>,
      ),
    );
    expect(operations.map((op) => op.operationId).sort()).toEqual(
      Object.values(bundled.paths)
        .flatMap((item) => Object.values(item as Record<string, { operationId: string }>))
        .map((op) => op.operationId)
        .sort(),
    );
    for (const op of operations)
      expect(op['x-codeSamples'].find((sample) => sample.lang === 'TypeScript')?.source, op.operationId).toContain(
        'createCloudClient',
      );
  });

  it.each([
    ['a browser (text/html)', 'text/html,application/xhtml+xml,*/*;q=0.8', 302],
    ['an API client asking for JSON', 'application/json', 404],
    ['curl (any type)', '*/*', 404],
  ])('answers GET / from %s with %d', async (_who, accept, status) => {
    const answer = await fetch(`${running.url}/`, { headers: { accept }, redirect: 'manual' });
    expect(answer.status).toBe(status);
    if (status === 302) expect(answer.headers.get('location')).toBe('/docs');
    else expect(await answer.json()).toMatchObject({ message: 'No operation at GET /' });
  });

  it('serves the bundled document', async () => {
    const served = await fetch(`${running.url}/openapi.json`);
    expect(await served.json()).toEqual(JSON.parse(readFileSync('generated/openapi.json', 'utf8')));
    expect(await (await fetch(`${running.url}/openapi.yaml`)).text()).toBe(
      readFileSync('generated/openapi.yaml', 'utf8'),
    );
  });

  it('restores the fixtures on reset', async () => {
    await call({ method: 'DELETE', url: '/fastedge/v1/apps/1023' });
    await call({ method: 'POST', url: '/__emulator/reset', token: null });
    expect((await call({ method: 'DELETE', url: '/fastedge/v1/apps/1023' })).status).toBe(204);
  });
});

describe('where the live description fills what the seed leaves open', () => {
  const event = { name: 'reaching_used_space', bucket_name: 'b', storage_name: 's', uuid: 'u', bytes: 1 };

  it("ops 11 and 12 without client_id act on the caller's own client", async () => {
    expect(
      (await call({ method: 'POST', url: '/storage/notifications/v1/event', body: event, token: 'owner' })).status,
    ).toBe(200);
    expect(
      (await call({ method: 'POST', url: '/storage/notifications/v1/event', body: event, token: 'owner' })).status,
    ).toBe(409);
    expect(
      (await call({ method: 'DELETE', url: '/storage/notifications/v1/event', body: event, token: 'stranger' })).status,
    ).toBe(404);
    expect(
      (await call({ method: 'DELETE', url: '/storage/notifications/v1/event', body: event, token: 'owner' })).status,
    ).toBe(204);
  });

  it('op 3 takes no body at all: nothing is requested, so nothing is exceeded', async () => {
    expect(await call({ method: 'POST', url: '/cloud/v1/bminstances/1/76/check_limits' })).toMatchObject({
      status: 200,
      body: {},
    });
  });

  it('op 8 answers its 400 with no body and the message in the `error` header', async () => {
    const answer = await call({ url: '/dns/v2/zones/bad%zz' });
    expect([answer.status, answer.body]).toEqual([400, undefined]);
    expect(answer.headers.error).toBe('The path has a malformed percent-escape');
  });

  it.each([
    ['401', { url: '/cloud/v2/client_quotas/3/notification_threshold', token: null }, 401, 'not_authenticated'],
    ['400', { url: '/cloud/v2/client_quotas/x/notification_threshold' }, 400, 'ValidationError'],
    ['404', { url: '/cloud/v1/bminstances/1/999/check_limits', method: 'POST', body: {} }, 404, 'NotFoundError'],
    ['409', { url: '/cloud/v3/inference/8/api_keys', method: 'POST', body: { name: 'twice' } }, 409, 'ConflictError'],
    ['405', { url: '/cloud/v2/client_quotas/3/notification_threshold', method: 'POST' }, 405, 'HTTPError'],
  ])('a cloud %s carries the class of the live error page', async (_code, request, status, exceptionClass) => {
    if (status === 409) await call(request as Inject);
    const answer = await call(request as Inject);
    expect(answer.status).toBe(status);
    expect(answer.body).toMatchObject({
      exception_class: exceptionClass,
      message: expect.any(String),
      request_id: expect.any(String),
    });
  });

  it('a cloud 400 lists each failing field under invalid_fields', async () => {
    const answer = await call({ method: 'POST', url: '/cloud/v3/inference/1/api_keys', body: { name: 'ab' } });
    expect(answer.body.invalid_fields).toEqual({ name: ['must NOT have fewer than 4 characters (minLength)'] });
  });

  it("the CDN area, whose live error shape is not documented, gets the emulator's own {message, errors}", async () => {
    const answer = await call({ method: 'POST', url: '/cdn/logs_uploader/configs', body: { name: 'n' } });
    expect(answer.status).toBe(400);
    expect(answer.body).toEqual({
      message: expect.stringContaining("body.policy: must have required property 'policy' (required)"),
      errors: {
        policy: ["must have required property 'policy' (required)"],
        target: ["must have required property 'target' (required)"],
      },
    });
    expect((await call({ method: 'PATCH', url: '/cdn/logs_uploader/configs/999', body: {} })).body).toEqual({
      message: 'Logs uploader config 999 not found',
    });
  });
});

describe('fixtures in process, as --fixtures: a part given replaces that part only', () => {
  it('pages through the built-in streams two at a time when only streamsPageSize is given', async () => {
    const emulator = await createEmulator({ fixtures: { value: { streamsPageSize: 2 }, source: 'two a page' } });
    const client = createCloudClient({ apiKey: 'fixtures', baseUrl: 'http://emulator.local', fetch: emulator.fetch });
    const names: string[] = [];
    for await (const stream of listAllStreams(client)) names.push(stream.name);
    expect(names).toEqual(builtInFixtures.streams.map((stream) => stream.name));
    const pages = emulator.requests.list({ operationId: 'listStreams' }).map((entry) => entry.query.page);
    // Every full page, then the empty one that ends the walk.
    expect(pages).toEqual(
      Array.from({ length: Math.ceil(builtInFixtures.streams.length / 2) + 1 }, (_, index) => String(index + 1)),
    );
    expect(emulator.fixtures.videos).toEqual(builtInFixtures.videos);
  });

  it('exports the built-in set frozen, for a test to start from', () => {
    expect(builtInFixtures.streamsPageSize).toBe(builtIn.streamsPageSize);
    expect(() => ((builtInFixtures as { streamsPageSize: number }).streamsPageSize = 1)).toThrow(TypeError);
    expect(() => (builtInFixtures.videos as unknown as unknown[]).push({})).toThrow(TypeError);
  });

  it('refuses a part off the document, naming the source and the field', async () => {
    await expect(createEmulator({ fixtures: { value: { streamsPageSize: 'two' }, source: 'a typo' } })).rejects.toThrow(
      /Invalid fixtures in a typo:\n.*streamsPageSize.*integer/,
    );
  });
});
