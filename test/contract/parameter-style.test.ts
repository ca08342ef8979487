// The one reading of style and explode, both ways: every style, explode and shape OpenAPI lists (its Style
// Examples, the colour table) written as the table says and read back to the same value; the examples an
// issue gave; what cannot be read; and a property: whatever is written is read back as it was.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  parameterCoding,
  readParameters,
  serializeParameter,
  type ParameterCoding,
  type ParameterLocation,
  type ParameterSource,
} from '../../src/contract/parameter-style.js';

const SCHEMAS = {
  primitive: { type: 'string' },
  array: { type: 'array', items: { type: 'string' } },
  object: { type: 'object', properties: { R: { type: 'integer' }, G: { type: 'integer' }, B: { type: 'integer' } } },
};
const VALUES = { primitive: 'blue', array: ['blue', 'black', 'brown'], object: { R: 100, G: 200, B: 150 } };
type Shape = keyof typeof SCHEMAS;

const codingOf = (where: ParameterLocation, style: string, explode: boolean, schema: object, name = 'color') =>
  parameterCoding({}, { name, in: where, style, explode, schema });

/** The request a wire text makes, as an adapter hands it to the core: the query decoded, headers by lower-case name. */
function sourceOf(where: ParameterLocation, text: string, name = 'color'): ParameterSource {
  const query: Record<string, string | string[]> = Object.create(null);
  if (where === 'query')
    for (const [key, value] of new URLSearchParams(text)) {
      const before = query[key];
      query[key] = before === undefined ? value : Array.isArray(before) ? [...before, value] : [before, value];
    }
  return {
    path: where === 'path' ? { [name]: text } : {},
    query,
    headers: where === 'header' ? { [name]: text } : where === 'cookie' ? { cookie: text } : {},
  };
}

const readBack = (coding: ParameterCoding, text: string) => readParameters([coding], sourceOf(coding.in, text))[0];

// [in, style, explode, primitive, array, object]: OpenAPI 3.1's Style Examples; undefined where a style takes no such value.
const TABLE: [ParameterLocation, string, boolean, string | undefined, string | undefined, string][] = [
  ['path', 'simple', false, 'blue', 'blue,black,brown', 'R,100,G,200,B,150'],
  ['path', 'simple', true, 'blue', 'blue,black,brown', 'R=100,G=200,B=150'],
  ['path', 'label', false, '.blue', '.blue,black,brown', '.R,100,G,200,B,150'],
  ['path', 'label', true, '.blue', '.blue.black.brown', '.R=100.G=200.B=150'],
  ['path', 'matrix', false, ';color=blue', ';color=blue,black,brown', ';color=R,100,G,200,B,150'],
  ['path', 'matrix', true, ';color=blue', ';color=blue;color=black;color=brown', ';R=100;G=200;B=150'],
  ['query', 'form', false, 'color=blue', 'color=blue,black,brown', 'color=R,100,G,200,B,150'],
  ['query', 'form', true, 'color=blue', 'color=blue&color=black&color=brown', 'R=100&G=200&B=150'],
  ['query', 'spaceDelimited', false, undefined, 'color=blue%20black%20brown', 'color=R%20100%20G%20200%20B%20150'],
  ['query', 'pipeDelimited', false, undefined, 'color=blue|black|brown', 'color=R|100|G|200|B|150'],
  ['query', 'deepObject', true, undefined, undefined, 'color%5BR%5D=100&color%5BG%5D=200&color%5BB%5D=150'],
  ['header', 'simple', false, 'blue', 'blue,black,brown', 'R,100,G,200,B,150'],
  ['header', 'simple', true, 'blue', 'blue,black,brown', 'R=100,G=200,B=150'],
  ['cookie', 'form', false, 'color=blue', 'color=blue,black,brown', 'color=R,100,G,200,B,150'],
  ['cookie', 'form', true, 'color=blue', 'color=blue; color=black; color=brown', 'R=100; G=200; B=150'],
];

const ROWS = TABLE.flatMap(([where, style, explode, primitive, array, object]) =>
  (
    [
      ['primitive', primitive],
      ['array', array],
      ['object', object],
    ] as [Shape, string | undefined][]
  ).flatMap(([shape, text]) => (text === undefined ? [] : [{ where, style, explode, shape, text }])),
);

describe('each style, explode and shape, as OpenAPI writes them', () => {
  it.each(ROWS)('$where $style explode=$explode $shape: $text', ({ where, style, explode, shape, text }) => {
    const coding = codingOf(where, style, explode, SCHEMAS[shape]);
    expect(serializeParameter(coding, VALUES[shape])).toBe(text);
    expect(readBack(coding, text)).toEqual({ present: true, value: VALUES[shape] });
  });

  it.each([
    ['path', 'simple'],
    ['query', 'form'],
    ['header', 'simple'],
    ['cookie', 'form'],
  ] as const)('%s parameters default to style %s', (where, style) => {
    const coding = parameterCoding({}, { name: 'color', in: where, schema: SCHEMAS.array });
    expect([coding.style, coding.explode]).toEqual([style, style === 'form']);
  });

  it.each([undefined, false])('deepObject is exploded whatever explode says (%s)', (explode) => {
    const coding = parameterCoding(
      {},
      { name: 'color', in: 'query', style: 'deepObject', explode, schema: SCHEMAS.object },
    );
    expect(serializeParameter(coding, VALUES.object)).toBe('color%5BR%5D=100&color%5BG%5D=200&color%5BB%5D=150');
  });
});

describe('the examples the issue gave', () => {
  const tags = codingOf('query', 'form', true, { type: 'array', items: { type: 'string' } }, 'tags');
  const ids = codingOf('query', 'form', false, { type: 'array', items: { type: 'integer' } }, 'ids');
  const filter = codingOf('query', 'deepObject', true, { type: 'object', properties: { a: { type: 'integer' } } });
  it.each([
    ['one value of an exploded form list', tags, 'tags=dog', ['dog']],
    ['two values of an exploded form list', tags, 'tags=dog&tags=cat', ['dog', 'cat']],
    ['a list with explode false, its items read as integers', ids, 'ids=1,2', [1, 2]],
    ['a deepObject', { ...filter, name: 'filter' }, 'filter[a]=1', { a: 1 }],
  ])('%s', (_, coding, query, value) => {
    const [reading] = readParameters([coding], sourceOf('query', query));
    expect(reading).toEqual({ present: true, value });
  });

  it('an exploded object without declared properties takes the names no other parameter has', () => {
    const free = codingOf('query', 'form', true, { type: 'object', additionalProperties: true }, 'filter');
    const page = codingOf('query', 'form', true, { type: 'integer' }, 'page');
    expect(readParameters([free, page], sourceOf('query', 'page=2&x=1&y=b'))).toEqual([
      { present: true, value: { x: '1', y: 'b' } },
      { present: true, value: 2 },
    ]);
  });

  it('a content parameter travels as JSON text', () => {
    const coding = parameterCoding({}, { name: 'where', in: 'query', content: { 'application/json': { schema: {} } } });
    const text = serializeParameter(coding, { a: [1, 'x'] });
    expect(text).toBe('where=%7B%22a%22%3A%5B1%2C%22x%22%5D%7D');
    expect(readBack(coding, text)).toEqual({ present: true, value: { a: [1, 'x'] } });
  });
});

describe('what a reader cannot read, or reads as not sent', () => {
  const coding = (where: ParameterLocation, style: string, shape: Shape, explode = false) =>
    codingOf(where, style, explode, SCHEMAS[shape]);
  it.each([
    ['a malformed escape in a path', coding('path', 'simple', 'primitive'), '%E0%A4%A', 'encoding'],
    ['a label without its dot', coding('path', 'label', 'array'), 'blue,black', 'style'],
    ['a matrix without its semicolon', coding('path', 'matrix', 'primitive'), 'color=blue', 'style'],
    ['an object of names without values', coding('path', 'simple', 'object'), 'R,100,G', 'style'],
    ['one value given twice', coding('query', 'form', 'primitive'), 'color=a&color=b', 'maxItems'],
    ['a list not exploded given twice', coding('query', 'form', 'array'), 'color=a&color=b', 'maxItems'],
    [
      'JSON text that is not JSON',
      parameterCoding({}, { name: 'color', in: 'query', content: { 'application/json': {} } }),
      'color={',
      'content',
    ],
  ])('%s: a problem of rule %s', (_, c, text, rule) => {
    expect(readBack(c, text)).toMatchObject({ present: true, problem: { rule } });
  });

  it.each([
    ['an empty query value', coding('query', 'form', 'primitive'), 'color='],
    ['an exploded list of empty values', coding('query', 'form', 'array', true), 'color=&color='],
    ['a query without the name', coding('query', 'form', 'array'), 'other=1'],
    ['a deepObject with nothing in brackets', coding('query', 'deepObject', 'object', true), 'color[]=1'],
    ['no cookie header', coding('cookie', 'form', 'primitive'), ''],
  ])('%s: not sent', (_, c, text) => {
    expect(readBack(c, text)).toEqual({ present: false });
  });

  it('a property named __proto__ is a property, not the prototype', () => {
    const c = codingOf('query', 'deepObject', true, { type: 'object' });
    const reading = readBack(c, 'color[__proto__]=1&color[a]=2') as { value: Record<string, unknown> };
    expect(Object.getPrototypeOf(reading.value)).toBe(Object.prototype);
    expect(Object.hasOwn(reading.value, '__proto__')).toBe(true);
    expect(reading.value.a).toBe('2');
  });
});

// Every style each place takes. What the adapters decode before the core reads it (the query) or never
// escape (a header) cannot carry its own delimiter inside a value: those values leave it out.
const COMBINATIONS: [ParameterLocation, string, boolean, Shape[]][] = [
  ...(['simple', 'label', 'matrix'] as const).flatMap((style) =>
    [false, true].map((explode): [ParameterLocation, string, boolean, Shape[]] => [
      'path',
      style,
      explode,
      ['primitive', 'array', 'object'],
    ]),
  ),
  ['query', 'form', false, ['primitive', 'array', 'object']],
  ['query', 'form', true, ['primitive', 'array', 'object']],
  ['query', 'spaceDelimited', false, ['array', 'object']],
  ['query', 'pipeDelimited', false, ['array', 'object']],
  ['query', 'deepObject', true, ['object']],
  ['header', 'simple', false, ['primitive', 'array', 'object']],
  ['header', 'simple', true, ['primitive', 'array', 'object']],
  ['cookie', 'form', false, ['primitive', 'array', 'object']],
  ['cookie', 'form', true, ['primitive', 'array', 'object']],
];

const TYPED_OBJECT = {
  type: 'object',
  properties: { n: { type: 'integer' }, s: { type: 'string' }, b: { type: 'boolean' } },
};

/** Strings a place can carry: never empty (an empty value is no value), without the characters it splits on there. */
function text(where: ParameterLocation) {
  const unsafe = where === 'query' ? /[ ,|=[\]]/ : where === 'header' ? /[,=]|^\s|\s$/ : /^$/;
  return fc
    .string({ minLength: 1, maxLength: 8 })
    .filter((s) => !unsafe.test(s) && (where !== 'header' || /^[ -~]+$/.test(s)));
}

describe('a value written is read back as it was', () => {
  it.each(COMBINATIONS)('%s %s explode=%s', (where, style, explode, shapes) => {
    const word = text(where);
    const arbitraries = {
      primitive: fc.oneof(
        word.map((value) => ({ schema: { type: 'string' }, value })),
        fc.integer().map((value) => ({ schema: { type: 'integer' }, value })),
        fc.boolean().map((value) => ({ schema: { type: 'boolean' }, value })),
      ),
      array: fc.oneof(
        fc.array(word, { minLength: 1, maxLength: 4 }).map((value) => ({ schema: SCHEMAS.array, value })),
        fc
          .array(fc.integer(), { minLength: 1, maxLength: 4 })
          .map((value) => ({ schema: { type: 'array', items: { type: 'integer' } }, value })),
      ),
      object: fc
        .record({ n: fc.integer(), s: word, b: fc.boolean() }, { requiredKeys: [] })
        .filter((value) => Object.keys(value).length > 0)
        .map((value) => ({ schema: TYPED_OBJECT, value })),
    };
    fc.assert(
      fc.property(fc.oneof(...shapes.map((shape) => arbitraries[shape])), ({ schema, value }) => {
        const coding = codingOf(where, style, explode, schema);
        expect(readBack(coding, serializeParameter(coding, value))).toEqual({ present: true, value });
      }),
      { numRuns: 200 },
    );
  });
});
