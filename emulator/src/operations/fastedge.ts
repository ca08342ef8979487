// Edge applications: the delete of an app (of the fixtures' apps).
import { deleteOrNotFound } from './answers.js';
import type { AreaContext, OperationHandler } from './types.js';

export function fastedgeHandlers({ store }: AreaContext): { deleteEdgeApp: OperationHandler<'deleteEdgeApp'> } {
  return {
    deleteEdgeApp({ params }) {
      deleteOrNotFound(store, store.tables.apps, String(params.id), `App ${params.id}`);
      return undefined;
    },
  };
}
