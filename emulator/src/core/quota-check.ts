// The emulator's rule for POST .../check_limits (documented in the README):
//   requested = the flavor's fixture amounts (one server), plus one `external_ip_count` for each
//   interface whose type is not `subnet` (a subnet interface uses a subnet that already exists);
//   a quota is exceeded when usage + requested > limit, where a base the region's fixture does not
//   list has limit 0 and usage 0. The answer holds <base>_requested, _limit and _usage for each
//   exceeded base, and is empty when nothing is exceeded.
import type { components } from 'cloud-platform-api';
import type { Fixtures } from './fixtures.js';

type CheckLimitsRequest = components['schemas']['CheckLimitsRequest'];

export const INTERFACE_WITHOUT_NEW_ADDRESS = 'subnet';
export const ADDRESS_QUOTA = 'external_ip_count';

export class UnknownFlavorError extends Error {}

export function requestedAmounts(fixtures: Fixtures, request: CheckLimitsRequest): Map<string, number> {
  const requested = new Map<string, number>();
  if (request.flavor !== undefined) {
    const flavor = fixtures.flavors[request.flavor];
    if (!flavor) throw new UnknownFlavorError(`Unknown flavor "${request.flavor}"; known flavors: ${Object.keys(fixtures.flavors).join(', ')}`);
    for (const [base, amount] of Object.entries(flavor)) requested.set(base, amount);
  }
  const addresses = (request.interfaces ?? []).filter((i) => i.type !== INTERFACE_WITHOUT_NEW_ADDRESS).length;
  if (addresses > 0) requested.set(ADDRESS_QUOTA, (requested.get(ADDRESS_QUOTA) ?? 0) + addresses);
  return requested;
}

export function exceededQuotas(region: Fixtures['regions'][string], requested: Map<string, number>): Record<string, number> {
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
