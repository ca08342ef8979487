// Inference: API keys (a name is taken once per project; the secret is answered once, never kept) and
// the deprecated delete of a deployment (of the fixtures' deployments).
import { randomHex } from '../core/random.js';
import { rowKey } from '../core/state.js';
import { deleteOrNotFound, HttpProblem, nowInSeconds } from './answers.js';
import type { AreaContext, OperationHandler } from './types.js';

export function inferenceHandlers({ store }: AreaContext): { createInferenceApiKey: OperationHandler<'createInferenceApiKey'>; deleteInferenceDeployment: OperationHandler<'deleteInferenceDeployment'> } {
  const { inferenceKeys, deployments } = store.tables;
  return {
    createInferenceApiKey({ params, body }) {
      const row = rowKey.inferenceKey(params.project_id, body.name);
      return store.transaction(() => {
        if (inferenceKeys.get(row)) throw new HttpProblem(409, `An API key named "${body.name}" already exists in project ${params.project_id}`);
        const key = { name: body.name, description: body.description ?? null, expires_at: body.expires_at ?? null, created_at: nowInSeconds(), deployment_names: [] };
        inferenceKeys.put(row, key);
        return { ...key, secret: randomHex(24) };
      });
    },
    deleteInferenceDeployment({ params }) {
      deleteOrNotFound(store, deployments, params.instance_id, `Inference instance "${params.instance_id}"`);
      return undefined;
    },
  };
}
