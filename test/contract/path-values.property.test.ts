// fillPath and pathValueProblem against the implementations they replaced (a regular expression run per
// fill; the rule's types made into an array per value): every caller (the client's serializePath, the
// checker's check-contract.ts, the MCP tools through the client) must get what it got before.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { fillPath, type PathParameterRule, pathValueProblem } from '../../src/contract/path-values.js';

const oldFillPath = (template: string, textOf: (name: string) => string) =>
  template.replace(/\{([^}]+)\}/g, (_, name: string) => encodeURIComponent(textOf(name)));

// Templates made mostly of the characters a template parses on, and regular expression syntax in names.
const template = fc.string({
  unit: fc.constantFrom('{', '}', '{}', 'a', 'b', '/', '$&', '.*', '\\', '(', '?', 'é', '%'),
});

describe('fillPath gives what the regular expression gave', () => {
  it.each([
    ['empty template', ''],
    ['empty braces', '/a/{}/b'],
    ['an unclosed brace', '/a/{x'],
    ['a stray closing brace', '/a/x}/{y}'],
    ['nested braces', '/a/{{x}}'],
    ['a repeated name', '/{x}/{x}'],
    ['regular expression characters in a name', '/{$&}/{.*}/{a(b}'],
    ['adjacent parameters', '{a}{b}'],
  ])('%s', (_, path) => {
    const textOf = (name: string) => `<${name}>/`;
    expect(fillPath(path, textOf)).toBe(oldFillPath(path, textOf));
  });

  it('for any template, twice (split once, then from the cache), with the names asked for in the same order', () => {
    fc.assert(
      fc.property(template, (path) => {
        // The text for a name says which fill asked for it: a fill out of order gives other text.
        const recorder = (names: string[]) => (name: string) => `v${names.push(name)}/${name}`;
        const asked: string[] = [];
        const before: string[] = [];
        const expected = oldFillPath(path, recorder(before));
        for (let round = 0; round < 2; round++) {
          asked.length = 0;
          const filled = fillPath(path, recorder(asked));
          expect(filled).toBe(expected);
          expect(asked).toEqual(before);
        }
      }),
      { numRuns: 2_000 },
    );
  });

  it('past the cache bound, a template is still filled right', () => {
    const textOf = (name: string) => name.toUpperCase();
    for (let i = 0; i < 1_500; i++) expect(fillPath(`/t${i}/{x}`, textOf)).toBe(`/t${i}/X`);
  });
});

const oldPathValueProblem = (value: unknown, rule: PathParameterRule) => {
  // Only the type check changed: the rest of a rule is left out, so the two differ nowhere else.
  const types = rule.type === undefined ? [] : [rule.type].flat();
  return types.length > 0 ? pathValueProblem(value, { ...rule, type: types }) : pathValueProblem(value, {});
};

describe('pathValueProblem judges types as before', () => {
  const typeName = fc.constantFrom('string', 'number', 'integer', 'boolean', 'object', '', 'null');
  it('for any value and type (a name or a list of names)', () => {
    fc.assert(
      fc.property(
        fc.oneof(fc.string(), fc.double(), fc.integer(), fc.boolean(), fc.constant(null), fc.object()),
        fc.option(fc.oneof(typeName, fc.array(typeName, { maxLength: 3 })), { nil: undefined }),
        (value, type) => {
          const rule: PathParameterRule = type === undefined ? {} : { type };
          expect(pathValueProblem(value, rule)).toBe(oldPathValueProblem(value, rule));
        },
      ),
      { numRuns: 2_000 },
    );
  });
});
