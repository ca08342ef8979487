// CDN logs uploader: configs a client creates (with the document's defaults, which the validator put
// in the body) and changes; a config is its client's alone.
import { COUNTERS, nextId } from '../core/state.js';
import { notFound, nowInSeconds } from './answers.js';
import type { AreaContext, OperationHandler } from './types.js';

export function cdnHandlers({ store }: AreaContext): { createLogsUploaderConfig: OperationHandler<'createLogsUploaderConfig'>; updateLogsUploaderConfig: OperationHandler<'updateLogsUploaderConfig'> } {
  const { configs } = store.tables;
  return {
    createLogsUploaderConfig({ body, clientId }) {
      return store.transaction(() => {
        const now = nowInSeconds();
        const config = { ...body, id: nextId(store, COUNTERS.config), client_id: clientId({ create: true })!, created: now, updated: now, status: { status: 'in_progress' as const, updated: now } };
        configs.put(String(config.id), config);
        return config;
      });
    },
    updateLogsUploaderConfig({ params, body, clientId }) {
      return store.transaction(() => {
        const config = configs.get(String(params.config_id));
        if (!config || config.client_id !== clientId()) throw notFound(`Logs uploader config ${params.config_id}`);
        const changed = { ...config, ...body, updated: nowInSeconds() };
        configs.put(String(params.config_id), changed);
        return changed;
      });
    },
  };
}
