// checkContract on a document whose request body gives no example (or one its schema refuses): the
// runner generates a body its schema allows instead of failing before any request, and the emulator
// serving the same document takes it.
import { createEmulator } from 'cloud-platform-emulator';
import { describe, expect, it } from 'vitest';
import { checkContract, formatReport } from '../../src/check/index.js';
import { loadBundledDocument } from '../../src/contract/bundled-document.js';

const WIDGET = {
  type: 'object',
  required: ['name', 'size'],
  properties: {
    name: { type: 'string', minLength: 3, description: 'Its name.' },
    size: { type: 'integer', minimum: 1, maximum: 9, description: 'Its size.' },
    tags: { type: 'array', items: { type: 'string', enum: ['red', 'blue'] } },
  },
};

/** The bundled document with one create more, its body given by `media` (a schema, perhaps an example). */
function withCreate(media: object) {
  const document = structuredClone(loadBundledDocument());
  document.paths['/widgets/v1/widgets'] = {
    post: {
      operationId: 'createWidget',
      summary: 'Create a widget',
      requestBody: { required: true, content: { 'application/json': media } },
      responses: {
        '201': {
          description: 'Created.',
          content: { 'application/json': { schema: { type: 'object' }, example: { id: 1 } } },
        },
        '4XX': {
          description: 'A client error.',
          content: { 'application/json': { schema: { type: 'object' }, example: { error: 'bad' } } },
        },
      },
    },
  };
  return document;
}

describe('a request body the document gives no usable example of', () => {
  it.each([
    ['no example at all', { schema: WIDGET }],
    ['a required field with no example', { schema: { ...WIDGET, example: { name: 'wid' } } }],
    ['an example the schema refuses', { schema: WIDGET, example: { name: 'w', size: 0 } }],
    ['a body behind a $ref with no example', { schema: { allOf: [WIDGET] } }],
  ])('%s: a body is generated from the schema, and the server takes it', async (_, media) => {
    const document = withCreate(media);
    const emulator = await createEmulator({ document, warn: () => {} });
    const sent: unknown[] = [];
    const result = await checkContract({
      document,
      // A loopback address, so no rate limit applies: the fetch never leaves the process.
      baseUrl: 'http://127.0.0.1:9',
      apiKey: 'any-key',
      seed: 5,
      maxRequests: 30,
      allowWrites: true,
      operations: ['createWidget'],
      fetch: async (input, init) => {
        const request = new Request(input, init);
        sent.push(
          await request
            .clone()
            .json()
            .catch(() => undefined),
        );
        return emulator.fetch(request);
      },
    });
    expect(result.failures, formatReport(result)).toEqual([]);
    expect(sent[0]).toMatchObject({ name: expect.any(String), size: expect.any(Number) });
    // The rules of the generated body's fields are broken one at a time, as for an example's.
    expect(result.requests).toBeGreaterThan(3);
  });
});
