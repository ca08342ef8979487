// Every answer the emulator gives, success and error, for every operation, is what the document
// declares for that operation and status (Ajv against the bundled document), through each of its
// three adapters: the HTTP server, the in-process fetch, and MSW's setupServer.
import { operationIndex } from 'cloud-platform-api';
import { setupServer } from 'msw/node';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMswHandlers } from '../../src/adapters/msw.js';
import { createEmulator } from '../../src/index.js';
import { operationRows } from '../../../test-kit/operation-table.js';
import { checkResponse, operationFor, parsedBody, startEmulator } from '../helpers/emulator.js';

const AUTH = { authorization: 'apikey contract-test' };
const json = (body: unknown) => ({
  headers: { ...AUTH, 'content-type': 'application/json' },
  payload: JSON.stringify(body),
});
const event = { name: 'reaching_used_space', bucket_name: 'b', storage_name: 's', uuid: 'u-1', bytes: 1 };

interface Scenario {
  name: string;
  method: string;
  url: string;
  /** The status it must answer; absent: any the operation declares (the checks below hold either way). */
  status?: number;
  options?: { headers?: Record<string, string>; payload?: string };
}

// In order: later scenarios rely on what earlier ones created or deleted.
const scenarios: Scenario[] = [
  {
    name: 'create key',
    method: 'POST',
    url: '/cloud/v3/inference/1/api_keys',
    status: 200,
    options: json({ name: 'ci-key', description: 'CI' }),
  },
  {
    name: 'duplicate key',
    method: 'POST',
    url: '/cloud/v3/inference/1/api_keys',
    status: 409,
    options: json({ name: 'ci-key' }),
  },
  {
    name: 'key name too short',
    method: 'POST',
    url: '/cloud/v3/inference/1/api_keys',
    status: 400,
    options: json({ name: 'ab' }),
  },
  {
    name: 'key without auth',
    method: 'POST',
    url: '/cloud/v3/inference/1/api_keys',
    status: 401,
    options: { headers: { 'content-type': 'application/json' }, payload: '{"name":"abcd"}' },
  },
  {
    name: 'delete deployment',
    method: 'DELETE',
    url: '/cloud/v2/inference/deployments/whisper-large-v3',
    status: 204,
    options: { headers: AUTH },
  },
  {
    name: 'delete deployment again',
    method: 'DELETE',
    url: '/cloud/v2/inference/deployments/whisper-large-v3',
    status: 404,
    options: { headers: AUTH },
  },
  {
    name: 'check limits, exceeded',
    method: 'POST',
    url: '/cloud/v1/bminstances/1/76/check_limits',
    status: 200,
    options: json({ flavor: 'bm1-infrastructure-small' }),
  },
  {
    name: 'check limits, fits',
    method: 'POST',
    url: '/cloud/v1/bminstances/1/38/check_limits',
    status: 200,
    options: json({ flavor: 'bm1-basic-medium' }),
  },
  {
    name: 'check limits, unknown flavor',
    method: 'POST',
    url: '/cloud/v1/bminstances/1/76/check_limits',
    status: 400,
    options: json({ flavor: 'nope' }),
  },
  {
    name: 'check limits, unknown region',
    method: 'POST',
    url: '/cloud/v1/bminstances/1/999/check_limits',
    status: 404,
    options: json({}),
  },
  {
    name: 'check limits, subnet without ids',
    method: 'POST',
    url: '/cloud/v1/bminstances/1/76/check_limits',
    status: 400,
    options: json({ interfaces: [{ type: 'subnet' }] }),
  },
  {
    name: 'create config',
    method: 'POST',
    url: '/cdn/logs_uploader/configs',
    status: 200,
    options: json({ name: 'n', policy: 1, target: 2 }),
  },
  {
    name: 'create config, missing fields',
    method: 'POST',
    url: '/cdn/logs_uploader/configs',
    status: 400,
    options: json({ name: 'n' }),
  },
  {
    name: 'create config, not JSON',
    method: 'POST',
    url: '/cdn/logs_uploader/configs',
    status: 415,
    options: { headers: { ...AUTH, 'content-type': 'text/plain' }, payload: 'hello' },
  },
  {
    name: 'create config, malformed JSON',
    method: 'POST',
    url: '/cdn/logs_uploader/configs',
    status: 400,
    options: { headers: { ...AUTH, 'content-type': 'application/json' }, payload: '{"name":' },
  },
  {
    name: 'create config, over 1 MiB',
    method: 'POST',
    url: '/cdn/logs_uploader/configs',
    status: 413,
    options: json({ name: 'x'.repeat(1024 * 1024) }),
  },
  {
    name: 'patch config',
    method: 'PATCH',
    url: '/cdn/logs_uploader/configs/1',
    status: 200,
    options: json({ enabled: false }),
  },
  {
    name: 'patch unknown config',
    method: 'PATCH',
    url: '/cdn/logs_uploader/configs/999',
    status: 404,
    options: json({ enabled: false }),
  },
  {
    name: 'list streams',
    method: 'GET',
    url: '/streaming/streams?page=1&with_broadcasts=1',
    status: 200,
    options: { headers: AUTH },
  },
  {
    name: 'list streams, bad page',
    method: 'GET',
    url: '/streaming/streams?page=abc',
    status: 400,
    options: { headers: AUTH },
  },
  { name: 'get video', method: 'GET', url: '/streaming/videos/1444', status: 200, options: { headers: AUTH } },
  { name: 'get unknown video', method: 'GET', url: '/streaming/videos/1', status: 404, options: { headers: AUTH } },
  { name: 'put video', method: 'PUT', url: '/streaming/videos/1444', status: 405, options: { headers: AUTH } },
  { name: 'get zone', method: 'GET', url: '/dns/v2/zones/example.com', status: 200, options: { headers: AUTH } },
  {
    name: 'get unknown zone',
    method: 'GET',
    url: '/dns/v2/zones/nope.example',
    status: 404,
    options: { headers: AUTH },
  },
  {
    name: 'list ports',
    method: 'GET',
    url: '/cloud/v1/instances/1/76/a1b2c3d4-e5f6-4a7b-8c9d-0e1f2a3b4c5d/ports',
    status: 200,
    options: { headers: AUTH },
  },
  {
    name: 'list ports, bad region',
    method: 'GET',
    url: '/cloud/v1/instances/1/x/not-a-uuid/ports',
    status: 400,
    options: { headers: AUTH },
  },
  { name: 'delete app', method: 'DELETE', url: '/fastedge/v1/apps/1021', status: 204, options: { headers: AUTH } },
  {
    name: 'delete app again',
    method: 'DELETE',
    url: '/fastedge/v1/apps/1021',
    status: 404,
    options: { headers: AUTH },
  },
  {
    name: 'add event',
    method: 'POST',
    url: '/storage/notifications/v1/event?client_id=3',
    status: 200,
    options: json(event),
  },
  {
    name: 'add event again',
    method: 'POST',
    url: '/storage/notifications/v1/event?client_id=3',
    status: 409,
    options: json(event),
  },
  {
    name: "add event, no client (the caller's own)",
    method: 'POST',
    url: '/storage/notifications/v1/event',
    status: 200,
    options: json(event),
  },
  {
    name: 'add event, no body',
    method: 'POST',
    url: '/storage/notifications/v1/event?client_id=3',
    status: 400,
    options: { headers: AUTH },
  },
  {
    name: 'add event, unknown kind',
    method: 'POST',
    url: '/storage/notifications/v1/event?client_id=3',
    status: 400,
    options: json({ name: 'reaching_nothing' }),
  },
  {
    name: 'delete event',
    method: 'DELETE',
    url: '/storage/notifications/v1/event?client_id=3',
    status: 204,
    options: json(event),
  },
  {
    name: 'delete event again',
    method: 'DELETE',
    url: '/storage/notifications/v1/event?client_id=3',
    status: 404,
    options: json(event),
  },
  {
    name: 'configurator',
    method: 'GET',
    url: '/storage/notifications/v1/events/configurator',
    status: 200,
    options: { headers: AUTH },
  },
  {
    name: 'configurator, malformed auth',
    method: 'GET',
    url: '/storage/notifications/v1/events/configurator',
    status: 401,
    options: { headers: { authorization: 'Bearer x' } },
  },
  {
    name: 'threshold set',
    method: 'GET',
    url: '/cloud/v2/client_quotas/3/notification_threshold',
    status: 200,
    options: { headers: AUTH },
  },
  {
    name: 'threshold default',
    method: 'GET',
    url: '/cloud/v2/client_quotas/77/notification_threshold',
    status: 200,
    options: { headers: AUTH },
  },
  {
    name: 'threshold, bad client id',
    method: 'GET',
    url: '/cloud/v2/client_quotas/x/notification_threshold',
    status: 400,
    options: { headers: AUTH },
  },
];

/**
 * Every operation of the document, from the one table of operations: the request its examples make, and
 * the same without a key. An operation added to the document is covered here, success and error.
 */
const fromTheDocument: Scenario[] = operationRows().flatMap((row) => {
  const payload: { payload?: string } = row.body === undefined ? {} : { payload: JSON.stringify(row.body) };
  const type: Record<string, string> = row.body === undefined ? {} : { 'content-type': 'application/json' };
  return [
    {
      name: `${row.operationId}, its examples`,
      method: row.method,
      url: row.url,
      options: { headers: { ...AUTH, ...type }, ...payload },
    },
    {
      name: `${row.operationId}, without a key`,
      method: row.method,
      url: row.url,
      status: 401,
      options: { headers: type, ...payload },
    },
  ];
});

/** One way to reach the emulator: a fresh emulator for the table, and a fetch-like send to it. */
interface Adapter {
  name: string;
  start(): Promise<{ send: (path: string, init: RequestInit) => Promise<Response>; stop: () => Promise<void> }>;
}

const adapters: Adapter[] = [
  {
    name: 'HTTP server',
    async start() {
      const running = await startEmulator();
      return { send: (path, init) => fetch(`${running.url}${path}`, init), stop: running.close };
    },
  },
  {
    name: 'in-process fetch',
    async start() {
      const emulator = await createEmulator();
      return { send: (path, init) => emulator.fetch(`http://emulator.local${path}`, init), stop: emulator.close };
    },
  },
  {
    name: 'MSW (setupServer, Node)',
    async start() {
      const emulator = await createEmulator();
      const server = setupServer(...createMswHandlers(emulator));
      server.listen({ onUnhandledRequest: 'error' });
      return {
        send: (path, init) => fetch(`https://api.gcore.com${path}`, init),
        stop: async () => {
          server.close();
          await emulator.close();
        },
      };
    },
  },
];

describe.each(adapters)("the emulator's answers through the $name adapter", (adapter) => {
  const answered = new Map<string, Set<number>>();
  let running: Awaited<ReturnType<Adapter['start']>>;
  beforeAll(async () => {
    running = await adapter.start();
  });
  afterAll(() => running.stop());

  it.each([...scenarios, ...fromTheDocument])(
    '$name: $method $url answers as the document declares',
    async ({ method, url, status: expected, options }) => {
      const response = await running.send(url, {
        method,
        headers: options?.headers ?? {},
        ...(options?.payload === undefined ? {} : { body: options.payload }),
      });
      const { status } = response;
      if (expected !== undefined) expect(status).toBe(expected);
      // A 405 belongs to no operation of that method; its body follows the area of the path's own operation.
      const op = operationFor(method, url) ?? operationFor('GET', url);
      expect(op, 'a known path').toBeDefined();
      const body = parsedBody(await response.text(), response.headers.get('content-type'));
      expect(checkResponse(op!.operationId, status, body)).toEqual([]);
      if (status === 405) expect(response.headers.get('allow')).toBe('GET, HEAD');
      else
        (answered.get(op!.operationId) ?? answered.set(op!.operationId, new Set()).get(op!.operationId)!).add(status);
    },
  );

  it('covered a success and an error of every operation', () => {
    for (const op of operationIndex) {
      const statuses = [...(answered.get(op.operationId) ?? [])];
      expect(statuses, op.operationId).toContain(op.successStatus);
      expect(
        statuses.some((s) => s >= 400),
        `${op.operationId} error`,
      ).toBe(true);
    }
  });
});
