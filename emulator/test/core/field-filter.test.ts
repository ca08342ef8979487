// The field filter on its own, a table of schemas as a document may write them and values they hold:
// what is kept (compared as own properties, so a `__proto__` field must be one) and which paths are
// dropped. Each row's schema is valid OpenAPI 3.1; the value is valid against it.
import type { OpenApiDocument } from 'cloud-platform-api/toolbox';
import { describe, expect, it } from 'vitest';
import { createFieldFilter } from '../../src/core/document/documented-fields.js';

type Schema = Record<string, unknown> | boolean;

const integer = { type: 'integer' };
const schemas: Record<string, Schema> = {
  Box: { type: 'object', properties: { kind: { type: 'string' }, width: integer } },
  Ball: { type: 'object', properties: { kind: { type: 'string' }, radius: integer } },
  'Thing One': { type: 'object', properties: { a: integer } },
  Free: { type: 'object' },
  Base: { type: 'object', properties: { id: integer } },
  Ext: { $ref: '#/components/schemas/Base', properties: { extra: integer } },
  Never: false,
  Anything: { description: 'Any object: its keys are not documented.' },
  Counts: { type: 'object', additionalProperties: integer },
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
    'a discriminator with a mapping alone (no proof, since validation does not check it): any branch',
    {
      type: 'object',
      properties: { kind: { type: 'string' } },
      oneOf: [{ $ref: '#/components/schemas/Box' }, { $ref: '#/components/schemas/Ball' }],
      discriminator: { propertyName: 'kind', mapping: { box: 'Box', ball: 'Ball' } },
    },
    { kind: 'box', width: 1, radius: 2, z: 3 },
    { kind: 'box', width: 1, radius: 2 },
    ['$.z'],
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
  [
    'a $ref to a schema with a $ref and properties',
    { $ref: '#/components/schemas/Ext' },
    { id: 1, extra: 2, z: 3 },
    { id: 1, extra: 2 },
    ['$.z'],
  ],
  [
    'a $ref to false, in an anyOf',
    { anyOf: [{ $ref: '#/components/schemas/Never' }, { type: 'object', properties: { a: integer } }] },
    { a: 1, b: 2 },
    { a: 1 },
    ['$.b'],
  ],
  [
    'an object or null, free-form',
    { type: 'object', properties: { meta: { type: ['object', 'null'] } } },
    { meta: { a: 1 } },
    { meta: { a: 1 } },
    [],
  ],
  [
    'a $ref with a description to a schema that lists nothing',
    { type: 'object', properties: { meta: { $ref: '#/components/schemas/Anything', description: 'Meta.' } } },
    { meta: { a: 1 } },
    { meta: { a: 1 } },
    [],
  ],
  [
    'patternProperties beside additionalProperties: false, followed',
    {
      type: 'object',
      properties: { a: integer },
      patternProperties: { '^x-': { type: 'object', properties: { r: integer } } },
      additionalProperties: false,
    },
    { a: 1, 'x-b': { r: 1, s: 2 } },
    { a: 1, 'x-b': { r: 1 } },
    ['$.x-b.s'],
  ],
  [
    'patternProperties: a name no pattern matches',
    { type: 'object', properties: { a: integer }, patternProperties: { '^x-': true } },
    { a: 1, foo: 2 },
    { a: 1 },
    ['$.foo'],
  ],
  [
    'prefixItems, then items',
    {
      type: 'array',
      prefixItems: [{ type: 'object', properties: { p: integer } }],
      items: { type: 'object', properties: { q: integer } },
    },
    [
      { p: 1, z: 0 },
      { q: 2, p: 3 },
    ],
    [{ p: 1 }, { q: 2 }],
    ['$[0].z', '$[1].p'],
  ],
  [
    'a name only required, holding anything',
    { type: 'object', properties: { a: integer }, required: ['a', 'b'] },
    { a: 1, b: { x: 1 }, c: 3 },
    { a: 1, b: { x: 1 } },
    ['$.c'],
  ],
  [
    'a name only in if',
    {
      type: 'object',
      properties: { a: integer },
      if: { properties: { b: { const: 1 } } },
      unevaluatedProperties: false,
    },
    { a: 1, b: 1 },
    { a: 1, b: 1 },
    [],
  ],
  [
    'a part shared by two branches, closed in the first',
    {
      anyOf: [
        { properties: { a: integer }, allOf: [{ $ref: '#/components/schemas/Counts' }], additionalProperties: false },
        { allOf: [{ $ref: '#/components/schemas/Counts' }] },
      ],
    },
    { zz: 1 },
    { zz: 1 },
    [],
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
