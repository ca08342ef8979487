// All 14 operations go over a real HTTP connection with the method, path, query, body and the exact
// Authorization header the document and the seed give.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCloudClient, operationIndex, type CloudClient, type OperationId } from '../../src/index.js';
import { successStatus } from '../../src/contract/document.js';
import { operationFor } from '../helpers/document.js';
import { sendJson, startServer, type TestServer } from '../helpers/http-server.js';

const API_KEY = 'test-key-0123456789';
let server: TestServer;
let client: CloudClient;

beforeAll(async () => {
  server = await startServer((request, res) => {
    const op = operationFor(request.method, request.url);
    if (op && successStatus(op.operation) === 204) {
      res.writeHead(204).end();
      return;
    }
    sendJson(res, 200, request.body ? JSON.parse(request.body) : {});
  });
  client = createCloudClient({ apiKey: API_KEY, baseUrl: server.url, maxRetries: 0 });
});
afterAll(() => server.close());

interface Row {
  operationId: OperationId;
  call: (c: CloudClient) => Promise<{ response: Response }>;
  url: string;
  body?: unknown;
}

const event = { name: 'reaching_used_space', bucket_name: 'b', storage_name: 's', uuid: 'u', bytes: 1024 } as const;
const rows: Row[] = [
  {
    operationId: 'createInferenceApiKey',
    call: (c) => c.POST('/cloud/v3/inference/{project_id}/api_keys', { params: { path: { project_id: 1 } }, body: { name: 'ci-key', expires_at: '2027-01-01T00:00:00Z' } }),
    url: '/cloud/v3/inference/1/api_keys',
    body: { name: 'ci-key', expires_at: '2027-01-01T00:00:00Z' },
  },
  { operationId: 'deleteInferenceDeployment', call: (c) => c.DELETE('/cloud/v2/inference/deployments/{instance_id}', { params: { path: { instance_id: 'dep-1' } } }), url: '/cloud/v2/inference/deployments/dep-1' },
  {
    operationId: 'checkBareMetalQuota',
    call: (c) => c.POST('/cloud/v1/bminstances/{project_id}/{region_id}/check_limits', { params: { path: { project_id: 1, region_id: 76 } }, body: { flavor: 'bm1-basic-medium' } }),
    url: '/cloud/v1/bminstances/1/76/check_limits',
    body: { flavor: 'bm1-basic-medium' },
  },
  { operationId: 'createLogsUploaderConfig', call: (c) => c.POST('/cdn/logs_uploader/configs', { body: { name: 'n', policy: 1, target: 2, resources: [3] } }), url: '/cdn/logs_uploader/configs', body: { name: 'n', policy: 1, target: 2, resources: [3] } },
  { operationId: 'updateLogsUploaderConfig', call: (c) => c.PATCH('/cdn/logs_uploader/configs/{config_id}', { params: { path: { config_id: 7 } }, body: { enabled: false } }), url: '/cdn/logs_uploader/configs/7', body: { enabled: false } },
  { operationId: 'listStreams', call: (c) => c.GET('/streaming/streams', { params: { query: { page: 2, with_broadcasts: 1 } } }), url: '/streaming/streams?page=2&with_broadcasts=1' },
  { operationId: 'getVideo', call: (c) => c.GET('/streaming/videos/{video_id}', { params: { path: { video_id: 1444 } } }), url: '/streaming/videos/1444' },
  { operationId: 'getDnsZone', call: (c) => c.GET('/dns/v2/zones/{name}', { params: { path: { name: 'example.com' } } }), url: '/dns/v2/zones/example.com' },
  {
    operationId: 'listInstancePorts',
    call: (c) => c.GET('/cloud/v1/instances/{project_id}/{region_id}/{instance_id}/ports', { params: { path: { project_id: 1, region_id: 76, instance_id: 'a1b2c3d4-e5f6-4a7b-8c9d-0e1f2a3b4c5d' } } }),
    url: '/cloud/v1/instances/1/76/a1b2c3d4-e5f6-4a7b-8c9d-0e1f2a3b4c5d/ports',
  },
  { operationId: 'deleteEdgeApp', call: (c) => c.DELETE('/fastedge/v1/apps/{id}', { params: { path: { id: 1021 } } }), url: '/fastedge/v1/apps/1021' },
  { operationId: 'addStorageEvent', call: (c) => c.POST('/storage/notifications/v1/event', { params: { query: { client_id: 3 } }, body: event }), url: '/storage/notifications/v1/event?client_id=3', body: event },
  { operationId: 'deleteStorageEvent', call: (c) => c.DELETE('/storage/notifications/v1/event', { params: { query: { client_id: 3 } }, body: event }), url: '/storage/notifications/v1/event?client_id=3', body: event },
  { operationId: 'getStorageEventsConfigurator', call: (c) => c.GET('/storage/notifications/v1/events/configurator'), url: '/storage/notifications/v1/events/configurator' },
  { operationId: 'getQuotaNotificationThreshold', call: (c) => c.GET('/cloud/v2/client_quotas/{client_id}/notification_threshold', { params: { path: { client_id: 3 } } }), url: '/cloud/v2/client_quotas/3/notification_threshold' },
];

describe('the client on the wire', () => {
  it('has a row for each of the 14 operations of the document', () => {
    expect(rows.map((r) => r.operationId).sort()).toEqual(operationIndex.map((op) => op.operationId).sort());
  });

  it.each(rows)('$operationId sends its method, path, query, body and Authorization: apikey <key>', async ({ operationId, call, url, body }) => {
    const op = operationIndex.find((o) => o.operationId === operationId)!;
    const before = server.requests.length;
    const { response } = await call(client);
    expect(response.status).toBe(op.successStatus);
    expect(server.requests).toHaveLength(before + 1);
    const sent = server.requests.at(-1)!;
    expect(sent.method).toBe(op.method);
    expect(sent.url).toBe(url);
    expect(operationFor(sent.method, sent.url)?.operationId).toBe(operationId);
    expect(sent.headers.authorization).toBe(`apikey ${API_KEY}`);
    if (body === undefined) expect(sent.body).toBe('');
    else {
      expect(sent.headers['content-type']).toMatch(/^application\/json/);
      expect(JSON.parse(sent.body)).toEqual(body);
    }
  });
});
