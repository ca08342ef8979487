// printable(): what a peer sent, safe on one line. Text of printable ASCII is answered without a
// replace; everything else must come out as escaping each unprintable character would make it.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { printable } from '../../src/contract/printable.js';

const escapedByHand = (text: string) =>
  [...text]
    .map((char) => {
      const code = char.charCodeAt(0);
      const unprintable =
        code <= 0x1f ||
        (code >= 0x7f && code <= 0x9f) ||
        code === 0x2028 ||
        code === 0x2029 ||
        (code >= 0x202a && code <= 0x202e) ||
        (code >= 0x2066 && code <= 0x2069);
      return unprintable ? `\\u${code.toString(16).padStart(4, '0')}` : char;
    })
    .join('');

describe('printable', () => {
  it.each([
    ['plain ASCII, kept', '/streaming/videos/1444', '/streaming/videos/1444'],
    ['a space and a tilde, kept', 'a b~', 'a b~'],
    ['a backslash, kept', 'a\\u000a', 'a\\u000a'],
    ['a newline', 'a\nb', 'a\\u000ab'],
    ['DEL, the first past printable ASCII', 'a\u007f', 'a\\u007f'],

    ['a C1 control', '\u009b31m', '\\u009b31m'],
    ['a bidi override', 'x\u202ey', 'x\\u202ey'],
    ['a line separator', 'x\u2028y', 'x\\u2028y'],
    ['non-ASCII that prints, kept', 'café ✓', 'café ✓'],
    ['the empty text', '', ''],
  ])('%s', (_name, text, shown) => {
    expect(printable(text)).toBe(shown);
  });

  // Characters either side of each edge of the escaped ranges, and any other of the first 0x2100 code units.
  const edges = [
    0x1f, 0x20, 0x7e, 0x7f, 0x9f, 0xa0, 0x2027, 0x2028, 0x2029, 0x202a, 0x202e, 0x202f, 0x2065, 0x2066, 0x2069, 0x206a,
  ];
  const unit = fc.oneof(
    fc.constantFrom(...edges.map((code) => String.fromCharCode(code))),
    fc.integer({ min: 0, max: 0x2100 }).map((code) => String.fromCharCode(code)),
  );

  it('escapes exactly the unprintable characters of any text', () => {
    fc.assert(
      fc.property(fc.string({ unit, maxLength: 40 }), (text) => {
        expect(printable(text)).toBe(escapedByHand(text));
      }),
      { numRuns: 2000 },
    );
  });
});
