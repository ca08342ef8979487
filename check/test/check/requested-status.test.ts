// The requests the runner adds to meet each documented status: one per other response key, asking for
// it with Prefer: code=NNN; a range asks for its first code the document does not declare apart.
import { describe, expect, it } from 'vitest';
import { deriveRoutes, type OpenApiDocument } from 'cloud-platform-api/toolbox';
import { exampleCase, requestedStatusCases } from '../../src/check/request-cases.js';

const withResponses = (codes: string[]) =>
  ({
    openapi: '3.1.0',
    info: { title: 't', version: '1' },
    paths: {
      '/x': {
        get: {
          operationId: 'getX',
          responses: Object.fromEntries(codes.map((code) => [code, { description: code }])),
        },
      },
    },
    components: {},
  }) as unknown as OpenApiDocument;

describe('requestedStatusCases', () => {
  it.each([
    ['each other code, not the success', ['200', '404', '503'], [404, 503]],
    ['a range, as its first code not declared apart', ['200', '400', '401', '4XX'], [400, 401, 402]],
    ['a 5XX range', ['200', '5XX'], [500]],
    ['nothing for default, whose status is any', ['200', 'default'], []],
    ['a 2XX range as 201, 200 being declared apart', ['200', '2XX'], [201]],
  ])('asks for %s', (_, codes, asked) => {
    const document = withResponses(codes);
    const cases = requestedStatusCases(exampleCase(document, deriveRoutes(document)[0]!));
    expect(cases.map((c) => c.requestedStatus)).toEqual(asked);
    for (const c of cases) expect(c.note).toMatch(/^the document's examples, asking for \w+ with Prefer: code=\d{3}$/);
  });
});
