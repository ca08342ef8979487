// operationParameters, the one reader of an operation's parameters, and every caller reading through it:
// on a document whose path item declares parameters, the routes (routing and validation), the path rules
// (the client's checks) and coverage's inputs all see the same parameters, the operation's own winning;
// and deriveRoutes finds a request body's schema where it is written, in the operation or behind `$ref`s.
import { describe, expect, it } from 'vitest';
import { operationParameters } from '../../src/contract/parameters.js';
import { pathRulesOf } from '../../src/contract/path-rules.js';
import { deriveRoutes } from '../../src/contract/routes.js';
import { resolveRef, type OpenApiDocument } from '../../src/contract/document.js';

const ok = { '200': { description: 'OK.' } };
const document = {
  openapi: '3.1.0',
  paths: {
    '/zones/{zone}/records/{record}': {
      parameters: [
        { name: 'zone', in: 'path', required: true, schema: { type: 'string', maxLength: 5 } },
        { $ref: '#/components/parameters/Record' },
        { name: 'page', in: 'query', schema: { type: 'integer' } },
        { name: 'trace', in: 'header', schema: { type: 'string' } },
        // OpenAPI: ignored, whatever the case of the name.
        { name: 'Authorization', in: 'header', required: true, schema: { type: 'string' } },
        { name: 'accept', in: 'header', schema: { type: 'string' } },
        { name: 'Content-Type', in: 'header', schema: { type: 'string' } },
      ],
      get: {
        operationId: 'getRecord',
        parameters: [{ name: 'page', in: 'query', required: true, schema: { type: 'integer', minimum: 1 } }],
        responses: ok,
      },
      delete: { operationId: 'deleteRecord', responses: ok },
    },
  },
  components: {
    parameters: { Record: { name: 'record', in: 'path', required: true, schema: { type: 'integer' } } },
  },
} as unknown as OpenApiDocument;

const ops = {
  getRecord: {
    path: '/zones/{zone}/records/{record}',
    method: 'GET',
    operation: document.paths['/zones/{zone}/records/{record}']!.get!,
  },
  deleteRecord: {
    path: '/zones/{zone}/records/{record}',
    method: 'DELETE',
    operation: document.paths['/zones/{zone}/records/{record}']!.delete!,
  },
};

describe('operationParameters', () => {
  it.each([
    [
      'getRecord',
      [
        ['path', 'zone', false, '#/paths/~1zones~1{zone}~1records~1{record}/parameters/0'],
        ['path', 'record', false, '#/components/parameters/Record'],
        ['query', 'page', true, '#/paths/~1zones~1{zone}~1records~1{record}/get/parameters/0'],
        ['header', 'trace', false, '#/paths/~1zones~1{zone}~1records~1{record}/parameters/3'],
      ],
    ],
    [
      'deleteRecord',
      [
        ['path', 'zone', false, '#/paths/~1zones~1{zone}~1records~1{record}/parameters/0'],
        ['path', 'record', false, '#/components/parameters/Record'],
        ['query', 'page', false, '#/paths/~1zones~1{zone}~1records~1{record}/parameters/2'],
        ['header', 'trace', false, '#/paths/~1zones~1{zone}~1records~1{record}/parameters/3'],
      ],
    ],
  ] as const)('%s: its path item’s and its own, its own winning', (id, expected) => {
    const found = operationParameters(document, ops[id]).map(({ parameter, at }) => [
      parameter.in,
      parameter.name,
      parameter.schema.minimum === 1,
      `#/${at.map((s) => s.replaceAll('~', '~0').replaceAll('/', '~1')).join('/')}`,
    ]);
    expect(found).toEqual(expected);
  });

  it('deriveRoutes routes and validates with them', () => {
    const routes = deriveRoutes(document);
    expect(routes.map((route) => route.parameters.map((p) => `${p.in} ${p.name} ${p.required}`))).toEqual([
      ['path zone true', 'path record true', 'query page true', 'header trace false'],
      ['path zone true', 'path record true', 'query page false', 'header trace false'],
    ]);
    expect(routes[0]!.parameters[2]!.schema).toBe('#/paths/~1zones~1{zone}~1records~1{record}/get/parameters/0/schema');
  });

  it('pathRulesOf reads the same path parameters', () => {
    expect(pathRulesOf(document)).toEqual({
      '/zones/{zone}/records/{record}': { zone: { type: 'string', maxLength: 5 }, record: { type: 'integer' } },
    });
  });
});

describe("coverage's inputs", () => {
  it('are the same parameters, then the body', async () => {
    const { inputsOf } = await import('../../check/src/check/coverage/inputs.js');
    const route = deriveRoutes(document)[0]!;
    expect(inputsOf(document, route).map((input) => `${input.in} ${input.name}`)).toEqual([
      'path zone',
      'path record',
      'query page',
      'header trace',
    ]);
  });
});

describe("deriveRoutes' request body", () => {
  const schema = { type: 'object', required: ['name'], properties: { name: { type: 'string' } } };
  const body = { content: { 'application/json': { schema } } };
  const withBody = (requestBody: object, requestBodies: object = {}) =>
    ({
      openapi: '3.1.0',
      paths: { '/things': { post: { operationId: 'createThing', requestBody, responses: ok } } },
      components: { requestBodies },
    }) as unknown as OpenApiDocument;

  it.each([
    ['written in the operation', withBody(body), '#/paths/~1things/post/requestBody/content/application~1json/schema'],
    [
      "the components' one, by $ref",
      withBody({ $ref: '#/components/requestBodies/Thing' }, { Thing: body }),
      '#/components/requestBodies/Thing/content/application~1json/schema',
    ],
    [
      'a $ref to a $ref',
      withBody(
        { $ref: '#/components/requestBodies/Alias' },
        { Alias: { $ref: '#/components/requestBodies/Thing' }, Thing: body },
      ),
      '#/components/requestBodies/Thing/content/application~1json/schema',
    ],
  ])('points at its schema where it is %s', (_, document, pointer) => {
    const [route] = deriveRoutes(document);
    expect(route!.body!.schema).toBe(pointer);
    expect(resolveRef(document, { $ref: route!.body!.schema })).toBe(schema);
  });
});
