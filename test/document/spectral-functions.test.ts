// Unit tests of the project's own Spectral functions: each passes good input and flags bad input.
import { describe, expect, it } from 'vitest';
import mediaTypeExampled from '../../spectral/functions/mediaTypeExampled.js';
import operationSecured from '../../spectral/functions/operationSecured.js';
import propertiesHave from '../../spectral/functions/propertiesHave.js';

const context = { path: ['paths', '/x', 'post'] };

describe('operationSecured', () => {
  const paths = { '/a': { get: {}, post: { security: [] } }, '/b': { delete: { security: [{ key: [] }] } } };

  it('accepts operations that inherit the root requirement or name their own', () => {
    expect(operationSecured({ security: [{ key: [] }], paths: { '/a': { get: {} }, '/b': paths['/b'] } })).toEqual([]);
  });

  it('flags an operation that opts out with an empty list, and every operation when the root has none', () => {
    expect(operationSecured({ security: [{ key: [] }], paths }).map((r: { message: string }) => r.message)).toEqual([
      'POST /a has no security requirement',
    ]);
    expect(operationSecured({ paths }).map((r: { path: string[] }) => r.path)).toEqual([
      ['paths', '/a', 'get'],
      ['paths', '/a', 'post'],
    ]);
  });
});

describe('mediaTypeExampled', () => {
  it('accepts bodies with `example` or a non-empty `examples` map, and bodiless responses', () => {
    const operation = {
      requestBody: { content: { 'application/json': { example: {} } } },
      responses: {
        '200': { content: { 'application/json': { examples: { one: { value: 1 } } } } },
        '204': { description: 'none' },
      },
    };
    expect(mediaTypeExampled(operation, undefined, context)).toEqual([]);
  });

  it('flags each request or response body without an example, at its path', () => {
    const operation = {
      requestBody: { content: { 'application/json': { schema: {} } } },
      responses: { '4XX': { content: { 'application/json': { examples: {} } } } },
    };
    expect(mediaTypeExampled(operation, undefined, context)).toEqual([
      {
        message: 'The request body (application/json) has no example',
        path: [...context.path, 'requestBody', 'content', 'application/json'],
      },
      {
        message: 'The 4XX response (application/json) has no example',
        path: [...context.path, 'responses', '4XX', 'content', 'application/json'],
      },
    ]);
  });
});

describe('propertiesHave', () => {
  const options = { keywords: ['examples', 'example'] };

  it('accepts properties that carry one of the keywords', () => {
    expect(propertiesHave({ a: { examples: [1] }, b: { example: 'x' } }, options, context)).toEqual([]);
  });

  it('flags missing, empty and blank keywords by property name', () => {
    const result = propertiesHave(
      { a: {}, b: { examples: [] }, c: { description: '  ' } },
      { keywords: ['examples'] },
      context,
    );
    expect(result.map((r: { path: string[] }) => r.path.at(-1))).toEqual(['a', 'b', 'c']);
    expect(propertiesHave({ c: { description: '  ' } }, { keywords: ['description'] }, context)).toHaveLength(1);
  });
});
