// Unit tests of the project's own Spectral functions: each passes good input and flags bad input.
import { describe, expect, it } from 'vitest';
import mediaTypeExampled from '../../spectral/functions/mediaTypeExampled.js';
import operationSecured from '../../spectral/functions/operationSecured.js';
import propertiesHave from '../../spectral/functions/propertiesHave.js';
import sdkMethodNamed from '../../spectral/functions/sdkMethodNamed.js';

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

describe('sdkMethodNamed', () => {
  const named = (...names: unknown[]) => ({
    paths: Object.fromEntries(
      names.map((name, i) => [`/p${i}`, { get: name === undefined ? {} : { 'x-sdk-method': name } }]),
    ),
  });
  const messages = (document: object) => sdkMethodNamed(document).map((r: { message: string }) => r.message);

  it('accepts well-formed names, each used once', () => {
    expect(sdkMethodNamed(named('streaming.videos.get', 'cdn.logsUploader.configs.create', 'dns.zones.get'))).toEqual(
      [],
    );
  });

  it.each([
    ['missing', undefined, /GET \/p0: x-sdk-method must be .* got null/],
    ['not a string', 42, /got 42/],
    ['an area and a method only', 'streaming.get', /got "streaming.get"/],
    ['snake_case', 'cdn.logs_uploader.configs.create', /got "cdn.logs_uploader/],
    ['capitalised', 'Streaming.videos.get', /got "Streaming/],
    ['an empty word', 'streaming..videos.get', /got "streaming..videos.get"/],
    ['a name that is code', 'streaming.videos.get()', /got "streaming.videos.get\(\)"/],
  ])('flags a name that is %s, at the operation', (_what, name, message) => {
    const results: { message: string; path: string[] }[] = sdkMethodNamed(named(name));
    expect(results).toHaveLength(1);
    expect(results[0]!.message).toMatch(message);
    expect(results[0]!.path.slice(0, 3)).toEqual(['paths', '/p0', 'get']);
  });

  it('flags a name used twice, naming the operation that has it first', () => {
    expect(messages(named('dns.zones.get', 'dns.zones.get'))).toEqual([
      "GET /p1: x-sdk-method dns.zones.get is also GET /p0's",
    ]);
  });

  it('flags a name that is both a method and a resource', () => {
    expect(messages(named('dns.zones.get', 'dns.zones.get.records'))).toEqual([
      "GET /p0: x-sdk-method dns.zones.get is a resource in GET /p1's dns.zones.get.records; a name is a method or a resource, not both",
    ]);
  });
});
