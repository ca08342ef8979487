// CDN logs uploader: configs a client creates (with the document's defaults, which the validator put
// in the body) and changes; a config is its client's alone.
import type { components } from 'cloud-platform-api';
import { CLIENT_IDS, nextId, table, WHOLE_ID, type Counter } from '../core/state/state.js';
import { notFound, nowInSeconds } from './answers.js';
import { defineArea, schemaRef } from './area.js';

export type StoredConfig = components['schemas']['LogsUploaderConfig'] & { id: number; client_id: number };
export type CdnTables = { configs: StoredConfig };

const CONFIG_IDS: Counter = { name: 'nextConfigId', first: 1, counts: 'config id' };

export const cdn = defineArea<CdnTables>({
  tables: {
    /** Config id -> the config. */
    configs: table<StoredConfig>({
      row: {
        type: 'object',
        allOf: [schemaRef('LogsUploaderConfig')],
        required: ['id', 'client_id'],
        properties: { id: WHOLE_ID, client_id: WHOLE_ID },
      },
      keyOf: (config) => String(config.id),
      ids: { [CONFIG_IDS.name]: (config) => config.id, [CLIENT_IDS.name]: (config) => config.client_id },
    }),
  },
  counters: [CONFIG_IDS],
  handlers: ({ store }) => {
    const { configs } = store.tables;
    return {
      createLogsUploaderConfig({ body, clientId }) {
        return store.transaction(() => {
          const now = nowInSeconds();
          const config = {
            ...body,
            id: nextId(store, CONFIG_IDS),
            client_id: clientId({ create: true })!,
            created: now,
            updated: now,
            status: { status: 'in_progress' as const, updated: now },
          };
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
  },
});
