// Bare metal: the quota check of a region (the fixtures' regions and flavors). The rule, documented in
// the emulator's README:
//   requested = the flavor's fixture amounts (one server), plus one `external_ip_count` for each
//   interface whose type is not `subnet` (a subnet interface uses a subnet that already exists);
//   a quota is exceeded when usage + requested > limit, where a base the region's fixture does not
//   list has limit 0 and usage 0. The answer holds <base>_requested, _limit and _usage for each
//   exceeded base, and is empty when nothing is exceeded.
import type { components } from 'cloud-platform-api';
import { resolveRef, type OpenApiDocument } from 'cloud-platform-api/toolbox';
import { HttpProblem, notFound } from './answers.js';
import { defineArea, schemaRef } from './area.js';
import builtIn from './fixtures/bare-metal.json' with { type: 'json' };

type CheckLimitsRequest = components['schemas']['CheckLimitsRequest'];
export type Region = { region_name: string; quotas: Record<string, { limit: number; usage: number }> };

export interface BareMetalFixtures {
  /** Flavor name -> amount of each quota base one server of it needs. */
  flavors: Record<string, Record<string, number>>;
  /** Region id -> its name and the limit and usage of each quota base (a base not listed has limit 0 and usage 0). */
  regions: Record<string, Region>;
}

const INTERFACE_WITHOUT_NEW_ADDRESS = 'subnet';
const ADDRESS_QUOTA = 'external_ip_count';

/** The quota base names, read off the check_limits response schema (`<base>_requested`). */
function quotaBases(document: OpenApiDocument): string[] {
  const response = resolveRef(document, document.components.schemas!.CheckLimitsResponse!);
  return Object.keys(response.properties ?? {})
    .filter((name) => name.endsWith('_requested'))
    .map((name) => name.slice(0, -'_requested'.length));
}

function fixtureSchema(document: OpenApiDocument) {
  const quotaMap = (values: object) => ({
    type: 'object',
    propertyNames: { type: 'string', enum: quotaBases(document) },
    additionalProperties: values,
  });
  return {
    flavors: { type: 'object', additionalProperties: quotaMap({ type: 'integer', minimum: 0 }) },
    regions: {
      type: 'object',
      propertyNames: { type: 'string', pattern: '^[0-9]+$' },
      additionalProperties: {
        type: 'object',
        additionalProperties: false,
        required: ['region_name', 'quotas'],
        properties: { region_name: { type: 'string' }, quotas: quotaMap(schemaRef('QuotaValue')) },
      },
    },
  };
}

function requestedAmounts(fixtures: BareMetalFixtures, request: CheckLimitsRequest): Map<string, number> {
  const requested = new Map<string, number>();
  if (request.flavor !== undefined) {
    const flavor = fixtures.flavors[request.flavor];
    if (!flavor)
      throw new HttpProblem(
        400,
        `Unknown flavor "${request.flavor}"; known flavors: ${Object.keys(fixtures.flavors).join(', ')}`,
      );
    for (const [base, amount] of Object.entries(flavor)) requested.set(base, amount);
  }
  const addresses = (request.interfaces ?? []).filter((i) => i.type !== INTERFACE_WITHOUT_NEW_ADDRESS).length;
  if (addresses > 0) requested.set(ADDRESS_QUOTA, (requested.get(ADDRESS_QUOTA) ?? 0) + addresses);
  return requested;
}

function exceededQuotas(region: Region, requested: Map<string, number>): Record<string, number> {
  const answer: Record<string, number> = {};
  for (const [base, amount] of requested) {
    const { limit, usage } = region.quotas[base] ?? { limit: 0, usage: 0 };
    if (amount > 0 && usage + amount > limit) {
      answer[`${base}_requested`] = amount;
      answer[`${base}_limit`] = limit;
      answer[`${base}_usage`] = usage;
    }
  }
  return answer;
}

export const bareMetal = defineArea<Record<never, never>, BareMetalFixtures>({
  fixtures: { schema: fixtureSchema, builtIn: builtIn as BareMetalFixtures },
  handlers: ({ fixtures }) => ({
    checkBareMetalQuota({ params, body }) {
      const region = fixtures.regions[String(params.region_id)];
      if (!region) throw notFound(`Region ${params.region_id}`);
      return exceededQuotas(region, requestedAmounts(fixtures, body ?? {}));
    },
  }),
});
