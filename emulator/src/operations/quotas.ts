// Quotas: a client's notification threshold: the one the fixtures set, else the document's default.
import { resolveRef } from 'cloud-platform-api/contract';
import type { AreaContext, OperationHandler } from './types.js';

export function quotasHandlers({ document, store }: AreaContext): { getQuotaNotificationThreshold: OperationHandler<'getQuotaNotificationThreshold'> } {
  /** What a client that set no threshold has: the document's default for the field. */
  const defaultThreshold = resolveRef(document, document.components.schemas!.QuotaNotificationThreshold!).properties.threshold.default as number;
  return {
    getQuotaNotificationThreshold({ params }) {
      return store.tables.thresholds.get(String(params.client_id)) ?? { client_id: params.client_id, threshold: defaultThreshold, last_sending: null, last_message: null };
    },
  };
}
