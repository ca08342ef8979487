// Where the seed is silent, the bundled document follows the live service's description; where the
// seed wins, it notes the live difference; and it no longer says what neither source gives.
import { describe, expect, it } from 'vitest';
import { resolveRef, responseFor, type JsonObject } from '../../src/contract/document.js';
import { bundled, componentSchema, documentOperations, propertiesOf } from '../../test-kit/document.js';

const op = (operationId: string) => documentOperations().find((o) => o.operationId === operationId)!;
const schema = (name: string) => resolveRef<JsonObject>(bundled, componentSchema(name));
/** A property's schema; a description beside its `$ref` wins over the target's. */
const property = (name: string, field: string): JsonObject => {
  const raw = propertiesOf(componentSchema(name))[field]!;
  return { ...resolveRef<JsonObject>(bundled, raw), ...raw };
};
const parameter = (name: string) => bundled.components.parameters![name]!;
const LIVE = /live service/;
/** What a row checks, how to read it from the document, and the pattern it must match. */
type Row = readonly [string, () => unknown, RegExp];

describe('what the live description fills', () => {
  it.each<Row>([
    [
      'op 13 describes a create or update request',
      () => op('getStorageEventsConfigurator').operation.description,
      /create or update request/,
    ],
    ['the configurator schema too', () => schema('EventsConfigurator').description, /create or update request/],
    [
      'config status is the validation status',
      () => schema('LogsUploaderConfigStatus').description,
      /Validation status of the config/,
    ],
    [
      'status.code is the validation error code',
      () => property('LogsUploaderConfigStatus', 'code').description,
      /validation error/,
    ],
    [
      'status.details is the failure message',
      () => property('LogsUploaderConfigStatus', 'details').description,
      /message when validation failed/,
    ],
    [
      'status.updated is when the status changed',
      () => property('LogsUploaderConfigStatus', 'updated').description,
      /validation status changed/,
    ],
    [
      'client_user_id is a custom meta field',
      () => property('LiveStream', 'client_user_id').description,
      /custom meta field.*does not use/,
    ],
    [
      'cdn_views counts views in any player',
      () => property('Video', 'cdn_views').description,
      /Total number of views in any player/,
    ],
    [
      'op 6: no paging headers, marked',
      () => op('listStreams').operation.description,
      /No paging headers exist, as in the live service's description/,
    ],
    [
      'op 6: paging past the end is not documented',
      () => op('listStreams').operation.description,
      /last page, are not documented/,
    ],
    ['nx_ttl is the cache TTL', () => property('DnsZone', 'nx_ttl').description, /Time To Live of cache/],
    [
      'op 9 instance_id is a plain string',
      () => parameter('InstanceId').description,
      /plain string, as in the live service's description/,
    ],
    [
      'op 2 instance_id is a plain string',
      () => parameter('InferenceInstanceId').description,
      /plain string, as in the live service's description/,
    ],
    ['video duration in ms', () => property('Video', 'duration').description, /milliseconds/],
    ['origin_video_duration in ms', () => property('Video', 'origin_video_duration').description, /milliseconds/],
    ['dvr_duration in seconds', () => property('LiveStream', 'dvr_duration').description, /seconds, from 30 to 14400/],
    ['recording_duration in seconds', () => property('LiveStream', 'recording_duration').description, /in seconds/],
    ['zone expiry in seconds', () => property('DnsZone', 'expiry').description, /in seconds/],
    ['zone refresh in seconds', () => property('DnsZone', 'refresh').description, /in seconds/],
    ['zone retry in seconds', () => property('DnsZone', 'retry').description, /in seconds/],
    [
      "a config's status, where a config holds it, is the validation status",
      () => property('LogsUploaderConfig', 'status').description,
      /^Validation status of the config \(not the state of an upload\)/,
    ],
    [
      'the video status enum, marked as filled',
      () => property('Video', 'status').description,
      /filled from the live service's description/,
    ],
    [
      'the converted video status enum, marked as filled',
      () => property('ConvertedVideo', 'status').description,
      /filled from the live service's description/,
    ],
    [
      'op 14 required fields, marked as filled',
      () => schema('QuotaNotificationThreshold').description,
      /required, filled from the live service's description/,
    ],
    [
      "op 9's security group name, marked as filled",
      () => schema('SecurityGroupRef').description,
      /required, filled from the live service's description/,
    ],
    [
      "op 14's message parts, marked as filled",
      () => schema('QuotaWarningMessage').description,
      /required, filled from the live service's description/,
    ],
  ])('%s', (_what, read, pattern) => {
    expect(read()).toMatch(pattern);
  });

  it('makes required what the live description requires, and optional what it leaves optional', () => {
    expect(schema('InferenceApiKey').required).toEqual([
      'name',
      'description',
      'secret',
      'created_at',
      'expires_at',
      'deployment_names',
    ]);
    expect(property('InferenceApiKey', 'description').type).toContain('null');
    expect(property('InferenceApiKey', 'expires_at').type).toContain('null');
    expect(schema('LiveStream').required).toEqual(['name']);
    expect(schema('DnsZoneEnvelope').required).toEqual(['Zone']);
    expect(parameter('StorageClientId').required).toBe(false);
    expect(op('checkBareMetalQuota').operation.requestBody.required).toBe(false);
    expect(schema('CheckLimitsRequest').required).toBeUndefined();
    expect(property('LogsUploaderConfigStatus', 'status').enum).toEqual(['in_progress', 'successful', 'failed']);
    expect(property('LiveStream', 'dvr_duration')).toMatchObject({ minimum: 30, maximum: 14400 });
    expect(parameter('InstanceId').schema.format).toBeUndefined();
    // Op 14: the record's four (the last two nullable, as the live description's serializer has them), the
    // message's two, each region's two, each value's two.
    expect(schema('QuotaNotificationThreshold').required).toEqual([
      'client_id',
      'threshold',
      'last_sending',
      'last_message',
    ]);
    expect(property('QuotaNotificationThreshold', 'last_sending').type).toContain('null');
    expect(property('QuotaNotificationThreshold', 'last_message').oneOf).toContainEqual({ type: 'null' });
    // Ops 11 and 12: the events' amounts are unsigned 64-bit, the registry's uint64 (int64 would refuse the upper half).
    expect(property('StorageBytesPayload', 'bytes')).toMatchObject({ type: 'integer', format: 'uint64', minimum: 0 });
    expect(property('StorageCountPayload', 'count')).toMatchObject({ type: 'integer', format: 'uint64', minimum: 0 });
    // Op 9: a port's security group requires its name, not its id.
    expect(schema('SecurityGroupRef').required).toEqual(['name']);
    expect(schema('QuotaWarningMessage').required).toEqual(['global_quotas', 'regional_quotas']);
    expect(schema('RegionalQuotas').required).toEqual(['region_id', 'region_name']);
    expect(schema('QuotaValue').required).toEqual(['limit', 'usage']);
  });

  it('declares the defaults the sources give, on the create body only (a partial change has none), and the threshold of 80', () => {
    const create = schema('LogsUploaderConfigCreate').properties as Record<string, JsonObject>;
    expect([create.enabled?.default, create.for_all_resources?.default]).toEqual([true, false]);
    expect(create.resources?.default).toBeUndefined();
    for (const field of Object.values(propertiesOf(componentSchema('LogsUploaderConfigFields'))))
      expect(field.default).toBeUndefined();
    expect(property('QuotaNotificationThreshold', 'threshold').default).toBe(80);
  });

  it("gives the status enums of the live description, the seed's values among them", () => {
    expect(property('Video', 'status').enum).toEqual(['empty', 'pending', 'viewable', 'ready', 'error']);
    expect(property('ConvertedVideo', 'status').enum).toEqual(['processing', 'complete', 'error']);
    expect(property('Video', 'status').enum).toContain('ready');
    expect(property('ConvertedVideo', 'status').enum).toContain('complete');
  });
});

describe('error answers as the live description declares them', () => {
  const CLOUD = [400, 401, 403, 404, 405, 409, 429, 500];
  it.each([
    ...['createInferenceApiKey', 'checkBareMetalQuota', 'listInstancePorts', 'getQuotaNotificationThreshold'].map(
      (id) => [id, CLOUD] as const,
    ),
    ['deleteInferenceDeployment', [400, 404]] as const,
    ['createLogsUploaderConfig', [400, 403]] as const,
    ['updateLogsUploaderConfig', [400, 403, 404]] as const,
    ['getDnsZone', [400]] as const,
    ['deleteEdgeApp', [400, 404, 503]] as const,
    ...['addStorageEvent', 'deleteStorageEvent', 'getStorageEventsConfigurator'].map(
      (id) => [id, [400, 401, 409]] as const,
    ),
  ])('%s declares %j', (operationId, codes) => {
    const declared = Object.keys(op(operationId).operation.responses)
      .filter((code) => /^[45]\d\d$/.test(code))
      .map(Number);
    expect(declared).toEqual(codes);
  });

  it.each([
    ['op 2 400 and 404 have no body', 'deleteInferenceDeployment', [400, 404], []],
    ['op 10 404 has no body', 'deleteEdgeApp', [404], []],
    ['op 10 503 is plain text', 'deleteEdgeApp', [503], ['text/plain']],
    ['op 8 400 has no body', 'getDnsZone', [400], []],
  ])('%s', (_what, operationId, statuses, mediaTypes) => {
    for (const status of statuses)
      expect(responseFor(bundled, op(operationId), status)!.mediaTypes).toEqual(mediaTypes);
  });

  it('op 8 carries its 400 message in an `error` response header', () => {
    expect(responseFor(bundled, op('getDnsZone'), 400)!.headers).toEqual(['error']);
  });

  it('a cloud error requires exception_class and message, and may carry info and invalid_fields', () => {
    expect(schema('CloudError').required).toEqual(['exception_class', 'message']);
    expect(Object.keys(schema('CloudError').properties)).toEqual([
      'exception_class',
      'message',
      'request_id',
      'info',
      'invalid_fields',
    ]);
  });

  it('the CDN error body declares no shape, and says its shape is not documented', () => {
    const body = schema('CdnErrorBody');
    expect([body.type, body.properties, body.oneOf]).toEqual([undefined, undefined, undefined]);
    expect(body.description).toMatch(/not documented/);
    expect(body.description).toMatch(LIVE);
  });
});

describe('where the seed wins, the live difference is noted', () => {
  it.each<Row>([
    [
      'op 8 zone client_id removed live',
      () => property('DnsZone', 'client_id').description,
      /removed it from the zone together with the `Zone` wrapper/,
    ],
    ...['recording_duration', 'video_width', 'video_height'].map(
      (f): Row => [`op 6 ${f} is a number live`, () => property('LiveStream', f).description, /types it as a number/],
    ),
    ...['origin_audio_channels', 'origin_height', 'origin_width', 'clip_start_seconds', 'clip_duration_seconds'].map(
      (f): Row => [
        `op 7 ${f} absent from the live schema`,
        () => property('Video', f).description,
        /absent from the live service's schema/,
      ],
    ),
    [
      'op 13 example key absent live',
      () => property('EventsConfigurator', 'example').description,
      /live service's schema has only `structure`/,
    ],
    [
      'op 3 baremetal_gpu_count absent live',
      () => property('CheckLimitsResponse', 'baremetal_gpu_count_limit').description,
      /absent from the live service's quota lists/,
    ],
    [
      'op 14 baremetal_gpu_count absent live',
      () => property('RegionalQuotas', 'baremetal_gpu_count_limit').description,
      /absent from the live service's quota lists/,
    ],
    ['op 3 flavor nullable live', () => property('CheckLimitsRequest', 'flavor').description, /also allows null/],
  ])('%s', (_what, read, pattern) => {
    expect(read()).toMatch(pattern);
  });
});

describe('text that neither source gives is gone', () => {
  const text = JSON.stringify(bundled);
  it.each([
    ['a key name unique in the project', /unique in the project/],
    ['nx_ttl as negative answers', /negative answers/],
    ['the event uuid as its identifier', /Identifier of the event/],
    ['clip fields null when not clipped', /not clipped/],
    ['last_message null when nothing was sent, as live', /Null when nothing was sent, as in the live/],
    ['an empty page ending the list', /an empty page ends the list/],
    ['a create or delete configurator request', /create or delete request|adds or deletes/],
    ['error codes as not documented', /status codes the service uses are not documented/],
    // Readers know the contract and the live service; "seed" is this project's own word for the contract.
    ['the project\'s own word "seed"', /\bseed\b/i],
  ])('no %s', (_what, pattern) => {
    expect(text).not.toMatch(pattern);
  });
});
