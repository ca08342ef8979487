// Object storage notifications: a client's events (one of a kind per bucket and storage), and the
// configurator derived from the document's event schemas.
import type { components } from 'cloud-platform-api';
import { deriveConfigurator } from './storage-configurator.js';
import { table } from '../core/state/state.js';
import { deleteOrNotFound, HttpProblem, notFound } from './answers.js';
import { defineArea, schemaRef } from './area.js';

type StorageEvent = components['schemas']['StorageEvent'];
export type StorageTables = { storageEvents: StorageEvent };

/** An event's row: the same event when kind, bucket and storage match, for the same client. */
const eventRow = (client: number, event: StorageEvent) =>
  JSON.stringify([client, event.name, event.bucket_name ?? null, event.storage_name ?? null]);

export const storage = defineArea<StorageTables>({
  tables: {
    /** [client id, kind, bucket, storage] -> the event. */
    storageEvents: table<StorageEvent>({ row: schemaRef('StorageEvent') }),
  },
  handlers: ({ document, store }) => {
    // Derived when first asked for: a document without this area's operations has none of its schemas.
    let configurator: ReturnType<typeof deriveConfigurator> | undefined;
    const { storageEvents } = store.tables;
    return {
      // Without `client_id` (optional live, and what the service then does is not documented), the
      // events are the caller's own: those of the client its token acts as.
      addStorageEvent({ query, body, clientId }) {
        return store.transaction(() => {
          const client = query.client_id ?? clientId({ create: true })!;
          const row = eventRow(client, body);
          if (storageEvents.get(row)) {
            throw new HttpProblem(
              409,
              `Client ${client} already has a ${body.name} event for bucket "${body.bucket_name}" of storage "${body.storage_name}"`,
            );
          }
          storageEvents.put(row, body);
          return body;
        });
      },
      deleteStorageEvent({ query, body, clientId }) {
        const client = query.client_id ?? clientId();
        const what = `A ${body.name} event of ${client === undefined ? 'this client' : `client ${client}`} for bucket "${body.bucket_name}" of storage "${body.storage_name}"`;
        if (client === undefined) throw notFound(what);
        deleteOrNotFound(store, storageEvents, eventRow(client, body), what);
        return undefined;
      },
      getStorageEventsConfigurator() {
        configurator ??= deriveConfigurator(document);
        return configurator;
      },
    };
  },
});
