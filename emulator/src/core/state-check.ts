// Checks a whole state before the emulator uses it: a snapshot to import, or what a state file holds.
// Every row against the document's schema for its table, no value nested past what can be served,
// both counters present and whole, and every id with room for the next. A state that fails is refused
// with a StateFileError naming the source, the table, the row and the rule; nothing is replaced.
import { describeErrors, documentRef, type ContractValidator } from 'cloud-platform-api/contract';
import type { ValidateFunction } from 'ajv/dist/2020.js';
import { assertSnapshotShape, StateFileError, TABLE_NAMES, type StateSnapshot, type TableName } from '../store/store.js';
import { MAX_NESTING, nestingDepth } from './nesting.js';
import { COUNTERS } from './state.js';

const MAX_ID = Number.MAX_SAFE_INTEGER;

/** The schema a row of each table must meet, from the document's own schemas. */
function rowSchemas(): Record<TableName, object> {
  const schema = (name: string) => documentRef('components', 'schemas', name);
  const wholeId = { type: 'integer', minimum: 0, maximum: MAX_ID - 1 };
  return {
    // A stored key is the creation answer without its secret, which is never kept.
    inferenceKeys: { allOf: [schema('InferenceApiKey')] },
    deployments: { const: true },
    configs: { type: 'object', allOf: [schema('LogsUploaderConfig')], required: ['id', 'client_id'], properties: { id: wholeId, client_id: wholeId } },
    clients: wholeId,
    apps: { const: true },
    storageEvents: schema('StorageEvent'),
    thresholds: { type: 'object', allOf: [schema('QuotaNotificationThreshold')], required: ['client_id'], properties: { client_id: wholeId } },
    counters: { type: 'integer', minimum: 1, maximum: MAX_ID },
  };
}

export function createStateChecker(validator: ContractValidator) {
  const validators = Object.fromEntries(Object.entries(rowSchemas()).map(([name, schema]) => [name, validator.compile(schema)])) as Record<TableName, ValidateFunction>;

  function checkRow(name: TableName, key: string, row: unknown, fail: (rule: string) => never): void {
    if (nestingDepth(row) > MAX_NESTING) fail(`nested deeper than ${MAX_NESTING} levels`);
    const validate = validators[name];
    const value = name === 'inferenceKeys' && row !== null && typeof row === 'object' ? { ...row, secret: 'never stored' } : row;
    if (!validate(value)) {
      const issue = describeErrors(validate.errors)[0]!;
      fail(`${issue.path}: ${issue.message} (${issue.rule})`);
    }
    if (name === 'configs' && key !== String((row as { id: number }).id)) fail(`its key must be its id, ${(row as { id: number }).id}`);
    if (name === 'thresholds' && key !== String((row as { client_id: number }).client_id)) fail(`its key must be its client_id`);
  }

  /** Throws StateFileError naming `source`, the table, the row and the rule, unless the state can be used whole. */
  return function checkState(snapshot: StateSnapshot, source: string): void {
    assertSnapshotShape(snapshot, source);
    for (const name of TABLE_NAMES) {
      for (const [key, row] of snapshot.tables[name] ?? []) {
        checkRow(name, key, row, (rule) => {
          throw new StateFileError(`${source}: table ${name}, row ${JSON.stringify(key)}: ${rule}; nothing was changed`);
        });
      }
    }
    const counters = new Map(snapshot.tables.counters ?? []);
    for (const counter of Object.values(COUNTERS)) {
      if (!counters.has(counter)) throw new StateFileError(`${source}: table counters has no row ${JSON.stringify(counter)}, the next id to hand out; nothing was changed`);
    }
  };
}

export type StateChecker = ReturnType<typeof createStateChecker>;
