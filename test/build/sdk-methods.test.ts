// The resource layer's reading of the document (scripts/lib/sdk-methods.ts): what each method takes and
// answers, and a document it cannot make methods of refused with the operation and the reason named.
import { describe, expect, it } from 'vitest';
import { apiReference, sdkMethodsDeclaration, sdkMethodsJson, sdkMethodsOf } from '../../scripts/lib/sdk-methods.js';
import type { OpenApiDocument } from '../../src/contract/document.js';
import { bundled } from '../../test-kit/document.js';

const object = (properties: Record<string, unknown>, required: string[] = []) => ({
  type: 'object',
  properties,
  required,
});

/** A document of one POST /things/{thing_id} operation, its parts replaced by `change`. */
function documentWith(change: Record<string, unknown> = {}): OpenApiDocument {
  return {
    paths: {
      '/things/{thing_id}': {
        post: {
          operationId: 'createThing',
          'x-sdk-method': 'things.items.create',
          summary: 'Create a thing',
          parameters: [
            { name: 'thing_id', in: 'path', required: true, schema: { type: 'integer' } },
            { name: 'dry_run', in: 'query', schema: { type: 'boolean' } },
          ],
          requestBody: {
            required: true,
            content: { 'application/json': { schema: object({ name: { type: 'string' } }, ['name']) } },
          },
          responses: { '200': { content: { 'application/json': { schema: { $ref: '#/components/schemas/Thing' } } } } },
          ...change,
        },
      },
    },
    components: { schemas: { Thing: object({ id: { type: 'integer' } }) } },
  };
}

describe('sdkMethodsOf', () => {
  it('reads the positional parameter, the object, the body and the answer', () => {
    expect(sdkMethodsOf(documentWith())).toEqual([
      {
        name: ['things', 'items', 'create'],
        operationId: 'createThing',
        summary: 'Create a thing',
        method: 'POST',
        path: '/things/{thing_id}',
        positional: { name: 'thing_id', type: 'integer' },
        params: [
          { name: 'dry_run', in: 'query', required: false, type: 'boolean' },
          { name: 'name', in: 'body', required: true, type: 'string' },
        ],
        query: ['dry_run'],
        body: 'required',
        paged: false,
        returns: 'Thing',
      },
    ]);
  });

  it.each([
    [
      'no x-sdk-method',
      { 'x-sdk-method': undefined },
      /POST \/things\/\{thing_id\} \(createThing\) has no x-sdk-method/,
    ],
    [
      'a body that is not an object',
      { requestBody: { content: { 'application/json': { schema: { type: 'array', items: { type: 'string' } } } } } },
      /createThing\): its body is not an object/,
    ],
    [
      'a body field named as a parameter',
      { requestBody: { content: { 'application/json': { schema: object({ dry_run: { type: 'string' } }) } } } },
      /"dry_run" is both a parameter and a body field/,
    ],
  ])('refuses an operation with %s, naming it', (_what, change, message) => {
    expect(() => sdkMethodsOf(documentWith(change))).toThrow(message);
  });

  it("marks a list read by `page` as paged, and a union body's fields required only where every branch requires them", () => {
    const [streams] = sdkMethodsOf(bundled).filter((m) => m.operationId === 'listStreams');
    expect(streams).toMatchObject({ paged: true, returns: 'LiveStream[]' });
    expect(streams!.positional).toBeUndefined();
    const [event] = sdkMethodsOf(bundled).filter((m) => m.operationId === 'addStorageEvent');
    expect(event!.params.filter((p) => p.required).map((p) => p.name)).toEqual(['name']);
  });
});

describe("the build's outputs", () => {
  const methods = sdkMethodsOf(documentWith());

  it('the run-time tree holds only what a call needs', () => {
    expect(JSON.parse(sdkMethodsJson(methods))).toEqual({
      things: {
        items: { create: { method: 'POST', path: '/things/{thing_id}', query: ['dry_run'], body: 'required' } },
      },
    });
  });

  it('the declaration names the operation, the positional parameter and the paging', () => {
    expect(sdkMethodsDeclaration(methods)).toContain(
      'create: { operationId: "createThing"; positional: "thing_id"; paged: false };',
    );
  });

  it('api.md lists the call, its HTTP line, what it takes and what it returns', () => {
    expect(apiReference(methods)).toContain(
      '| `client.things.items.create(thing_id, params, options?)` | `POST /things/{thing_id}` | `thing_id`: `integer` (path)<br>`dry_run?`: `boolean` (query)<br>`name`: `string` (body) | `Thing` |',
    );
  });
});
