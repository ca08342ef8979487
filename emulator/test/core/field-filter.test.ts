// The field filter on its own, a table of schemas as a document may write them and values they hold:
// what is kept (compared as own properties, so a `__proto__` field must be one) and which paths are
// dropped. Each row's schema is valid OpenAPI 3.1; the value is valid against it.
import type { OpenApiDocument } from 'cloud-platform-api/toolbox';
import { describe, expect, it } from 'vitest';
import { createFieldFilter } from '../../src/core/documented-fields.js';

type Schema = Record<string, unknown> | boolean;

const integer = { type: 'integer' };
const schemas: Record<string, Schema> = {
  Box: { type: 'object', properties: { kind: { type: 'string' }, width: integer } },
  Ball: { type: 'object', properties: { kind: { type: 'string' }, radius: integer } },
  'Thing One': { type: 'object', properties: { a: integer } },
  Free: { type: 'object' },
  Tree: { type: 'object', properties: { child: { $ref: '#/components/schemas/Tree' }, n: integer } },
};
const document = { openapi: '3.1.0', paths: {}, components: { schemas } } as unknown as OpenApiDocument;

/** `{"a":{"a":...}}`, this many levels deep. */
const nested = (levels: number): unknown => {
  let value: unknown = 1;
  for (let i = 0; i < levels; i += 1) value = { a: value };
  return value;
};

/** What a row keeps where nothing can be dropped at any depth: the value itself, not a copy. */
const ITSELF = Symbol('the value itself');

const ROWS: [name: string, schema: Schema, value: unknown, kept: unknown, dropped: string[]][] = [
  [
    'true as a property schema',
    { type: 'object', properties: { meta: true } },
    { meta: { a: 1 } },
    { meta: { a: 1 } },
    [],
  ],
  ['true as items', { type: 'array', items: true }, [{ a: 1 }], [{ a: 1 }], []],
  ['a free-form object 5,000 levels deep', { type: 'object' }, nested(5000), ITSELF, []],
  [
    'a name Object.prototype has, in an allOf part',
    { allOf: [{ properties: { constructor: { type: 'string' } } }] },
    { constructor: 'x', toString: 'y' },
    { constructor: 'x' },
    ['$.toString'],
  ],
  [
    'a declared __proto__, kept as an own field',
    JSON.parse(
      '{"type":"object","properties":{"__proto__":{"type":"object","properties":{"isAdmin":{"type":"boolean"}}}}}',
    ),
    JSON.parse('{"__proto__":{"isAdmin":true,"extra":1}}'),
    JSON.parse('{"__proto__":{"isAdmin":true}}'),
    ['$.__proto__.extra'],
  ],
  [
    'one name in two allOf parts: both schemas followed',
    {
      allOf: [
        { properties: { spec: { properties: { p: integer } } } },
        { properties: { spec: { properties: { q: integer } } } },
      ],
    },
    { spec: { p: 1, q: 2, r: 3 } },
    { spec: { p: 1, q: 2 } },
    ['$.spec.r'],
  ],
  [
    'an array in an anyOf branch',
    { anyOf: [{ type: 'array', items: { $ref: '#/components/schemas/Box' } }, { type: 'null' }] },
    [{ kind: 'box', width: 1, secret: 2 }],
    [{ kind: 'box', width: 1 }],
    ['$[0].secret'],
  ],
  ['an allOf of a plain object', { allOf: [{ $ref: '#/components/schemas/Free' }] }, { any: 1 }, { any: 1 }, []],
  [
    'a $ref with properties beside it',
    { $ref: '#/components/schemas/Box', properties: { colour: { type: 'string' } } },
    { kind: 'box', colour: 'red', x: 1 },
    { kind: 'box', colour: 'red' },
    ['$.x'],
  ],
  [
    'patternProperties',
    { type: 'object', properties: { a: integer }, patternProperties: { '^x-': true } },
    { a: 1, 'x-b': 2 },
    { a: 1, 'x-b': 2 },
    [],
  ],
  [
    'unevaluatedProperties, followed',
    { type: 'object', unevaluatedProperties: { $ref: '#/components/schemas/Box' } },
    { one: { kind: 'box', x: 1 } },
    { one: { kind: 'box' } },
    ['$.one.x'],
  ],
  [
    'then, else and dependentSchemas',
    {
      if: { properties: { a: { const: 1 } } },
      // biome-ignore lint/suspicious/noThenProperty: JSON Schema's keyword, in a schema never awaited
      then: { properties: { b: integer } },
      else: { properties: { c: integer } },
      dependentSchemas: { d: { properties: { e: integer } } },
    },
    { b: 1, c: 2, e: 3, f: 4 },
    { b: 1, c: 2, e: 3 },
    ['$.f'],
  ],
  ['a percent-encoded $ref', { $ref: '#/components/schemas/Thing%20One' }, { a: 1, b: 2 }, { a: 1 }, ['$.b']],
  [
    'a recursive schema',
    { $ref: '#/components/schemas/Tree' },
    { n: 1, child: { n: 2, child: { n: 3, x: 0 } } },
    { n: 1, child: { n: 2, child: { n: 3 } } },
    ['$.child.child.x'],
  ],
  [
    'a discriminator that maps bare names, beside the union’s own kind',
    {
      type: 'object',
      properties: { kind: { type: 'string' } },
      oneOf: [{ $ref: '#/components/schemas/Box' }, { $ref: '#/components/schemas/Ball' }],
      discriminator: { propertyName: 'kind', mapping: { box: 'Box', ball: 'Ball' } },
    },
    { kind: 'box', width: 1, radius: 2 },
    { kind: 'box', width: 1 },
    ['$.radius'],
  ],
  [
    'a discriminator whose two branches give one const: the fields of either',
    {
      oneOf: [
        { type: 'object', properties: { kind: { const: 'a' }, x: integer }, required: ['x'] },
        { type: 'object', properties: { kind: { const: 'a' }, y: integer }, required: ['y'] },
      ],
      discriminator: { propertyName: 'kind' },
    },
    { kind: 'a', y: 1, z: 2 },
    { kind: 'a', y: 1 },
    ['$.z'],
  ],
];

describe('the field filter', () => {
  const keep = createFieldFilter(document);
  it.each(ROWS)('%s', (_, schema, value, kept, dropped) => {
    const found: string[] = [];
    const result = keep(schema as never, value, '$', found);
    if (kept === ITSELF) expect(result).toBe(value);
    else expect(result).toStrictEqual(kept);
    expect(found).toEqual(dropped);
  });

  it('keeps a declared __proto__ as a field, never as the prototype', () => {
    const schema = JSON.parse(
      '{"type":"object","properties":{"__proto__":{"type":"object"},"name":{"type":"string"}}}',
    );
    const kept = keep(schema, JSON.parse('{"__proto__":{"isAdmin":true},"name":"n"}'), '$', []) as Record<
      string,
      unknown
    >;
    expect(Object.getPrototypeOf(kept)).toBe(Object.prototype);
    expect(kept.isAdmin).toBeUndefined();
    expect(JSON.stringify(kept)).toBe('{"__proto__":{"isAdmin":true},"name":"n"}');
  });
});
