// Object storage notifications: a client's events (one of a kind per bucket and storage), and the
// configurator derived from the document's event schemas.
import { deriveConfigurator } from '../core/configurator.js';
import { rowKey } from '../core/state.js';
import { deleteOrNotFound, HttpProblem, notFound } from './answers.js';
import type { AreaContext, OperationHandler } from './types.js';

type StorageHandlers = {
  addStorageEvent: OperationHandler<'addStorageEvent'>;
  deleteStorageEvent: OperationHandler<'deleteStorageEvent'>;
  getStorageEventsConfigurator: OperationHandler<'getStorageEventsConfigurator'>;
};

export function storageHandlers({ document, store }: AreaContext): StorageHandlers {
  const configurator = deriveConfigurator(document);
  const { storageEvents } = store.tables;
  return {
    // Without `client_id` (optional live, and what the service then does is not documented), the
    // events are the caller's own: those of the client its token acts as.
    addStorageEvent({ query, body, clientId }) {
      return store.transaction(() => {
        const client = query.client_id ?? clientId({ create: true })!;
        const row = rowKey.storageEvent(client, body);
        if (storageEvents.get(row)) {
          throw new HttpProblem(409, `Client ${client} already has a ${body.name} event for bucket "${body.bucket_name}" of storage "${body.storage_name}"`);
        }
        storageEvents.put(row, body);
        return body;
      });
    },
    deleteStorageEvent({ query, body, clientId }) {
      const client = query.client_id ?? clientId();
      const what = `A ${body.name} event of ${client === undefined ? 'this client' : `client ${client}`} for bucket "${body.bucket_name}" of storage "${body.storage_name}"`;
      if (client === undefined) throw notFound(what);
      deleteOrNotFound(store, storageEvents, rowKey.storageEvent(client, body), what);
      return undefined;
    },
    getStorageEventsConfigurator() {
      return configurator;
    },
  };
}
