// A response given by `$ref` to another operation's response, as a document bundled from several files
// has them (`#/paths/~1items/get/responses/401`): the pointers made from it name what is there, each
// token escaped once, not the `~01items` of an escaped token escaped again.
import { describe, expect, it } from 'vitest';
import { listOperations, refTarget, responseFor, type OpenApiDocument } from '../../src/contract/toolbox.js';

const problem = { type: 'object', properties: { message: { type: 'string' } } };
const document = {
  openapi: '3.1.0',
  info: { title: 'Refs', version: '1' },
  paths: {
    '/items': {
      get: {
        operationId: 'listItems',
        responses: {
          '401': {
            description: 'No key.',
            headers: { 'x-trace/id': { schema: { type: 'string' } } },
            content: { 'application/json': { schema: problem } },
          },
        },
      },
    },
    '/items/{id}': {
      get: { operationId: 'getItem', responses: { '404': { $ref: '#/paths/~1items/get/responses/401' } } },
    },
  },
} as unknown as OpenApiDocument;

describe('responseFor on a response given by $ref into paths', () => {
  const getItem = listOperations(document).find((op) => op.operationId === 'getItem')!;
  const found = responseFor(document, getItem, 404)!;

  it('points at its body schema where it is', () => {
    expect(found.jsonSchema).toBe('#/paths/~1items/get/responses/401/content/application~1json/schema');
    expect(refTarget(document, found.jsonSchema!)).toBe(problem);
  });

  it("points at its headers' schemas where they are", () => {
    const [header] = found.declaredHeaders;
    expect(refTarget(document, header!.schema!)).toEqual({ type: 'string' });
  });
});
