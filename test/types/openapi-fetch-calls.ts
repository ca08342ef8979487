// Type test, checked by `tsc --noEmit` (npm test runs it first): the generated `paths` type lets
// openapi-fetch call each operation, and rejects misuse. Never executed.
import createClient from 'openapi-fetch';
import type { paths } from '../../generated/schema.js';

export async function callEveryOperation(client = createClient<paths>({ baseUrl: 'http://127.0.0.1:4010' })) {
  const key = await client.POST('/cloud/v3/inference/{project_id}/api_keys', {
    params: { path: { project_id: 1 } },
    body: { name: 'ci-pipeline-key', description: 'CI', expires_at: '2027-01-01T00:00:00Z' },
  });
  const secret: string | undefined = key.data?.secret;

  await client.DELETE('/cloud/v2/inference/deployments/{instance_id}', {
    params: { path: { instance_id: 'my-deployment' } },
  });

  const quota = await client.POST('/cloud/v1/bminstances/{project_id}/{region_id}/check_limits', {
    params: { path: { project_id: 1, region_id: 76 } },
    body: { flavor: 'bm1-basic-medium', interfaces: [{ type: 'subnet', network_id: 'n', subnet_id: 's' }] },
  });
  const ramUsage: number | undefined = quota.data?.ram_usage;

  const created = await client.POST('/cdn/logs_uploader/configs', { body: { name: 'Logs', policy: 1, target: 2 } });
  const configId: number | undefined = created.data?.id;
  await client.PATCH('/cdn/logs_uploader/configs/{config_id}', {
    params: { path: { config_id: 7 } },
    body: { enabled: false },
  });

  const streams = await client.GET('/streaming/streams', { params: { query: { page: 2, with_broadcasts: 1 } } });
  const streamUri: string | null | undefined = streams.data?.[0]?.uri;

  const video = await client.GET('/streaming/videos/{video_id}', { params: { path: { video_id: 1444 } } });
  const mp4: string | undefined = video.data?.converted_videos?.[0]?.mp4_url;

  const zone = await client.GET('/dns/v2/zones/{name}', { params: { path: { name: 'example.com' } } });
  const records: number | undefined = zone.data?.Zone?.records?.length;

  const ports = await client.GET('/cloud/v1/instances/{project_id}/{region_id}/{instance_id}/ports', {
    params: { path: { project_id: 1, region_id: 76, instance_id: 'a1b2c3d4-e5f6-4a7b-8c9d-0e1f2a3b4c5d' } },
  });
  const portCount: number | undefined = ports.data?.count;

  await client.DELETE('/fastedge/v1/apps/{id}', { params: { path: { id: 1021 } } });

  const event = await client.POST('/storage/notifications/v1/event', {
    params: { query: { client_id: 3 } },
    body: { name: 'reaching_used_space', bucket_name: 'b', storage_name: 's', uuid: 'u', bytes: 1024 },
  });
  if (event.data?.name === 'reaching_used_space') {
    const bytes: number | undefined = event.data.bytes;
    void bytes;
  }
  await client.DELETE('/storage/notifications/v1/event', {
    params: { query: { client_id: 3 } },
    body: { name: 'reaching_files_quantity', count: 10 },
  });
  const configurator = await client.GET('/storage/notifications/v1/events/configurator');
  const kinds: string[] | undefined = configurator.data?.structure?.map((s) => s.name ?? '');

  const threshold = await client.GET('/cloud/v2/client_quotas/{client_id}/notification_threshold', {
    params: { path: { client_id: 3 } },
  });
  const lastSending: string | null | undefined = threshold.data?.last_sending;

  // Error bodies are typed per area.
  const cloudError: string | undefined = threshold.error?.request_id;

  return { secret, ramUsage, configId, streamUri, mp4, records, portCount, kinds, lastSending, cloudError };
}

export async function rejectMisuse(client = createClient<paths>({ baseUrl: 'http://127.0.0.1:4010' })) {
  // A create body without the required `policy` and `target`.
  // @ts-expect-error wrong body
  await client.POST('/cdn/logs_uploader/configs', { body: { name: 'Logs' } });

  // A body field of the wrong type.
  await client.PATCH('/cdn/logs_uploader/configs/{config_id}', {
    params: { path: { config_id: 7 } },
    // @ts-expect-error wrong body
    body: { enabled: 'yes' },
  });

  // An event kind that does not exist.
  await client.POST('/storage/notifications/v1/event', {
    params: { query: { client_id: 3 } },
    // @ts-expect-error wrong body
    body: { name: 'reaching_nothing' },
  });

  // A missing path parameter.
  // @ts-expect-error missing path parameter
  await client.GET('/streaming/videos/{video_id}', { params: { path: {} } });

  // A path parameter of the wrong type.
  // @ts-expect-error wrong path parameter type
  await client.GET('/streaming/videos/{video_id}', { params: { path: { video_id: 'abc' } } });

  // An unknown path.
  // @ts-expect-error unknown path
  await client.GET('/streaming/unknown');

  // A method the path does not have.
  // @ts-expect-error wrong method
  await client.GET('/cdn/logs_uploader/configs');
}
