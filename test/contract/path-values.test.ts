// The path-value rules on their own: each keyword of a parameter's schema the check reads, both ways,
// and the rules as the build reads them from a document (the client's generated copy is one such read).
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { bundled } from '../../test-kit/document.js';
import { expandPath, pathRulesOf } from '../../src/contract/path-rules.js';
import { fillPath, pathValueProblem, type PathParameterRule } from '../../src/contract/path-values.js';

// [what, value, rule, the problem's start, or undefined when the value fits]
const table: [string, unknown, PathParameterRule, string | undefined][] = [
  ['an integer', 7, { type: 'integer' }, undefined],
  ['a digit string for an integer', '7', { type: 'integer' }, 'must be a safe integer'],
  ['an unsafe integer', 2 ** 53, { type: 'integer' }, 'must be a safe integer'],
  ['a string', 'abc', { type: 'string' }, undefined],
  ['a number for a string', 7, { type: 'string' }, 'must be a string'],
  ['either of two types', 'x', { type: ['integer', 'string'] }, undefined],
  ['in the enum', 'eu', { enum: ['eu', 'us'] }, undefined],
  ['outside the enum', 'asia', { enum: ['eu', 'us'] }, 'must be one of "eu", "us"'],
  ['matching the pattern', 'ab12', { pattern: '^[a-z]+\\d+$' }, undefined],
  ['not matching the pattern', '12ab', { pattern: '^[a-z]+\\d+$' }, 'must match the pattern'],
  ['too short', 'a', { minLength: 2 }, 'must be at least 2 characters'],
  ['too long', 'abc', { maxLength: 2 }, 'must be at most 2 characters'],
  ['below the minimum', 0, { minimum: 1 }, 'must be at least 1'],
  ['above the maximum', 11, { maximum: 10 }, 'must be at most 10'],
  ['a dot, whatever the rule', '.', {}, 'must not be empty, "." or ".."'],
  ['two dots, whatever the rule', '..', { type: 'string' }, 'must not be empty, "." or ".."'],
  ['empty', '', {}, 'must not be empty'],
  ['an object', { a: 1 }, {}, 'must be a string or a number, not an object'],
  ['an array', [1], {}, 'must be a string or a number, not an array'],
  ['null', null, {}, 'must be a string or a number, not null'],
  ['missing', undefined, {}, 'is required'],
  ['a list, for a list type', ['a', 1], { type: 'array' }, undefined],
  ['an object, for an object type', { a: 1 }, { type: ['object', 'null'] }, undefined],
  ['an empty list, for a list type', [], { type: 'array' }, 'must not be empty'],
  ['an empty object, for an object type', {}, { type: 'object' }, 'must not be empty'],
  ['a list holding an object', [{}], { type: 'array' }, 'must hold strings or numbers, not an object'],
  ['a list holding null', ['a', null], { type: 'array' }, 'must hold strings or numbers, not null'],
  ['a list, for an object type', ['a'], { type: 'object' }, 'must be a string or a number, not an array'],
];

describe('pathValueProblem', () => {
  it.each(table)('%s', (_what, value, rule, problem) => {
    const found = pathValueProblem(value, rule);
    if (problem === undefined) expect(found).toBeUndefined();
    else expect(found).toMatch(new RegExp(`^${problem.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`));
  });
});

describe('expandPath', () => {
  const rules = { '/zones/{zone}/records/{id}': { zone: { type: 'string' }, id: { type: 'integer' } } };

  it('encodes every value into its own segment', () => {
    expect(expandPath('/zones/{zone}/records/{id}', { zone: 'a/b?c#d', id: 3 }, rules)).toBe(
      '/zones/a%2Fb%3Fc%23d/records/3',
    );
  });

  it.each([
    [{ zone: '..', id: 3 }, 'path parameter zone of /zones/{zone}/records/{id} must not be empty'],
    [{ zone: 'x', id: '3' }, 'path parameter id of /zones/{zone}/records/{id} must be a safe integer'],
    [{ zone: 'x' }, 'path parameter id of /zones/{zone}/records/{id} is required'],
    [{ zone: 'x'.repeat(200), id: {} }, 'path parameter id of /zones/{zone}/records/{id} must be a string or a number'],
  ])('refuses %j naming the parameter and the rule', (values, message) => {
    expect(() => expandPath('/zones/{zone}/records/{id}', values, rules)).toThrow(message);
  });

  it('never quotes the refused value: a key given as an id by mistake stays out of the message', () => {
    const key = 'sk-live-0123456789abcdef';
    expect(() => expandPath('/x/{id}', { id: key }, { '/x/{id}': { id: { type: 'integer' } } })).toThrow(
      /^path parameter id of \/x\/\{id\} must be a safe integer$/,
    );
  });

  it.each([
    ['simple, the default', {}, ['a/b', 'c'], '/x/a%2Fb,c'],
    ['label, exploded', { style: 'label', explode: true }, ['a.b', 'c'], '/x/.a%2Eb.c'],
    ['matrix, an object exploded', { style: 'matrix', explode: true }, { x: 1, y: 2 }, '/x/;x=1;y=2'],
    ['matrix, one value', { style: 'matrix' }, 7, '/x/;id=7'],
  ])('writes a value by the style its rule names: %s', (_, style, value, path) => {
    const rules = { '/x/{id}': { id: { type: ['array', 'object', 'integer'], ...style } } };
    expect(expandPath('/x/{id}', { id: value }, rules)).toBe(path);
  });

  it('fillPath encodes without judging, for a sender that breaks a rule on purpose', () => {
    expect(fillPath('/x/{id}', () => 'not-an-integer')).toBe('/x/not-an-integer');
  });
});

describe('pathRulesOf', () => {
  it('reads each path parameter of the document, and is what the client carries', () => {
    const rules = pathRulesOf(bundled);
    const generated = JSON.parse(
      readFileSync(new URL('../../generated/path-parameters.json', import.meta.url), 'utf8'),
    );
    expect(generated).toEqual(rules);
    expect(rules['/streaming/videos/{video_id}']).toEqual({ video_id: { type: 'integer' } });
    for (const [template, parameters] of Object.entries(rules))
      expect(Object.keys(parameters).sort()).toEqual([...template.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort());
  });
});
