// A `$ref` may name a schema by JSON pointer, by `$id` or by `$anchor`: the validator follows each. The
// document is registered without Ajv's walk for names where it has none, so each row is read both ways.
import { describe, expect, it } from 'vitest';
import { createContractValidator } from '../../src/contract/validator.js';

const NAME = { type: 'string', maxLength: 3 };

const ROWS = [
  ['a JSON pointer', { Name: NAME }, '#/components/schemas/Name'],
  ['an $id', { Name: { $id: 'https://example.test/name', ...NAME } }, 'https://example.test/name'],
  ['an $anchor', { Name: { $anchor: 'name', ...NAME } }, '#name'],
  [
    'an $id beside a pointer',
    { Name: NAME, Other: { $id: 'https://example.test/other' } },
    '#/components/schemas/Name',
  ],
] as const;

describe('the contract validator follows a $ref by', () => {
  it.each(ROWS)('%s', (_, schemas, ref) => {
    const document = { paths: {}, components: { schemas: { ...schemas, Target: { $ref: ref } } } };
    // Not strict, as the emulator reads a document: Ajv's strict mode calls `$anchor` an unknown keyword.
    const validator = createContractValidator(document, { strict: false });
    expect(validator.check('#/components/schemas/Target', 'abc')).toEqual([]);
    expect(validator.check('#/components/schemas/Target', 'abcd').map((issue) => issue.rule)).toEqual(['maxLength']);
    expect(validator.check('#/components/schemas/Target', 7).map((issue) => issue.rule)).toEqual(['type']);
  });
});
