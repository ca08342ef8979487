// Checks a whole state before the emulator uses it: a snapshot to import, or what a state file holds.
// Every row against its table's schema (the areas make them of the document's), no value nested past
// what can be served, each row under the key it names, every counter present, and every id with room
// for the next. A state that fails is refused with a StateFileError naming the source, the table, the
// row and the rule; nothing is replaced.
import { describeErrors, type ContractValidator } from 'cloud-platform-check/contract';
import type { ValidateFunction } from 'ajv/dist/2020.js';
import { assertSnapshotShape, StateFileError, type StateSnapshot } from '../../store/store.js';
import { MAX_NESTING, nestingDepth } from '../document/nesting.js';
import type { StateModel, TableSpec } from './state.js';

/** Throws StateFileError naming `source`, the table, the row and the rule, unless the state can be used whole. */
export type StateChecker = (snapshot: StateSnapshot, source: string) => void;

export function createStateChecker(validator: ContractValidator, model: StateModel): StateChecker {
  const names = Object.keys(model.tables);
  const validators = new Map<string, ValidateFunction>(
    Object.entries(model.tables).map(([name, spec]) => [name, validator.compile(spec.row)]),
  );

  function checkRow(
    name: string,
    spec: TableSpec<unknown>,
    key: string,
    row: unknown,
    fail: (rule: string) => never,
  ): void {
    if (nestingDepth(row) > MAX_NESTING) fail(`nested deeper than ${MAX_NESTING} levels`);
    const validate = validators.get(name)!;
    const documented = spec.documented && row !== null && typeof row === 'object' ? spec.documented(row) : row;
    if (!validate(documented)) {
      const issue = describeErrors(validate.errors)[0]!;
      fail(`${issue.path}: ${issue.message} (${issue.rule})`);
    }
    const ownKey = spec.keyOf?.(row);
    if (ownKey !== undefined && key !== ownKey) fail(`its key must be ${JSON.stringify(ownKey)}, which the row names`);
  }

  /** Throws StateFileError naming `source`, the table, the row and the rule, unless the state can be used whole. */
  return function checkState(snapshot: StateSnapshot, source: string): void {
    assertSnapshotShape(snapshot, source, names);
    for (const [name, spec] of Object.entries(model.tables)) {
      for (const [key, row] of snapshot.tables[name] ?? []) {
        checkRow(name, spec, key, row, (rule) => {
          throw new StateFileError(
            `${source}: table ${name}, row ${JSON.stringify(key)}: ${rule}; nothing was changed`,
          );
        });
      }
    }
    const counters = new Map(snapshot.tables.counters ?? []);
    for (const { name } of model.counters) {
      if (!counters.has(name))
        throw new StateFileError(
          `${source}: table counters has no row ${JSON.stringify(name)}, the next id to hand out; nothing was changed`,
        );
    }
  };
}
