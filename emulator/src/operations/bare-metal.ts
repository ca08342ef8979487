// Bare metal: the quota check of a region (the fixtures' regions and flavors), answering the quotas a
// request would exceed.
import { exceededQuotas, requestedAmounts, UnknownFlavorError } from '../core/quota-check.js';
import { HttpProblem, notFound } from './answers.js';
import type { AreaContext, OperationHandler } from './types.js';

export function bareMetalHandlers({ fixtures }: AreaContext): { checkBareMetalQuota: OperationHandler<'checkBareMetalQuota'> } {
  return {
    checkBareMetalQuota({ params, body }) {
      const region = fixtures.regions[String(params.region_id)];
      if (!region) throw notFound(`Region ${params.region_id}`);
      try {
        return exceededQuotas(region, requestedAmounts(fixtures, body ?? {}));
      } catch (error) {
        if (error instanceof UnknownFlavorError) throw new HttpProblem(400, error.message);
        throw error;
      }
    },
  };
}
