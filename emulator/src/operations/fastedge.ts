// Edge applications: the delete of an app (of the fixtures' apps).
import { table } from '../core/state/state.js';
import { deleteOrNotFound } from './answers.js';
import { defineArea, parameterRef } from './area.js';
import builtIn from './fixtures/fastedge.json' with { type: 'json' };

export type FastedgeTables = { apps: true };
/** `apps`: the edge app ids that op 10 can delete. */
export type FastedgeFixtures = { apps: number[] };

export const fastedge = defineArea<FastedgeTables, FastedgeFixtures>({
  tables: {
    /** App id -> true while it exists. */
    apps: table<true>({ row: { const: true } }),
  },
  fixtures: {
    schema: () => ({ apps: { type: 'array', uniqueItems: true, items: parameterRef('AppId') } }),
    builtIn,
  },
  initialRows: (fixtures) => ({ apps: fixtures.apps.map((id) => [String(id), true]) }),
  handlers: ({ store }) => ({
    deleteEdgeApp({ params }) {
      deleteOrNotFound(store, store.tables.apps, String(params.id), `App ${params.id}`);
      return undefined;
    },
  }),
});
