// Managed DNS: the fixtures' zones, by name.
import type { components } from 'cloud-platform-api';
import { notFound } from './answers.js';
import { defineArea, replacing, schemaRef } from './area.js';
import builtIn from './fixtures/dns.json' with { type: 'json' };

export type DnsFixtures = { zones: (components['schemas']['DnsZone'] & { name: string })[] };

export const dns = defineArea<Record<never, never>, DnsFixtures>({
  fixtures: {
    schema: () => ({
      zones: { type: 'array', items: { type: 'object', allOf: [schemaRef('DnsZone')], required: ['name'] } },
    }),
    builtIn: builtIn as DnsFixtures,
  },
  handlers: ({ fixtures }) => ({
    getDnsZone({ params }) {
      const zone = fixtures.zones.find((z) => z.name === params.name);
      if (!zone) throw notFound(`Zone "${params.name}"`);
      return { Zone: zone };
    },
  }),
  recorders: {
    getDnsZone: ({ params, body }, recorded) => ({
      zones: replacing(recorded.zones, { ...body.Zone, name: params.name }, (zone) => zone.name),
    }),
  },
});
