// The runner's requests on schemas fast-check cannot generate from as written (a pattern with \b, an empty
// union; lookaround and an empty enum the validator refuses first): every case is still made, without a
// throw, and each value called valid is one the document's validator takes.
import { describe, expect, it } from 'vitest';
import { deriveRoutes, type OpenApiDocument } from 'cloud-platform-api/toolbox';
import { createRequestJudge, exampleCase, invalidCases, randomValidCases } from '../../src/check/request-cases.js';
import { createContractValidator } from '../../src/contract/validator.js';

function documentWith(schema: object): OpenApiDocument {
  return {
    openapi: '3.1.0',
    info: { title: 'Hostile', version: '1.0.0' },
    paths: {
      '/things/{id}': {
        post: {
          operationId: 'makeThing',
          parameters: [
            { name: 'id', in: 'path', required: true, schema },
            { name: 'q', in: 'query', schema },
          ],
          requestBody: {
            required: true,
            content: { 'application/json': { schema: { type: 'object', properties: { field: schema } } } },
          },
          responses: { '201': { description: 'Made.' } },
        },
      },
    },
    components: {},
  } as unknown as OpenApiDocument;
}

describe('schemas the random values cannot follow as written', () => {
  it.each([
    ['a word boundary', { type: 'string', pattern: '\\bword\\b' }],
    ['an empty oneOf', { oneOf: [] }],
  ])('%s: every case is made, and a valid one is valid', (_, schema) => {
    const document = documentWith(schema);
    const judge = createRequestJudge(createContractValidator(document));
    const route = deriveRoutes(document)[0]!;
    const example = exampleCase(document, route, judge);
    const invalid = invalidCases(document, judge, example);
    const random = randomValidCases(document, judge, example, 1, 5);
    for (const valid of random) expect(judge(route, valid.params, valid.body)).toEqual([]);
    for (const each of invalid) expect(judge(route, each.params, each.body)).not.toEqual([]);
  });
});
