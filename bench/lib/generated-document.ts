// A large OpenAPI 3.1 document made for the benchmarks: REST collections of their own schemas, five
// operations each (list with paging, create, read, update, delete), HTTP bearer auth and one error
// shape. Nothing in it repeats by $ref across collections but the error, as in large public documents
// whose resources each have their own schemas.
const OPERATIONS_PER_COLLECTION = 5;

const errorResponse = (description: string) => ({
  description,
  content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } },
});

function schemasOf(name: string) {
  const input = {
    type: 'object',
    required: ['name'],
    properties: {
      name: { type: 'string', maxLength: 100, description: `The ${name}'s name.`, examples: [`First ${name}`] },
      status: { type: 'string', enum: ['draft', 'active', 'archived'], description: 'Its state.' },
      tags: { type: 'array', items: { type: 'string', maxLength: 30 }, maxItems: 10, description: 'Labels.' },
      settings: {
        type: 'object',
        description: 'How it behaves.',
        properties: {
          enabled: { type: 'boolean', description: 'Whether it runs.' },
          limit: { type: 'integer', minimum: 1, maximum: 1000, description: 'How many at most.' },
        },
      },
    },
  };
  const output = {
    allOf: [
      { $ref: `#/components/schemas/${name}Input` },
      {
        type: 'object',
        required: ['id', 'created_at'],
        properties: {
          id: { type: 'integer', readOnly: true, description: 'Its id.', examples: [1] },
          created_at: { type: 'string', format: 'date-time', readOnly: true, description: 'When it was made.' },
        },
      },
    ],
  };
  return { [`${name}Input`]: input, [name]: output };
}

function pathsOf(index: number, name: string) {
  const ref = { $ref: `#/components/schemas/${name}` };
  const body = {
    required: true,
    content: { 'application/json': { schema: { $ref: `#/components/schemas/${name}Input` } } },
  };
  const one = (description: string) => ({ description, content: { 'application/json': { schema: ref } } });
  const idParameter = { name: 'id', in: 'path', required: true, schema: { type: 'integer', minimum: 1 } };
  const paging = ['offset', 'limit'].map((field) => ({
    name: field,
    in: 'query',
    schema: { type: 'integer', minimum: 0 },
  }));
  const tag = [`collection${index}`];
  return {
    [`/collection${index}`]: {
      get: {
        operationId: `list${name}s`,
        summary: `List the ${name}s`,
        tags: tag,
        parameters: paging,
        responses: {
          '200': { description: 'A page.', content: { 'application/json': { schema: { type: 'array', items: ref } } } },
          '401': errorResponse('No token.'),
        },
      },
      post: {
        operationId: `create${name}`,
        summary: `Make a ${name}`,
        tags: tag,
        requestBody: body,
        responses: { '201': one('Made.'), '400': errorResponse('Not valid.'), '401': errorResponse('No token.') },
      },
    },
    [`/collection${index}/{id}`]: {
      parameters: [idParameter],
      get: {
        operationId: `get${name}`,
        summary: `One ${name}`,
        tags: tag,
        responses: { '200': one('It.'), '404': errorResponse('None has that id.') },
      },
      patch: {
        operationId: `update${name}`,
        summary: `Change a ${name}`,
        tags: tag,
        requestBody: body,
        responses: { '200': one('Changed.'), '400': errorResponse('Not valid.'), '404': errorResponse('None.') },
      },
      delete: {
        operationId: `delete${name}`,
        summary: `Delete a ${name}`,
        tags: tag,
        responses: { '204': { description: 'Deleted.' }, '404': errorResponse('None has that id.') },
      },
    },
  };
}

/** A document of `operations` operations (a multiple of five), as an object to write as JSON. */
export function generatedDocument(operations: number): Record<string, unknown> {
  const collections = Math.ceil(operations / OPERATIONS_PER_COLLECTION);
  const names = Array.from({ length: collections }, (_, i) => `Thing${i}`);
  return {
    openapi: '3.1.0',
    info: { title: `Generated, ${collections * OPERATIONS_PER_COLLECTION} operations`, version: '1.0.0' },
    servers: [{ url: 'https://generated.example.test' }],
    security: [{ bearer: [] }],
    paths: Object.assign({}, ...names.map((name, i) => pathsOf(i, name))),
    components: {
      securitySchemes: { bearer: { type: 'http', scheme: 'bearer' } },
      schemas: {
        Error: {
          type: 'object',
          required: ['message'],
          properties: { message: { type: 'string', description: 'What went wrong.' } },
        },
        ...Object.assign({}, ...names.map(schemasOf)),
      },
    },
  };
}

/** The path of one operation's request in the generated document: a list, or an item by id. */
export const generatedPaths = (operations: number): string[] =>
  Array.from({ length: Math.ceil(operations / OPERATIONS_PER_COLLECTION) }, (_, i) => [
    `/collection${i}`,
    `/collection${i}/1`,
  ]).flat();
