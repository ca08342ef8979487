// A document's schemas compile with what OpenAPI 3.1 allows beside JSON Schema's checks: OpenAPI's own
// annotations, `x-` extensions and formats Ajv does not know (annotations in 2020-12), wherever they
// are; `properties` without `type: object`. A misspelt keyword is still refused. Each case of the table
// threw "strict mode: ..." before, so an emulator of such a document answered 500.
import { describe, expect, it } from 'vitest';
import { createContractValidator } from '../../src/contract/validator.js';

type Schema = Record<string, unknown>;

const check = (schema: Schema, value: unknown, schemas: Record<string, Schema> = {}) =>
  createContractValidator({ paths: {}, components: { schemas: { ...schemas, Target: schema } } }).check(
    '#/components/schemas/Target',
    value,
  );

describe('the contract validator, given a document of its own', () => {
  it.each<[string, Schema, unknown, string[]]>([
    ['an x- extension', { type: 'object', 'x-internal': true }, 'text', ['type']],
    [
      'an x- extension in a property',
      { type: 'object', properties: { a: { type: 'integer', 'x-unit': 's' } } },
      { a: 'x' },
      ['type'],
    ],
    [
      'an x- extension in a property named default',
      { type: 'object', properties: { default: { type: 'integer', 'x-unit': 's' } } },
      { default: 'x' },
      ['type'],
    ],
    [
      "OpenAPI's example, xml and externalDocs",
      { type: 'integer', example: 1, xml: { name: 'n' }, externalDocs: { url: 'https://example.test/' } },
      'x',
      ['type'],
    ],
    ['a format Ajv does not know, an annotation', { type: 'string', format: 'semver' }, 'not a version', []],
    ['a format Ajv does not know, with its type still checked', { type: 'string', format: 'semver' }, 7, ['type']],
    [
      'properties in an anyOf part, without type: object',
      { anyOf: [{ properties: { a: { type: 'integer' } } }] },
      { a: 'x' },
      ['type'],
    ],
    ['properties without type: object', { properties: { a: { type: 'integer' } } }, { a: 1 }, []],
  ])('compiles %s, and checks the value', (_, schema, value, rules) => {
    expect(check(schema, value).map((issue) => issue.rule)).toEqual(rules);
  });

  const operation = (responses: Record<string, unknown>, extra: Record<string, unknown> = {}) => ({
    paths: { '/t': { get: { responses, ...extra } } },
    components: { parameters: { example: { name: 'e', in: 'query', schema: { type: 'integer', 'x-unit': 's' } } } },
  });
  const json = (schema: unknown) => ({ description: 'd', content: { 'application/json': { schema } } });
  it.each<[string, object, string, unknown, string[]]>([
    [
      'an x- key Ajv cannot take as a keyword, outside any schema',
      operation({ '200': json({ type: 'integer' }) }, { 'x-code.samples': [] }),
      '#/paths/~1t/get/responses/200/content/application~1json/schema',
      'x',
      ['type'],
    ],
    [
      'the default response, with an x- key and a format of its own',
      operation({
        default: json({
          type: 'object',
          'x-error-kind': 'generic',
          properties: { at: { type: 'string', format: 'my-fmt' } },
        }),
      }),
      '#/paths/~1t/get/responses/default/content/application~1json/schema',
      { at: 1 },
      ['type'],
    ],
    ['a parameter named example', operation({}), '#/components/parameters/example/schema', 'x', ['type']],
    [
      'prefixItems without minItems',
      operation({
        '200': json({ type: 'array', prefixItems: [{ type: 'string' }, { type: 'integer' }], items: false }),
      }),
      '#/paths/~1t/get/responses/200/content/application~1json/schema',
      ['a', 'b'],
      ['type'],
    ],
  ])('compiles %s', (_, document, pointer, value, rules) => {
    expect(
      createContractValidator(document)
        .check(pointer, value)
        .map((issue) => issue.rule),
    ).toEqual(rules);
  });

  it.each([
    ['a misspelt keyword', { type: 'object', requried: ['a'] }, /unknown keyword: "requried"/],
    ['a misspelt keyword in a property', { properties: { a: { tpye: 'string' } } }, /unknown keyword: "tpye"/],
  ])('still refuses %s', (_, schema, message) => {
    expect(() => check(schema, {})).toThrow(message);
  });
});
