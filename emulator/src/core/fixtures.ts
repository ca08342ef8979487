// The emulator's data: the built-in fixture set, or a file that replaces it, validated against the
// document when loaded. A bad fixture is an error naming the file and the field.
import type { components } from 'cloud-platform-api';
import { describeErrors, documentRef, resolveRef, type ContractValidator, type OpenApiDocument } from 'cloud-platform-api/contract';
import builtIn from './default-fixtures.json' with { type: 'json' };
import { dictionary } from './dictionary.js';
import { MAX_NESTING, nestingDepth } from './nesting.js';

type Schemas = components['schemas'];

export interface Fixtures {
  /** Streams per page of GET /streaming/streams. */
  streamsPageSize: number;
  /** Inference deployments that op 2 can delete. */
  deployments: string[];
  /** Flavor name -> amount of each quota base one server of it needs. */
  flavors: Record<string, Record<string, number>>;
  /** Region id -> its name and the limit and usage of each quota base (a base not listed has limit 0 and usage 0). */
  regions: Record<string, { region_name: string; quotas: Record<string, { limit: number; usage: number }> }>;
  streams: (Schemas['LiveStream'] & { id: number })[];
  videos: (Schemas['Video'] & { id: number })[];
  zones: (Schemas['DnsZone'] & { name: string })[];
  instances: { project_id: number; region_id: number; instance_id: string; ports: Schemas['InstancePort'][] }[];
  /** Edge app ids that op 10 can delete. */
  apps: number[];
  /** Thresholds of clients that set one; other clients get the default. */
  thresholds: (Schemas['QuotaNotificationThreshold'] & { client_id: number })[];
}

export class FixtureError extends Error {
  override name = 'FixtureError';
}

/** The quota base names, read off the check_limits response schema (`<base>_requested`). */
export function quotaBases(document: OpenApiDocument): string[] {
  const response = resolveRef(document, document.components.schemas!.CheckLimitsResponse!);
  return Object.keys(response.properties ?? {})
    .filter((name) => name.endsWith('_requested'))
    .map((name) => name.slice(0, -'_requested'.length));
}

function fixtureSchema(document: OpenApiDocument) {
  const schema = (name: string) => documentRef('components', 'schemas', name);
  const parameter = (name: string) => documentRef('components', 'parameters', name, 'schema');
  const withRequired = (name: string, required: string[]) => ({ type: 'object', allOf: [schema(name)], required });
  const quotaMap = (values: object) => ({ type: 'object', propertyNames: { type: 'string', enum: quotaBases(document) }, additionalProperties: values });
  return {
    type: 'object',
    additionalProperties: false,
    required: ['streamsPageSize', 'deployments', 'flavors', 'regions', 'streams', 'videos', 'zones', 'instances', 'apps', 'thresholds'],
    properties: {
      streamsPageSize: { type: 'integer', minimum: 1 },
      deployments: { type: 'array', uniqueItems: true, items: parameter('InferenceInstanceId') },
      flavors: { type: 'object', additionalProperties: quotaMap({ type: 'integer', minimum: 0 }) },
      regions: {
        type: 'object',
        propertyNames: { type: 'string', pattern: '^[0-9]+$' },
        additionalProperties: {
          type: 'object',
          additionalProperties: false,
          required: ['region_name', 'quotas'],
          properties: { region_name: { type: 'string' }, quotas: quotaMap(schema('QuotaValue')) },
        },
      },
      streams: { type: 'array', items: withRequired('LiveStream', ['id']) },
      videos: { type: 'array', items: withRequired('Video', ['id']) },
      zones: { type: 'array', items: withRequired('DnsZone', ['name']) },
      instances: {
        type: 'array',
        items: {
          type: 'object',
          additionalProperties: false,
          required: ['project_id', 'region_id', 'instance_id', 'ports'],
          properties: {
            project_id: parameter('ProjectId'),
            region_id: parameter('RegionId'),
            instance_id: parameter('InstanceId'),
            ports: { type: 'array', items: schema('InstancePort') },
          },
        },
      },
      apps: { type: 'array', uniqueItems: true, items: parameter('AppId') },
      thresholds: { type: 'array', items: withRequired('QuotaNotificationThreshold', ['client_id']) },
    },
  };
}

/** Fixtures never change while the emulator runs: frozen, they can be shared and their JSON cached. */
function deepFreeze<T>(value: T): T {
  if (value && typeof value === 'object' && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const child of Object.values(value)) deepFreeze(child);
  }
  return value;
}

/** Fixtures ready to serve: the lookups a client names keyed in null-prototype objects (`constructor` is unknown), all frozen. */
function prepared(given: Fixtures): Fixtures {
  const flavors: Fixtures['flavors'] = dictionary(given.flavors);
  const regions: Fixtures['regions'] = dictionary(Object.entries(given.regions).map(([id, region]) => [id, { ...region, quotas: dictionary(region.quotas) }] as const));
  return deepFreeze({ ...given, flavors, regions });
}

export function createFixtureLoader(document: OpenApiDocument, validator: ContractValidator) {
  // Compiled when first needed: the built-in set needs no check at run time (a test checks it against the document).
  let validate: ReturnType<ContractValidator['compile']> | undefined;

  function checked(value: unknown, source: string): Fixtures {
    // Checked first: a value nested this deep could overflow the stack of the validator, or of the
    // serializer once it is served.
    if (nestingDepth(value) > MAX_NESTING) throw new FixtureError(`Invalid fixtures in ${source}: nested deeper than ${MAX_NESTING} levels`);
    validate ??= validator.compile(fixtureSchema(document));
    if (!validate(value)) {
      const issues = describeErrors(validate.errors).map((i) => `  ${i.path}: ${i.message} (${i.rule})`);
      throw new FixtureError(`Invalid fixtures in ${source}:\n${issues.join('\n')}`);
    }
    return prepared(value as Fixtures);
  }

  return {
    /** The set the package ships, as it is: checked against the document by the tests, not on every start. */
    builtIn: (): Fixtures => prepared(structuredClone(builtIn) as Fixtures),
    /** Fixtures from elsewhere (a file, a test), validated against the document; `source` names them in errors. */
    checked,
  };
}
