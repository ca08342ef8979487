// emulator.coverage() and GET /__emulator/coverage, through each adapter: after the same calls (a
// success, a 404, a status asked for with Prefer and one a fault rule injects, a boolean both ways, a link followed),
// the model in process and over the control route are equal, and equal across the adapters.
import { createCloudClient } from 'cloud-platform-api';
import type { CoverageReport } from 'cloud-platform-check/coverage';
import { afterAll, describe, expect, it } from 'vitest';
import { ADAPTER_NAMES, ADAPTERS, type Target } from '../helpers/adapters.js';
import { CONFIG, call, useEmulator } from '../helpers/emulator.js';

/** The same calls through a target's fetch, as an app's tests would make them. */
async function exercise({ baseUrl, fetch, emulator }: Target): Promise<void> {
  const client = createCloudClient({ apiKey: 'any-token', baseUrl, fetch, maxRetries: 0 });
  const video = { params: { path: { video_id: 1444 } } };
  await client.GET('/streaming/videos/{video_id}', video);
  await client.GET('/streaming/videos/{video_id}', { params: { path: { video_id: 77 } } });
  await client.GET('/dns/v2/zones/{name}', {
    params: { path: { name: 'example.com' } },
    headers: { prefer: 'code=400' },
  });
  emulator.faults.add({ operationId: 'getQuotaNotificationThreshold', status: 429, count: 1 });
  await client.GET('/cloud/v2/client_quotas/{client_id}/notification_threshold', {
    params: { path: { client_id: 1 } },
  });
  const created = await client.POST('/cdn/logs_uploader/configs', {
    body: { name: 'logs', policy: 1, target: 2, enabled: false },
  });
  await client.PATCH('/cdn/logs_uploader/configs/{config_id}', {
    params: { path: { config_id: created.data!.id! } },
    body: { enabled: true },
  });
}

describe('coverage through each adapter', () => {
  const models = new Map<string, CoverageReport>();
  const targets: Target[] = [];
  afterAll(async () => {
    await Promise.all(targets.map((target) => target.close()));
  });

  it.each(ADAPTER_NAMES)('%s: emulator.coverage() and GET /__emulator/coverage give the same model', async (name) => {
    const target = await ADAPTERS[name]!();
    targets.push(target);
    await exercise(target);
    const answer = await target.fetch(`${target.baseUrl}/__emulator/coverage`);
    expect(answer.status).toBe(200);
    const overHttp = (await answer.json()) as CoverageReport;
    const inProcess = target.emulator.coverage();
    expect(overHttp).toEqual(JSON.parse(JSON.stringify(inProcess)));
    models.set(name, inProcess);

    const byId = new Map(inProcess.operations.map((op) => [op.operationId, op]));
    expect(byId.get('getVideo')!.statuses).toMatchObject({ seen: ['200', '4XX'], faultOnly: [] });
    expect(byId.get('getDnsZone')!.statuses).toMatchObject({ seen: ['400'], faultOnly: ['400'] });
    expect(byId.get('getQuotaNotificationThreshold')!.statuses).toMatchObject({ seen: ['429'], faultOnly: ['429'] });
    expect(byId.get('createLogsUploaderConfig')!.links).toEqual([
      { name: 'updateCreatedConfig', target: 'updateLogsUploaderConfig', followed: true },
    ]);
    const enabled = byId.get('createLogsUploaderConfig')!.bodyProperties.find((p) => p.name === 'enabled');
    expect(enabled!.values).toEqual([
      { value: true, sent: false },
      { value: false, sent: true },
    ]);
  });

  it('is the same model whichever adapter carried the calls', () => {
    expect(models.size).toBe(ADAPTER_NAMES.length);
    const [first, ...others] = [...models.values()];
    for (const other of others) expect(other).toEqual(first);
  });
});

describe('GET /__emulator/coverage, asked what it does not take', () => {
  const running = useEmulator({ apiKeys: ['admin-key'] });
  it.each([
    ['without a key, under --api-key', 'GET', '/__emulator/coverage', null, 401],
    ['with a key it does not accept', 'GET', '/__emulator/coverage', 'other-key', 401],
    ['by POST', 'POST', '/__emulator/coverage', 'admin-key', 405],
    ['by DELETE', 'DELETE', '/__emulator/coverage', 'admin-key', 405],
    ['with a query it ignores', 'GET', '/__emulator/coverage?format=html&operationId=%00', 'admin-key', 200],
    ['with a trailing slash, another path', 'GET', '/__emulator/coverage/', 'admin-key', 404],
  ])('%s: %s %s answers %s', async (_, method, url, token, status) => {
    // The key travels in a body too: coverage keeps names, never a value sent.
    await call(running, 'POST', '/cdn/logs_uploader/configs', { ...CONFIG, name: 'admin-key' }, 'admin-key');
    const answer = await call(running, method, url, undefined, token);
    expect(answer.status).toBe(status);
    if (status === 405) expect(answer.headers.allow).toBe('GET');
    if (status === 200) {
      expect(answer.body.totals.operations[0]).toBeGreaterThan(0);
      expect(JSON.stringify(answer.body)).not.toContain('admin-key');
    }
  });
});
