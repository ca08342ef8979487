// Managed DNS: the fixtures' zones, by name.
import { notFound } from './answers.js';
import type { AreaContext, OperationHandler } from './types.js';

export function dnsHandlers({ fixtures }: AreaContext): { getDnsZone: OperationHandler<'getDnsZone'> } {
  return {
    getDnsZone({ params }) {
      const zone = fixtures.zones.find((z) => z.name === params.name);
      if (!zone) throw notFound(`Zone "${params.name}"`);
      return { Zone: zone };
    },
  };
}
