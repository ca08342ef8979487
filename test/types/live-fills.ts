// Type test, checked by `tsc --noEmit`: what the live description makes required reaches the
// generated types, so code reads it without `!` or a check for undefined. Never executed.
import type { CloudClient } from '../../src/index.js';
import { unwrap } from '../../src/index.js';

export async function requiredFields(client: CloudClient) {
  const key = await unwrap(
    client.POST('/cloud/v3/inference/{project_id}/api_keys', {
      params: { path: { project_id: 1 } },
      body: { name: 'ci-pipeline-key' },
    }),
  );
  // All six fields of the creation response are required live; description and expires_at stay nullable.
  const secret: string = key.secret;
  const created: string = key.created_at;
  const names: string[] = key.deployment_names;
  const description: string | null = key.description;
  // @ts-expect-error expires_at can be null
  const expires: string = key.expires_at;

  const streams = await unwrap(client.GET('/streaming/streams'));
  const name: string = streams[0]!.name;

  // The zone is required under Zone, as the seed says.
  const zone = await unwrap(client.GET('/dns/v2/zones/{name}', { params: { path: { name: 'example.com' } } }));
  const zoneName: string | undefined = zone.Zone.name;

  // The body of check_limits is optional live, and client_id of ops 11 and 12 too.
  await client.POST('/cloud/v1/bminstances/{project_id}/{region_id}/check_limits', {
    params: { path: { project_id: 1, region_id: 76 } },
  });
  await client.POST('/storage/notifications/v1/event', { body: { name: 'reaching_used_space', bytes: 1 } });

  // The validation status of a config is one of the live enum's values.
  const config = await unwrap(
    client.POST('/cdn/logs_uploader/configs', { body: { name: 'Logs', policy: 1, target: 2 } }),
  );
  const state: 'in_progress' | 'successful' | 'failed' | undefined = config.status?.status;
  // @ts-expect-error a state the enum does not have
  const unknown: 'uploading' | undefined = config.status?.status;

  return { secret, created, names, description, expires, name, zoneName, state, unknown };
}
