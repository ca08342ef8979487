// The resource layer's types (client.streaming.videos.get(1444)), for every method: a wrong parameter, a
// missing required body field and a wrong use of the answer are compile errors, and the right call is not.
// Checked by `npm run typecheck`, never run.
import { expectTypeOf } from 'vitest';
import { type components, createCloudClient } from '../../src/index.js';

const client = createCloudClient({ apiKey: 'k' });
type Schemas = components['schemas'];

export async function methods() {
  // cloud.inference.apiKeys.create: project_id by position, the body's fields in the object.
  expectTypeOf(await client.cloud.inference.apiKeys.create(1, { name: 'key' })).toEqualTypeOf<
    Schemas['InferenceApiKey']
  >();
  // @ts-expect-error project_id is an integer
  void client.cloud.inference.apiKeys.create('1', { name: 'key' });
  // @ts-expect-error name is required in the body
  void client.cloud.inference.apiKeys.create(1, { description: 'no name' });
  // @ts-expect-error the answer is an InferenceApiKey, not a string
  (await client.cloud.inference.apiKeys.create(1, { name: 'key' })).toUpperCase();

  // cloud.inference.deployments.delete: instance_id by position, answers nothing.
  expectTypeOf(await client.cloud.inference.deployments.delete('inst')).toEqualTypeOf<undefined>();
  // @ts-expect-error instance_id is a string
  void client.cloud.inference.deployments.delete(1);
  // @ts-expect-error it takes no object
  void client.cloud.inference.deployments.delete('inst', { force: true });
  // @ts-expect-error the answer is nothing
  (await client.cloud.inference.deployments.delete('inst')).id;

  // cloud.bminstances.checkLimits: two path parameters, so both go in the object with the body's fields.
  expectTypeOf(
    await client.cloud.bminstances.checkLimits({ project_id: 1, region_id: 2, flavor: 'bm1' }),
  ).toEqualTypeOf<Schemas['CheckLimitsResponse']>();
  // @ts-expect-error region_id is required
  void client.cloud.bminstances.checkLimits({ project_id: 1 });
  // @ts-expect-error flavour is not a field
  void client.cloud.bminstances.checkLimits({ project_id: 1, region_id: 2, flavour: 'bm1' });
  // @ts-expect-error the answer is not a list
  (await client.cloud.bminstances.checkLimits({ project_id: 1, region_id: 2 })).map(String);

  // cdn.logsUploader.configs.create: the body's fields.
  expectTypeOf(await client.cdn.logsUploader.configs.create({ name: 'n', policy: 1, target: 2 })).toEqualTypeOf<
    Schemas['LogsUploaderConfig']
  >();
  // @ts-expect-error target is required
  void client.cdn.logsUploader.configs.create({ name: 'n', policy: 1 });
  // @ts-expect-error policy is an integer
  void client.cdn.logsUploader.configs.create({ name: 'n', policy: '1', target: 2 });
  // @ts-expect-error id is a number
  (await client.cdn.logsUploader.configs.create({ name: 'n', policy: 1, target: 2 })).id.toUpperCase();

  // cdn.logsUploader.configs.update: config_id by position, every field optional.
  expectTypeOf(await client.cdn.logsUploader.configs.update(1, { enabled: false })).toEqualTypeOf<
    Schemas['LogsUploaderConfig']
  >();
  // @ts-expect-error config_id is required
  void client.cdn.logsUploader.configs.update();
  // @ts-expect-error enabled is a boolean
  void client.cdn.logsUploader.configs.update(1, { enabled: 'no' });
  // @ts-expect-error the answer is a config
  (await client.cdn.logsUploader.configs.update(1)).length;

  // streaming.streams.list: paged, walked with for await, one page with .page().
  for await (const stream of client.streaming.streams.list({ with_broadcasts: 1 })) {
    expectTypeOf(stream).toEqualTypeOf<Schemas['LiveStream']>();
    // @ts-expect-error a stream's id is a number
    stream.id.toUpperCase();
  }
  expectTypeOf(await client.streaming.streams.list().page()).toEqualTypeOf<Schemas['LiveStream'][]>();
  // @ts-expect-error page is an integer
  void client.streaming.streams.list({ page: 'two' });
  // @ts-expect-error the list is walked or paged, not awaited as an array
  (await client.streaming.streams.list()).length;

  // streaming.videos.get: video_id by position.
  expectTypeOf(await client.streaming.videos.get(1444)).toEqualTypeOf<Schemas['Video']>();
  // @ts-expect-error video_id is an integer
  void client.streaming.videos.get('1444');
  // @ts-expect-error video_id is required
  void client.streaming.videos.get();
  // @ts-expect-error a video's name is a string, not a number
  (await client.streaming.videos.get(1444)).name.toFixed();

  // dns.zones.get: name by position.
  expectTypeOf(await client.dns.zones.get('example.com')).toEqualTypeOf<Schemas['DnsZoneEnvelope']>();
  // @ts-expect-error name is a string
  void client.dns.zones.get(1);
  // @ts-expect-error the answer is wrapped under Zone
  (await client.dns.zones.get('example.com')).name;

  // cloud.instances.ports.list: three path parameters in the object.
  expectTypeOf(
    await client.cloud.instances.ports.list({ project_id: 1, region_id: 2, instance_id: 'i' }),
  ).toEqualTypeOf<Schemas['InstancePortList']>();
  // @ts-expect-error instance_id is required
  void client.cloud.instances.ports.list({ project_id: 1, region_id: 2 });
  // @ts-expect-error instance_id is a string
  void client.cloud.instances.ports.list({ project_id: 1, region_id: 2, instance_id: 3 });
  // @ts-expect-error the answer is a list object, not an array
  (await client.cloud.instances.ports.list({ project_id: 1, region_id: 2, instance_id: 'i' })).map(String);

  // fastedge.apps.delete: id by position, answers nothing.
  expectTypeOf(await client.fastedge.apps.delete(7)).toEqualTypeOf<undefined>();
  // @ts-expect-error id is an integer
  void client.fastedge.apps.delete('7');
  // @ts-expect-error the answer is nothing
  (await client.fastedge.apps.delete(7)).id;

  // storage.notifications.events.create: the query's client_id and the event's fields.
  const event = { name: 'reaching_used_space', bucket_name: 'b', bytes: 1 } as const;
  expectTypeOf(await client.storage.notifications.events.create({ client_id: 1, ...event })).toEqualTypeOf<
    Schemas['StorageEvent']
  >();
  // @ts-expect-error name is required
  void client.storage.notifications.events.create({ client_id: 1, bucket_name: 'b' });
  // @ts-expect-error client_id is an integer
  void client.storage.notifications.events.create({ client_id: '1', ...event });
  // @ts-expect-error the answer's name is a string
  (await client.storage.notifications.events.create(event)).name.toFixed();

  // storage.notifications.events.delete: the same object, answers nothing.
  expectTypeOf(await client.storage.notifications.events.delete(event)).toEqualTypeOf<undefined>();
  // @ts-expect-error name is required
  void client.storage.notifications.events.delete({ bucket_name: 'b' });
  // @ts-expect-error the answer is nothing
  (await client.storage.notifications.events.delete(event)).name;

  // storage.notifications.events.getConfigurator: nothing but options.
  expectTypeOf(await client.storage.notifications.events.getConfigurator()).toEqualTypeOf<
    Schemas['EventsConfigurator']
  >();
  // @ts-expect-error it takes no parameters, and retries is not an option
  void client.storage.notifications.events.getConfigurator({ retries: 1 });
  // @ts-expect-error the answer is not an array
  (await client.storage.notifications.events.getConfigurator()).map(String);

  // cloud.clientQuotas.getNotificationThreshold: client_id by position.
  expectTypeOf(await client.cloud.clientQuotas.getNotificationThreshold(5)).toEqualTypeOf<
    Schemas['QuotaNotificationThreshold']
  >();
  // @ts-expect-error client_id is an integer
  void client.cloud.clientQuotas.getNotificationThreshold('5');
  // @ts-expect-error the answer is not a string
  (await client.cloud.clientQuotas.getNotificationThreshold(5)).trim();
}

export async function optionsAndResponses() {
  // The call options come last; a misspelt one is an error, as in the path form.
  await client.streaming.videos.get(1444, { timeoutMs: 5_000, maxRetries: 0, headers: { 'x-trace': '1' } });
  // @ts-expect-error maxRetrys is not an option
  void client.streaming.videos.get(1444, { maxRetrys: 1 });
  // @ts-expect-error the key header is the client's own
  void client.streaming.videos.get(1444, { headers: { Authorization: 'apikey other' } });
  const { data, response } = await client.streaming.videos.get(1444).withResponse();
  expectTypeOf(data).toEqualTypeOf<Schemas['Video']>();
  expectTypeOf(response).toEqualTypeOf<Response>();
  // The throwing client has the same methods.
  const throwing = createCloudClient({ apiKey: 'k', throwOnError: true });
  expectTypeOf(await throwing.streaming.videos.get(1)).toEqualTypeOf<Schemas['Video']>();
}
