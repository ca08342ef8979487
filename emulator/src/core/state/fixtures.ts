// The emulator's data: the built-in fixture set, or a file that replaces it, validated against the
// document when loaded. A bad fixture is an error naming the file and the field.
import type { OpenApiDocument } from 'cloud-platform-api/toolbox';
import { describeErrors, type ContractValidator } from 'cloud-platform-check/contract';
import { dictionary } from '../common/dictionary.js';
import { MAX_NESTING, nestingDepth } from '../document/nesting.js';
import { EmulatorError } from '../../emulator-error.js';

/** What the areas make of the fixtures: the schema of each top-level key, and the built-in set. */
export interface FixtureParts<F extends object> {
  schemas(document: OpenApiDocument): Record<string, object>;
  builtIn: F;
}

/** Fixtures the document refuses; the message names the source, the part, the field and the rule. */
export class FixtureError extends EmulatorError {
  override name = 'FixtureError';
}

/** Every top-level key of the areas is required, and no other is allowed. */
function fixtureSchema(schemas: Record<string, object>) {
  return { type: 'object', additionalProperties: false, required: Object.keys(schemas), properties: schemas };
}

/**
 * Fixtures ready to serve: every object a null-prototype one (a lookup by what a client names, such as
 * a flavor `constructor`, finds nothing), all frozen: fixtures never change while the emulator runs, so
 * they can be shared, and their JSON cached.
 */
export function prepared<T>(value: T): T {
  if (Array.isArray(value)) return Object.freeze(value.map(prepared)) as T;
  if (value === null || typeof value !== 'object') return value;
  return Object.freeze(dictionary(Object.entries(value).map(([key, child]) => [key, prepared(child)] as const))) as T;
}

/** Fixture sets checked against the document. */
export interface FixtureLoader<F> {
  /** The set the package ships, as it is: checked against the document by the tests, not on every start. */
  builtIn(): F;
  /** Fixtures from elsewhere (a file, a test), validated against the document; `source` names them in errors. */
  checked(value: unknown, source: string): F;
}

export function createFixtureLoader<F extends object>(
  document: OpenApiDocument,
  validator: ContractValidator,
  parts: FixtureParts<F>,
): FixtureLoader<F> {
  // Compiled when first needed: the built-in set needs no check at run time (a test checks it against the document).
  let validate: ReturnType<ContractValidator['compile']> | undefined;

  function checked(value: unknown, source: string): F {
    // Checked first: a value nested this deep could overflow the stack of the validator, or of the
    // serializer once it is served.
    if (nestingDepth(value) > MAX_NESTING)
      throw new FixtureError(`Invalid fixtures in ${source}: nested deeper than ${MAX_NESTING} levels`);
    validate ??= validator.compile(fixtureSchema(parts.schemas(document)));
    if (!validate(value)) {
      const issues = describeErrors(validate.errors).map((i) => `  ${i.path}: ${i.message} (${i.rule})`);
      throw new FixtureError(`Invalid fixtures in ${source}:\n${issues.join('\n')}`);
    }
    return prepared(value as F);
  }

  return { builtIn: () => prepared(parts.builtIn), checked };
}
