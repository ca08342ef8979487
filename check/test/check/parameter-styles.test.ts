// checkContract against createEmulator({ document }) on a small document of our own whose parameters use
// every style a place takes (form lists both ways, deepObject, pipeDelimited, label, matrix, a header, a
// cookie, a path-item parameter) and whose bodies and parameters give no example: the runner writes each
// parameter as its style says, the emulator reads it back the same way, and no check fails.
import { createEmulator, type Emulator } from 'cloud-platform-emulator';
import { beforeAll, describe, expect, it } from 'vitest';
import { checkContract, formatReport, type CheckResult } from '../../src/check/index.js';
import { loadBundledDocument } from '../../src/contract/bundled-document.js';

const bundled = loadBundledDocument();

const PET = {
  type: 'object',
  required: ['id', 'name'],
  properties: {
    id: { type: 'integer', readOnly: true, minimum: 1 },
    name: { type: 'string', minLength: 1, maxLength: 20 },
    tag: { type: 'string', enum: ['dog', 'cat'] },
  },
};
const PET_EXAMPLE = { id: 1, name: 'Rex', tag: 'dog' };
const ERROR = { type: 'object', properties: { message: { type: 'string' } } };

const json = (schema: object, example?: unknown) => ({
  'application/json': { schema, ...(example === undefined ? {} : { example }) },
});
const answers = (status: string, schema: object, example: unknown) => ({
  [status]: { description: 'The answer.', content: json(schema, example) },
  '4XX': { description: 'A client error.', content: json(ERROR) },
});

const PET_ID = { name: 'petId', in: 'path', required: true, schema: { type: 'integer', minimum: 1 } };

/** A document of our own: this repository's apiKey scheme, every style, no examples but the answers'. */
function styledDocument() {
  return {
    openapi: '3.1.0',
    info: { title: 'Pets', version: '1.0.0' },
    security: [{ ApiKeyAuth: [] }],
    paths: {
      '/pets': {
        get: {
          operationId: 'listPets',
          parameters: [
            { name: 'tags', in: 'query', schema: { type: 'array', items: { type: 'string', enum: ['dog', 'cat'] } } },
            {
              name: 'ids',
              in: 'query',
              explode: false,
              schema: { type: 'array', items: { type: 'integer', minimum: 1 } },
            },
            {
              name: 'filter',
              in: 'query',
              style: 'deepObject',
              schema: { type: 'object', properties: { age: { type: 'integer', minimum: 0 } } },
            },
            {
              name: 'sort',
              in: 'query',
              style: 'pipeDelimited',
              explode: false,
              schema: { type: 'array', items: { type: 'string', enum: ['name', 'age'] } },
            },
            { name: 'X-Trace', in: 'header', required: true, schema: { type: 'string', pattern: '^[a-z0-9]{4,8}$' } },
            { name: 'session', in: 'cookie', required: true, schema: { type: 'string', minLength: 3 } },
          ],
          responses: answers('200', { type: 'array', items: PET }, [PET_EXAMPLE]),
        },
        post: {
          operationId: 'createPet',
          requestBody: { required: true, content: json(PET) },
          responses: answers('201', PET, PET_EXAMPLE),
        },
      },
      '/pets/{petId}': {
        parameters: [PET_ID],
        get: {
          operationId: 'getPet',
          responses: { ...answers('200', PET, PET_EXAMPLE), '503': { description: 'Busy.', content: json(ERROR) } },
        },
      },
      '/pets/{petId}/photos/{names}': {
        parameters: [PET_ID],
        get: {
          operationId: 'getPhotos',
          parameters: [
            {
              name: 'names',
              in: 'path',
              required: true,
              style: 'label',
              explode: true,
              schema: { type: 'array', minItems: 1, items: { type: 'string', enum: ['front', 'side'] } },
            },
          ],
          responses: answers('200', { type: 'array', items: { type: 'string' } }, ['front.jpg']),
        },
      },
      '/rooms/{at}': {
        get: {
          operationId: 'getRoom',
          parameters: [
            {
              name: 'at',
              in: 'path',
              required: true,
              style: 'matrix',
              explode: true,
              schema: {
                type: 'object',
                required: ['x', 'y'],
                properties: { x: { type: 'integer', minimum: 0 }, y: { type: 'integer', minimum: 0 } },
              },
            },
          ],
          responses: answers('200', { type: 'object' }, { free: true }),
        },
      },
    },
    components: { securitySchemes: bundled.components.securitySchemes },
  };
}

interface Sent {
  method: string;
  url: URL;
  headers: Headers;
  body: unknown;
}

let emulator: Emulator;
let result: CheckResult;
const sent: Sent[] = [];

beforeAll(async () => {
  const document = styledDocument() as never;
  emulator = await createEmulator({ document, warn: () => {} });
  result = await checkContract({
    document,
    // A loopback address, so no rate limit applies: the fetch never leaves the process.
    baseUrl: 'http://127.0.0.1:9',
    apiKey: 'any-key',
    seed: 3,
    maxRequests: 200,
    allowWrites: true,
    fetch: async (input, init) => {
      const request = new Request(input, init);
      const body = await request
        .clone()
        .json()
        .catch(() => undefined);
      sent.push({ method: request.method, url: new URL(request.url), headers: request.headers, body });
      return emulator.fetch(request);
    },
  });
}, 60_000);

const sentTo = (pathStart: string) => sent.filter(({ url }) => url.pathname.startsWith(pathStart));

describe('the checker on a document of parameter styles, against the emulator of it', () => {
  it('fails no check: every request it calls valid is taken, every one it calls invalid refused', () => {
    expect(result.failures, formatReport(result)).toEqual([]);
    expect(result.requests).toBeGreaterThan(40);
  });

  it('writes each query parameter by its style', () => {
    const queries = sentTo('/pets').map(({ url }) => url.search);
    expect(queries.some((q) => /[?&]ids=\d+(,\d+)+(&|$)/.test(q))).toBe(true);
    expect(queries.some((q) => /[?&]tags=\w+&tags=\w+/.test(q))).toBe(true);
    expect(queries.some((q) => /[?&]filter%5Bage%5D=\d+/.test(q))).toBe(true);
    expect(queries.some((q) => /[?&]sort=\w+\|\w+/.test(q))).toBe(true);
  });

  it('leaves each required header and cookie out once (the emulator refusing it is invalid-rejected)', () => {
    const lists = sent.filter(({ method, url }) => method === 'GET' && url.pathname === '/pets');
    expect(lists.some(({ headers }) => !headers.has('x-trace'))).toBe(true);
    expect(lists.some(({ headers }) => !(headers.get('cookie') ?? '').includes('session='))).toBe(true);
  });

  it('sends the header and the cookie parameters', () => {
    const lists = sent.filter(({ method, url }) => method === 'GET' && url.pathname === '/pets');
    expect(lists.some(({ headers }) => /^[a-z0-9]{4,8}$/.test(headers.get('x-trace') ?? ''))).toBe(true);
    expect(lists.some(({ headers }) => /^session=[^;]{3,}/.test(headers.get('cookie') ?? ''))).toBe(true);
  });

  it('writes label and matrix path segments, and never an empty segment', () => {
    const paths = sent.map(({ url }) => url.pathname);
    expect(paths.some((p) => /^\/pets\/\d+\/photos\/\.(front|side)(\.(front|side))*$/.test(p))).toBe(true);
    expect(paths.some((p) => /^\/rooms\/;x=\d+;y=\d+$/.test(p))).toBe(true);
    expect(paths.filter((p) => p.includes('//') || p.endsWith('/'))).toEqual([]);
  });

  it('generates a body from the schema where the document has no example, its readOnly id left out', () => {
    const creates = sent.filter(({ method }) => method === 'POST');
    const bodies = creates.map(({ body }) => body).filter((body) => body !== undefined && body !== null);
    expect(bodies.some((body) => typeof (body as { name?: unknown }).name === 'string')).toBe(true);
    expect(bodies.filter((body) => typeof body === 'object' && Object.hasOwn(body as object, 'id'))).toEqual([]);
  });

  it("counts coverage of the given document's parameters, the path item's among them", () => {
    const inputs = (id: string) =>
      result.coverage.operations.find((op) => op.operationId === id)!.parameters.map((p) => [p.in, p.name, p.sent]);
    expect(inputs('listPets')).toEqual([
      ['query', 'tags', true],
      ['query', 'ids', true],
      ['query', 'filter', true],
      ['query', 'sort', true],
      ['header', 'X-Trace', true],
      ['cookie', 'session', true],
    ]);
    expect(inputs('getPhotos')).toEqual([
      ['path', 'petId', true],
      ['path', 'names', true],
    ]);
  });

  it('asks for each other declared status, which the emulator injects, and counts it met by a fault only', () => {
    const getPet = result.coverage.operations.find((op) => op.operationId === 'getPet')!;
    expect(sent.some(({ headers }) => headers.get('prefer') === 'code=503')).toBe(true);
    expect(getPet.statuses.faultOnly).toEqual(['503']);
    expect(getPet.statuses.seen).toEqual(['200', '503', '4XX']);
  });

  it("keeps the emulator's journal and coverage of the given document", () => {
    const journal = emulator.requests.list();
    expect(new Set(journal.map((entry) => entry.operationId))).toEqual(
      new Set(['listPets', 'createPet', 'getPet', 'getPhotos', 'getRoom']),
    );
    const covered = emulator.coverage().operations.find((op) => op.operationId === 'listPets')!;
    expect(covered.parameters.filter((p) => p.in === 'query').every((p) => p.sent)).toBe(true);
  });
});
