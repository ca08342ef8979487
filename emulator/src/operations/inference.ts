// Inference: API keys (a name is taken once per project; the secret is answered once, never kept) and
// the deprecated delete of a deployment (of the fixtures' deployments).
import type { components } from 'cloud-platform-api';
import { randomHex } from '../core/common/random.js';
import { table } from '../core/state/state.js';
import { deleteOrNotFound, HttpProblem, nowInSeconds } from './answers.js';
import { defineArea, parameterRef, schemaRef } from './area.js';
import builtIn from './fixtures/inference.json' with { type: 'json' };

/** A stored key: its creation answer without the secret, which is never kept. */
export type StoredKey = Omit<components['schemas']['InferenceApiKey'], 'secret'>;
export type InferenceTables = { inferenceKeys: StoredKey; deployments: true };
/** `deployments`: the inference deployments that op 2 can delete. */
export type InferenceFixtures = { deployments: string[] };

/** A key's row: [project id, name], a JSON array so that no part can run into the next. */
const keyRow = (project: number, name: string) => JSON.stringify([project, name]);

export const inference = defineArea<InferenceTables, InferenceFixtures>({
  tables: {
    /** [project id, key name] -> the key; a stored key is its creation answer without the secret. */
    inferenceKeys: table<StoredKey>({
      row: schemaRef('InferenceApiKey'),
      documented: (key) => ({ ...key, secret: 'never stored' }),
    }),
    /** Deployment name -> true while it exists. */
    deployments: table<true>({ row: { const: true } }),
  },
  fixtures: {
    schema: () => ({ deployments: { type: 'array', uniqueItems: true, items: parameterRef('InferenceInstanceId') } }),
    builtIn,
  },
  initialRows: (fixtures) => ({ deployments: fixtures.deployments.map((name) => [name, true]) }),
  handlers: ({ store }) => {
    const { inferenceKeys, deployments } = store.tables;
    return {
      createInferenceApiKey({ params, body }) {
        const row = keyRow(params.project_id, body.name);
        return store.transaction(() => {
          if (inferenceKeys.get(row))
            throw new HttpProblem(
              409,
              `An API key named "${body.name}" already exists in project ${params.project_id}`,
            );
          const key = {
            name: body.name,
            description: body.description ?? null,
            expires_at: body.expires_at ?? null,
            created_at: nowInSeconds(),
            deployment_names: [],
          };
          inferenceKeys.put(row, key);
          return { ...key, secret: randomHex(24) };
        });
      },
      deleteInferenceDeployment({ params }) {
        deleteOrNotFound(store, deployments, params.instance_id, `Inference instance "${params.instance_id}"`);
        return undefined;
      },
    };
  },
});
