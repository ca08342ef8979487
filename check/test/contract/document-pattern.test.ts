// The document's patterns as the validator runs them (the emulator's request checks, the checker's
// answer checks, the field filter's patternProperties): the same verdicts as RegExp on patterns as
// documents write them, a backtracking pattern answered at once, and what no linear-time engine runs refused.
import { describe, expect, it } from 'vitest';
import { createContractValidator, documentPattern, DocumentPatternError } from '../../src/contract/index.js';

describe('documentPattern', () => {
  it.each([
    ['^[a-z0-9]([-a-z0-9]*[a-z0-9])?(\\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*$', ['example.com', 'a-b.c', '-a', 'a..b', '']],
    ['^\\d{3}-\\d{4}$', ['555-1234', '5551234', '555-12345']],
    ['[A-Z]', ['abc', 'aBc']],
    ['^\\p{Lu}', ['Élan', 'élan']],
    ['^.$', ['é', '😀', 'ab']],
    ['^[\\w.-]+@[\\w.-]+$', ['a.b@c.d', 'a b@c']],
    ['^(?<word>[a-z]+)$', ['abc', 'ab1']],
    ['\\/', ['a/b', 'ab']],
  ])('%s gives the verdicts RegExp gives', (source, texts) => {
    const native = new RegExp(source, 'u');
    for (const text of texts) expect([text, documentPattern(source).test(text)]).toEqual([text, native.test(text)]);
  });

  it('answers a backtracking pattern on the 43-byte attack at once', () => {
    expect(documentPattern('^(a+)+$').test(`${'a'.repeat(42)}!`)).toBe(false);
    expect(documentPattern('^(a+)+$').test('a'.repeat(42))).toBe(true);
  });

  it.each([['(?=a)a'], ['(?!a)b'], ['(a)\\1']])('refuses %s, naming it', (source) => {
    expect(() => documentPattern(source)).toThrow(DocumentPatternError);
    expect(() => documentPattern(source)).toThrow(JSON.stringify(source));
  });

  it('is what the validator checks a pattern with', () => {
    const document = {
      paths: {},
      components: { schemas: { Name: { type: 'string', pattern: '^(a+)+$' } } },
    };
    const validator = createContractValidator(document);
    expect(validator.check('#/components/schemas/Name', `${'a'.repeat(42)}!`)).toEqual([
      expect.objectContaining({ rule: 'pattern' }),
    ]);
  });
});
