// Tool names from any document: each valid for every client ([A-Za-z0-9_.-], at most 64 characters),
// unique, a valid operationId kept as it is, any other made one by the documented rule (docs/mcp.md).
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { MAX_TOOL_NAME, type NamedOperation, toolNames } from '../src/tool-names.js';

const VALID = /^[A-Za-z0-9_.-]{1,64}$/;
const op = (operationId: string | undefined, method = 'GET', path = '/things'): NamedOperation => ({
  operationId,
  method,
  path,
});
const long = (letter: string) => `${'a'.repeat(70)}${letter.repeat(10)}`;

describe('toolNames', () => {
  it.each([
    ['a valid operationId, as it is', [op('getVideo')], ['getVideo']],
    ['dots and dashes are valid', [op('pets.list-all')], ['pets.list-all']],
    ['spaces, as one _ each run', [op('find pet  by id')], ['find_pet_by_id']],
    ['accents dropped', [op('créerAnimal')], ['creerAnimal']],
    ['slashes, braces and colons', [op('/pets/{id}:get')], ['pets_id_get']],
    ['no operationId: the method and path', [op(undefined, 'GET', '/pets/{petId}')], ['get_pets_petId']],
    ['no operationId at the root path', [op(undefined, 'POST', '/')], ['post']],
    ['an operationId of no valid character', [op('日本語', 'DELETE', '/a/b')], ['delete_a_b']],
    ['an empty operationId', [op('', 'PUT', '/x')], ['put_x']],
    ['too long: cut to 64', [op(long('b'))], [long('b').slice(0, 64)]],
    [
      'a valid operationId keeps its name; the one made the same gets _2, wherever it is',
      [op('find pet'), op('find_pet')],
      ['find_pet_2', 'find_pet'],
    ],
    ['an operationId written twice: _2 in the order given', [op('a'), op('a')], ['a', 'a_2']],
    [
      'two long ones alike in their first 64: the second cut to fit _2',
      [op(long('b')), op(long('c'))],
      [long('b').slice(0, 64), `${long('b').slice(0, 62)}_2`],
    ],
    ['a suffix already taken: the next one', [op('a_2'), op('a'), op('a!')], ['a_2', 'a', 'a_3']],
    [
      'no operationId, the same method and path once cleaned',
      [op(undefined, 'GET', '/a b'), op(undefined, 'GET', '/a_b')],
      ['get_a_b', 'get_a_b_2'],
    ],
  ])('%s', (_, operations, names) => {
    expect(toolNames(operations)).toEqual(names);
  });

  it('makes, for any operations, valid names of at most 64 characters, unique, keeping each valid operationId named once', () => {
    const operation = fc.record({
      operationId: fc.option(fc.oneof(fc.string({ maxLength: 80 }), fc.stringMatching(/^[a-z_]{1,70}$/)), {
        nil: undefined,
      }),
      method: fc.constantFrom('GET', 'POST', 'DELETE'),
      path: fc.string({ maxLength: 40 }).map((text) => `/${text}`),
    });
    fc.assert(
      fc.property(fc.array(operation, { maxLength: 30 }), (operations) => {
        const names = toolNames(operations);
        expect(names).toHaveLength(operations.length);
        for (const name of names) expect(name).toMatch(VALID);
        expect(new Set(names).size).toBe(names.length);
        const ids = operations.map((each) => each.operationId);
        operations.forEach(({ operationId }, i) => {
          const once = ids.indexOf(operationId) === ids.lastIndexOf(operationId);
          if (operationId !== undefined && VALID.test(operationId) && once) expect(names[i]).toBe(operationId);
        });
      }),
    );
    expect(MAX_TOOL_NAME).toBe(64);
  });
});
