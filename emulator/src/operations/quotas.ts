// Quotas: a client's notification threshold: the one the fixtures set, else the document's default.
import type { components } from 'cloud-platform-api';
import { resolveRef } from 'cloud-platform-api/toolbox';
import { table, WHOLE_ID } from '../core/state/state.js';
import { defineArea, replacing, schemaRef } from './area.js';
import builtIn from './fixtures/quotas.json' with { type: 'json' };

type Threshold = components['schemas']['QuotaNotificationThreshold'];
export type QuotasTables = { thresholds: Threshold };
/** `thresholds`: those of the clients that set one; other clients get the default. */
export type QuotasFixtures = { thresholds: (Threshold & { client_id: number })[] };

const clientThreshold = {
  type: 'object',
  allOf: [schemaRef('QuotaNotificationThreshold')],
  required: ['client_id'],
  properties: { client_id: WHOLE_ID },
};

export const quotas = defineArea<QuotasTables, QuotasFixtures>({
  tables: {
    /** Client id -> the threshold it set (from the fixtures). */
    thresholds: table<Threshold>({ row: clientThreshold, keyOf: (threshold) => String(threshold.client_id) }),
  },
  fixtures: {
    schema: () => ({ thresholds: { type: 'array', items: clientThreshold } }),
    builtIn: builtIn as QuotasFixtures,
  },
  initialRows: (fixtures) => ({
    thresholds: fixtures.thresholds.map((t) => [String(t.client_id), structuredClone(t)]),
  }),
  handlers: ({ document, store }) => {
    /**
     * What a client that set no threshold has: the document's default for the field, read when first
     * asked for (a document without this area's operations has none of its schemas).
     */
    const defaultThreshold = () =>
      resolveRef(document, document.components.schemas!.QuotaNotificationThreshold!).properties.threshold
        .default as number;
    return {
      getQuotaNotificationThreshold({ params }) {
        return (
          store.tables.thresholds.get(String(params.client_id)) ?? {
            client_id: params.client_id,
            threshold: defaultThreshold(),
            last_sending: null,
            last_message: null,
          }
        );
      },
    };
  },
  recorders: {
    getQuotaNotificationThreshold: ({ params, body }, recorded) => ({
      thresholds: replacing(recorded.thresholds, { ...body, client_id: params.client_id }, (t) => t.client_id),
    }),
  },
});
