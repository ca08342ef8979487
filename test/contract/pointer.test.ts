// JSON Pointers into the document, both ways, and what a $ref names: a URI fragment is percent-decoded
// (as Ajv reads a $ref), a plain pointer is not; ~1 and ~0 are unescaped after; jsonPointer's output
// reads back to its segments; refTarget follows one step, by own properties only.
import { describe, expect, it } from 'vitest';
import { refTarget } from '../../src/contract/document.js';
import { jsonPointer, pointerTokens } from '../../src/contract/pointer.js';

describe('pointerTokens', () => {
  it.each<[string, string[]]>([
    ['#', []],
    ['', []],
    ['#/components/schemas/Video', ['components', 'schemas', 'Video']],
    ['#/paths/~1a~1{b}/get', ['paths', '/a/{b}', 'get']],
    ['#/paths/~1things~1%7Bid%7D/get', ['paths', '/things/{id}', 'get']],
    ['#/components/schemas/Thing%20One', ['components', 'schemas', 'Thing One']],
    ['#/a/%7E1', ['a', '/']],
    ['#/a/100%', ['a', '100%']],
    ['#/a/%E0%A4%A', ['a', '%E0%A4%A']],
    ['/a/%7B', ['a', '%7B']],
    ['/m~0n', ['m~n']],
  ])('reads %j as %j', (pointer, tokens) => {
    expect(pointerTokens(pointer)).toEqual(tokens);
  });

  it.each([[['paths', '/a/{b}', 'get']], [['a~b', 'c/d', '100%', '%41']], [['components', 'schemas', 'Thing One']]])(
    'reads back what jsonPointer made of %j',
    (segments) => {
      expect(pointerTokens(jsonPointer(...segments))).toEqual(segments);
    },
  );
});

describe('refTarget', () => {
  const document = { components: { schemas: { Never: false, Video: { type: 'object' }, 'Thing One': {} } } };
  it.each<[string, unknown]>([
    ['#/components/schemas/Video', { type: 'object' }],
    ['#/components/schemas/Never', false],
    ['#/components/schemas/Thing%20One', {}],
    ['#/components/schemas/Missing', undefined],
    ['#/components/constructor', undefined],
    ['#/components/schemas/Video/type/length', undefined],
    ['other.yaml#/components/schemas/Video', undefined],
  ])('reads %s as %j, one step, by own properties only', ($ref, target) => {
    expect(refTarget(document, $ref)).toEqual(target);
  });
});
