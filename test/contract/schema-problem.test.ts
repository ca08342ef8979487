// The check a document's schemas pass before a tool takes them: every `$ref` they reach can be followed.
import { describe, expect, it } from 'vitest';
import { schemaProblem } from '../../src/contract/schema-problem.js';

const document = {
  paths: {},
  components: {
    schemas: {
      Node: { type: 'object', properties: { child: { $ref: '#/components/schemas/Node' } } },
      Self: { $ref: '#/components/schemas/Self' },
      PingA: { $ref: '#/components/schemas/PingB' },
      PingB: { $ref: '#/components/schemas/PingA' },
      ToMissing: { $ref: '#/components/schemas/Missing' },
      'a%b': { type: 'string' },
      Plain: { type: 'string' },
    },
  },
};

describe('schemaProblem', () => {
  it.each([
    ['a plain schema', { type: 'string' }, undefined],
    ['a schema that recurses through a property', { $ref: '#/components/schemas/Node' }, undefined],
    ['an escaped name', { $ref: '#/components/schemas/a%25b' }, undefined],
    ['a $ref-shaped example', { type: 'object', example: { $ref: 'https://x.test/y' } }, undefined],
    ['a $ref-shaped enum value', { enum: [{ $ref: '#/nowhere' }] }, undefined],
    ['a $ref to itself', { $ref: '#/components/schemas/Self' }, 'leads only to $refs'],
    ['two $refs to each other', { $ref: '#/components/schemas/PingA' }, 'leads only to $refs'],
    ['a URL', { $ref: 'https://schemas.example.test/thing.json' }, 'is not a reference inside the document'],
    ['another file', { $ref: 'thing.yaml#/Thing' }, 'is not a reference inside the document'],
    ['a malformed escape', { $ref: '#/components/schemas/%ZZ' }, 'has a malformed percent-escape'],
    ['a name no schema has', { $ref: '#/components/schemas/Nope' }, '"#/components/schemas/Nope" names nothing'],
    ['a $ref to a $ref that names nothing', { $ref: '#/components/schemas/ToMissing' }, 'Missing" names nothing'],
    [
      'a deep one, in a property named example',
      { type: 'object', properties: { example: { items: { $ref: '#/nope' } } } },
      '"#/nope" names nothing',
    ],
    ['one in allOf', { allOf: [{ $ref: '#/components/schemas/Plain' }, { $ref: '#/x' }] }, '"#/x" names nothing'],
  ])('%s', (_, schema, problem) => {
    const found = schemaProblem(document, schema);
    if (problem === undefined) expect(found).toBeUndefined();
    else expect(found).toContain(problem);
  });
});

describe('schemaProblem with a judge of patterns', () => {
  const refuseGroups = (source: string) => (source.includes('(') ? `the pattern ${source} is refused` : undefined);
  it.each([
    ['a plain pattern', { type: 'string', pattern: '^[a-z]+$' }, undefined],
    ['a refused pattern', { type: 'string', pattern: '^(a+)+$' }, 'the pattern ^(a+)+$ is refused'],
    ['a refused patternProperties name', { patternProperties: { '(x)': {} } }, 'the pattern (x) is refused'],
    ['one behind a $ref', { $ref: '#/components/schemas/Grouped' }, 'the pattern (g) is refused'],
    ['a property named pattern', { properties: { pattern: { type: 'string' } } }, undefined],
    ['a pattern in an example', { type: 'object', example: { pattern: '(x)' } }, undefined],
  ])('%s', (_, schema, problem) => {
    const withGrouped = { ...document, components: { schemas: { Grouped: { pattern: '(g)' } } } };
    expect(schemaProblem(withGrouped, schema, refuseGroups)).toBe(problem);
  });
});
