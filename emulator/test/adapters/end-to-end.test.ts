// The client of this package against the emulator over HTTP, as an app would use them together: a flow
// through every area, each answer read through the client's types. (Each operation alone, from the
// document's examples, is in contract.test.ts through every adapter.)
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { ApiError, createCloudClient, listAllStreams, unwrap, type CloudClient } from 'cloud-platform-api';
import { useEmulator } from '../helpers/emulator.js';

const running = useEmulator();
let client: CloudClient;
beforeAll(() => {
  client = createCloudClient({ apiKey: 'e2e-token', baseUrl: running.url, maxRetries: 0 });
});

describe('client against emulator', () => {
  it('runs a flow through every area', async () => {
    const key = await unwrap(
      client.POST('/cloud/v3/inference/{project_id}/api_keys', {
        params: { path: { project_id: 1 } },
        body: { name: 'e2e-key' },
      }),
    );
    expect(key.secret).toBeTruthy();

    const warn = vi.spyOn(process, 'emitWarning').mockImplementation(() => undefined);
    const deleted = await client.DELETE('/cloud/v2/inference/deployments/{instance_id}', {
      params: { path: { instance_id: 'llama-3-8b-chat' } },
    });
    warn.mockRestore();
    expect(deleted.response.status).toBe(204);
    expect(deleted.response.headers.get('deprecation')).toBeTruthy();

    const quota = await unwrap(
      client.POST('/cloud/v1/bminstances/{project_id}/{region_id}/check_limits', {
        params: { path: { project_id: 1, region_id: 76 } },
        body: { flavor: 'bm1-infrastructure-small' },
      }),
    );
    expect(quota.baremetal_infrastructure_count_requested).toBe(1);

    const config = await unwrap(
      client.POST('/cdn/logs_uploader/configs', { body: { name: 'e2e', policy: 1, target: 2 } }),
    );
    const patched = await unwrap(
      client.PATCH('/cdn/logs_uploader/configs/{config_id}', {
        params: { path: { config_id: config.id! } },
        body: { name: 'renamed' },
      }),
    );
    expect(patched).toMatchObject({ id: config.id, name: 'renamed', policy: 1 });

    const streams: number[] = [];
    for await (const stream of listAllStreams(client)) streams.push(stream.id!);
    expect(streams).toEqual(running.emulator.fixtures.streams.map((s) => s.id));

    expect(
      (await unwrap(client.GET('/streaming/videos/{video_id}', { params: { path: { video_id: 1444 } } }))).status,
    ).toBe('ready');
    expect(
      (await unwrap(client.GET('/dns/v2/zones/{name}', { params: { path: { name: 'example.com' } } }))).Zone?.name,
    ).toBe('example.com');
    const ports = await unwrap(
      client.GET('/cloud/v1/instances/{project_id}/{region_id}/{instance_id}/ports', {
        params: { path: { project_id: 1, region_id: 76, instance_id: 'a1b2c3d4-e5f6-4a7b-8c9d-0e1f2a3b4c5d' } },
      }),
    );
    expect(ports.count).toBe(2);
    expect((await client.DELETE('/fastedge/v1/apps/{id}', { params: { path: { id: 1023 } } })).response.status).toBe(
      204,
    );

    const event = {
      name: 'reaching_used_requests',
      bucket_name: 'b',
      storage_name: 's',
      uuid: 'u',
      count: 10,
    } as const;
    expect(
      await unwrap(
        client.POST('/storage/notifications/v1/event', { params: { query: { client_id: 3 } }, body: event }),
      ),
    ).toEqual(event);
    expect(
      (await client.DELETE('/storage/notifications/v1/event', { params: { query: { client_id: 3 } }, body: event }))
        .response.status,
    ).toBe(204);
    expect((await unwrap(client.GET('/storage/notifications/v1/events/configurator'))).structure).toHaveLength(4);
    expect(
      (
        await unwrap(
          client.GET('/cloud/v2/client_quotas/{client_id}/notification_threshold', {
            params: { path: { client_id: 55 } },
          }),
        )
      ).threshold,
    ).toBe(80);
  });

  it("gets typed errors from the emulator: ApiError with the area's body", async () => {
    const error = await unwrap(
      client.GET('/streaming/videos/{video_id}', { params: { path: { video_id: 404 } } }),
    ).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 404, body: { error: 'Video 404 not found', status: 404 } });
  });
});
