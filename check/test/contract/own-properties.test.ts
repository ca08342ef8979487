// A body is judged by its own fields only: a field the schema names that the body leaves out is absent,
// even where Object.prototype has a member of that name. Before, a body without an optional `toString`
// or `constructor` was refused ("must be string"), and a required `hasOwnProperty` counted as given.
import { describe, expect, it } from 'vitest';
import { createContractValidator } from '../../src/contract/validator.js';

const INHERITED = ['toString', 'constructor', 'valueOf', 'hasOwnProperty', '__proto__', 'isPrototypeOf'];

const validator = (schema: Record<string, unknown>) =>
  createContractValidator({ paths: {}, components: { schemas: { Target: schema } } }, { strict: false });

describe('the contract validator reads own properties only', () => {
  it.each(INHERITED)('an optional string field named %s, left out, is absent', (name) => {
    const check = validator({ type: 'object', properties: { [name]: { type: 'string' } } });
    expect(check.check('#/components/schemas/Target', {})).toEqual([]);
  });

  it.each(INHERITED)('a required field named %s, left out, is missing', (name) => {
    const check = validator({ type: 'object', required: [name], properties: { [name]: { type: 'string' } } });
    expect(check.check('#/components/schemas/Target', {}).map((issue) => issue.rule)).toEqual(['required']);
  });
});
