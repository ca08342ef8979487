// withSafeIntegers: every integer schema of a request bounded to the safe range, on a copy that shares
// what it leaves alone with the document; the document given, examples and names kept as they are.
import { describe, expect, it } from 'vitest';
import type { OpenApiDocument } from 'cloud-platform-api/toolbox';
import { withSafeIntegers } from '../../src/core/document/safe-integers.js';

const SAFE = { maximum: Number.MAX_SAFE_INTEGER, minimum: Number.MIN_SAFE_INTEGER };

const documentOf = (schema: unknown) =>
  ({ openapi: '3.1.0', paths: {}, components: { schemas: { Thing: schema } } }) as unknown as OpenApiDocument;

describe('withSafeIntegers', () => {
  it.each([
    ['an integer', { type: 'integer' }, { type: 'integer', ...SAFE }],
    ['its own bounds kept', { type: 'integer', minimum: 1, maximum: 10 }, { type: 'integer', minimum: 1, maximum: 10 }],
    ['a type list', { type: ['integer', 'null'] }, { type: ['integer', 'null'], ...SAFE }],
    [
      'in properties and items',
      { properties: { ids: { type: 'array', items: { type: 'integer' } } } },
      { properties: { ids: { type: 'array', items: { type: 'integer', ...SAFE } } } },
    ],
    [
      'in allOf parts',
      { allOf: [{ type: 'string' }, { type: 'integer' }] },
      { allOf: [{ type: 'string' }, { type: 'integer', ...SAFE }] },
    ],
    [
      'never an example',
      { type: 'string', example: { type: 'integer' } },
      { type: 'string', example: { type: 'integer' } },
    ],
    ['a number left alone', { type: 'number' }, { type: 'number' }],
  ])('%s', (_, schema, bounded) => {
    const document = documentOf(schema);
    const before = structuredClone(document);
    expect(withSafeIntegers(document).components.schemas!.Thing).toEqual(bounded);
    expect(document).toEqual(before);
  });

  it('keeps a property named __proto__ a property', () => {
    const schema = JSON.parse('{"properties":{"__proto__":{"type":"integer"}}}');
    const properties = withSafeIntegers(documentOf(schema)).components.schemas!.Thing!.properties;
    expect(Object.getPrototypeOf(properties)).toBe(Object.prototype);
    expect(Object.getOwnPropertyDescriptor(properties, '__proto__')?.value).toEqual({ type: 'integer', ...SAFE });
  });

  it('shares what it leaves alone', () => {
    const untouched = { type: 'string' };
    const document = documentOf({ properties: { a: { type: 'integer' }, c: untouched } });
    const { properties } = withSafeIntegers(document).components.schemas!.Thing!;
    expect(properties.c).toBe(untouched);
  });
});
