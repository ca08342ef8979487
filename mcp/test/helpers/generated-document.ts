// Documents made for the tests of the MCP server on any document, shaped like public ones: resources
// with the five REST operations each, tags, schemas by $ref, and optionally one operation whose request
// body inlines to a schema of a given size (a large public API's largest is 180 KB).
import type { JsonObject, OpenApiDocument } from 'cloud-platform-api/toolbox';

const INFO = { title: 'Generated', version: '1.0.0' };

const json = (schema: JsonObject) => ({ content: { 'application/json': { schema } } });

/** A document of these paths only, in OpenAPI 3.1, with no components unless given. */
export const documentOf = (paths: JsonObject, components: JsonObject = {}): OpenApiDocument =>
  ({ openapi: '3.1.0', info: INFO, paths, components }) as OpenApiDocument;

/** An operation with only its success answer, a JSON object. */
export const answering = (more: JsonObject = {}): JsonObject => ({
  responses: { '200': { description: 'OK', ...json({ type: 'object' }) } },
  ...more,
});

/** A schema of properties with long descriptions, about `bytes` long as JSON. */
function largeSchema(bytes: number): JsonObject {
  const filler = 'A setting of the configuration, described at length as public documents do. '.repeat(3);
  const properties: JsonObject = {};
  for (let i = 0; JSON.stringify(properties).length < bytes; i++)
    properties[`setting_${i}`] = { type: 'string', maxLength: 200, description: `Setting ${i}. ${filler}` };
  return { type: 'object', properties };
}

/** The five operations of one resource, `things{n}`, tagged by it. */
function resource(n: number): JsonObject {
  const tags = [`Things ${n}`];
  const ref = { $ref: '#/components/schemas/Thing' };
  const id = { name: 'thingId', in: 'path', required: true, schema: { type: 'string', format: 'uuid' } };
  const answer = (status: string) => ({ [status]: { description: 'The thing.', ...json(ref) } });
  return {
    [`/things${n}`]: {
      get: { operationId: `listThings${n}`, tags, responses: answer('200') },
      post: {
        operationId: `createThing${n}`,
        tags,
        requestBody: { required: true, ...json(ref) },
        responses: answer('201'),
      },
    },
    [`/things${n}/{thingId}`]: {
      parameters: [id],
      get: { operationId: `getThing${n}`, tags, responses: answer('200') },
      put: { operationId: `replaceThing${n}`, tags, requestBody: json(ref), responses: answer('200') },
      delete: { operationId: `deleteThing${n}`, tags, responses: { '204': { description: 'Gone.' } } },
    },
  };
}

/**
 * A document of `operations` operations (a multiple of five): resources of five each, and, where
 * `largeBytes` is given, the first create's body a schema of about that size.
 */
export function generatedDocument(operations: number, largeBytes?: number): OpenApiDocument {
  const paths: JsonObject = {};
  for (let n = 1; n <= operations / 5; n++) Object.assign(paths, resource(n));
  const thing = {
    type: 'object',
    properties: { id: { type: 'string', format: 'uuid', readOnly: true }, name: { type: 'string' } },
  };
  const schemas: JsonObject = { Thing: thing };
  if (largeBytes !== undefined) {
    schemas.LargeConfig = largeSchema(largeBytes);
    paths['/things1'].post.requestBody = { required: true, ...json({ $ref: '#/components/schemas/LargeConfig' }) };
  }
  return documentOf(paths, { schemas });
}
