// The call check on a document whose parameters use each style a place takes: what a client following
// the style sends is taken, and what breaks a rule, or cannot be read by its style at all, is a 400
// naming the parameter (its place and name) and the rule; nothing hostile is a 5xx.
import { beforeAll, describe, expect, it } from 'vitest';
import { createEmulator, type Emulator } from '../../src/index.js';
import { bundled } from '../helpers/emulator.js';

const ok = (example: unknown) => ({
  '200': { description: 'OK.', content: { 'application/json': { schema: {}, example } } },
  '4XX': { description: 'A client error.', content: { 'application/json': { schema: { type: 'object' } } } },
});
const query = (name: string, schema: object, more: object = {}) => ({ name, in: 'query', schema, ...more });
const strings = (values: string[]) => ({ type: 'array', items: { type: 'string', enum: values } });
const XY = {
  type: 'object',
  required: ['x', 'y'],
  properties: { x: { type: 'integer', minimum: 0 }, y: { type: 'integer', minimum: 0 } },
};

/** A document of our own, with this repository's apiKey scheme. */
const document = {
  openapi: '3.1.0',
  info: { title: 'Styles', version: '1.0.0' },
  security: [{ ApiKeyAuth: [] }],
  paths: {
    '/pets': {
      get: {
        operationId: 'listPets',
        parameters: [
          query('tags', strings(['dog', 'cat'])),
          query('ids', { type: 'array', items: { type: 'integer' } }, { explode: false }),
          query(
            'filter',
            { type: 'object', additionalProperties: false, properties: { age: { type: 'integer', minimum: 0 } } },
            { style: 'deepObject' },
          ),
          query('sort', strings(['name', 'age']), { style: 'pipeDelimited', explode: false }),
          query('near', { type: 'array', items: { type: 'number' } }, { style: 'spaceDelimited', explode: false }),
          query('limit', { type: 'integer', maximum: 50 }),
        ],
        responses: ok([]),
      },
    },
    '/pets/{petId}': {
      parameters: [{ name: 'petId', in: 'path', required: true, schema: { type: 'integer', minimum: 1 } }],
      get: { operationId: 'getPet', responses: ok({ id: 1 }) },
    },
    '/photos/{names}': {
      get: {
        operationId: 'getPhotos',
        parameters: [
          {
            name: 'names',
            in: 'path',
            required: true,
            style: 'label',
            explode: true,
            schema: strings(['front', 'side']),
          },
        ],
        responses: ok([]),
      },
    },
    '/rooms/{at}': {
      get: {
        operationId: 'getRoom',
        parameters: [{ name: 'at', in: 'path', required: true, style: 'matrix', explode: true, schema: XY }],
        responses: ok({}),
      },
    },
    '/me': {
      get: {
        operationId: 'getMe',
        parameters: [
          { name: 'X-Trace', in: 'header', required: true, schema: { type: 'string', minLength: 4 } },
          { name: 'X-Point', in: 'header', explode: true, schema: XY },
          { name: 'session', in: 'cookie', required: true, schema: { type: 'string', minLength: 3 } },
          { name: 'prefs', in: 'cookie', explode: false, schema: strings(['dark', 'big']) },
        ],
        responses: ok({}),
      },
    },
  },
  components: { securitySchemes: bundled.components.securitySchemes },
};

let emulator: Emulator;
beforeAll(async () => {
  emulator = await createEmulator({ document: document as never, warn: () => {} });
});

const ME = { 'x-trace': 'abcd', cookie: 'session=abc' };

async function send(path: string, headers: Record<string, string> = {}) {
  const response = await emulator.fetch(
    new Request(`http://emulator.test${path}`, { headers: { authorization: 'apikey k', ...headers } }),
  );
  const body = (await response.json().catch(() => undefined)) as { errors?: Record<string, string[]> } | undefined;
  return { status: response.status, errors: body?.errors };
}

describe('a request written by each style is taken', () => {
  it.each([
    ['one value of an exploded form list', '/pets?tags=dog'],
    ['two values of an exploded form list', '/pets?tags=dog&tags=cat'],
    ['a form list, explode false', '/pets?ids=1,2'],
    ['a deepObject', '/pets?filter[age]=3'],
    ['a deepObject, its brackets escaped', '/pets?filter%5Bage%5D=3'],
    ['pipeDelimited', '/pets?sort=name|age'],
    ['spaceDelimited', '/pets?near=1.5%202'],
    ['a path-item parameter', '/pets/7'],
    ['a label list', '/photos/.front.side'],
    ['a matrix object', '/rooms/;x=1;y=2'],
  ])('%s: %s', async (_, path) => {
    expect(await send(path)).toEqual({ status: 200, errors: undefined });
  });

  it('a header, an exploded header object and cookies', async () => {
    const headers = { ...ME, 'x-point': 'x=1, y=2', cookie: 'other=1; session=abc; prefs=dark,big' };
    expect(await send('/me', headers)).toEqual({ status: 200, errors: undefined });
  });

  it('hands the operation the values as read', async () => {
    let seen: unknown;
    const capture = (request: { query: unknown }) => {
      seen = request.query;
      return { status: 200, body: [] };
    };
    emulator.override('listPets' as never, capture as never, { count: 1 });
    expect((await send('/pets?ids=1,2&filter[age]=3&tags=dog&near=1%202.5')).status).toBe(200);
    expect(seen).toEqual({ ids: [1, 2], filter: { age: 3 }, tags: ['dog'], near: [1, 2.5] });
  });
});

describe('what breaks a rule, or cannot be read by its style, is a 400 naming the parameter and the rule', () => {
  it.each([
    ['an item of a list of integers', '/pets?ids=1,x', {}, 'query.ids[1]', 'type'],
    ['a value outside an enum', '/pets?tags=bird', {}, 'query.tags[0]', 'enum'],
    ['a deepObject property under its minimum', '/pets?filter[age]=-1', {}, 'query.filter.age', 'minimum'],
    [
      'a deepObject property not declared',
      '/pets?filter[__proto__]=1',
      {},
      'query.filter.__proto__',
      'additionalProperties',
    ],
    ['one value given twice', '/pets?limit=1&limit=2', {}, 'query.limit', 'maxItems'],
    ['a path-item parameter of the wrong type', '/pets/not-a-number', {}, 'path.petId', 'type'],
    ['a label without its dot', '/photos/front', {}, 'path.names', 'style'],
    ['a matrix object without its semicolon', '/rooms/x=1;y=2', {}, 'path.at', 'style'],
    ['a matrix object missing a property', '/rooms/;x=1', {}, 'path.at.y', 'required'],
    ['a header left out', '/me', { cookie: 'session=abc' }, 'header.X-Trace', 'required'],
    ['a header object of names without values', '/me', { ...ME, 'x-point': 'x' }, 'header.X-Point.x', 'type'],
    ['a cookie left out', '/me', { 'x-trace': 'abcd', cookie: 'other=1' }, 'cookie.session', 'required'],
    ['a cookie too short', '/me', { 'x-trace': 'abcd', cookie: 'session=a' }, 'cookie.session', 'minLength'],
    [
      'a cookie list item outside its enum',
      '/me',
      { ...ME, cookie: 'session=abc; prefs=dark,x' },
      'cookie.prefs[1]',
      'enum',
    ],
  ])('%s', async (_, path, headers, where, rule) => {
    const { status, errors } = await send(path, headers);
    expect(status).toBe(400);
    expect(Object.keys(errors ?? {})).toContain(where);
    expect(emulator.requests.list().at(-1)!.issues).toContainEqual(expect.objectContaining({ path: where, rule }));
  });

  it.each([
    ['a malformed escape in a label segment', '/photos/.%E0%A4%A'],
    ['a malformed escape in a matrix name', '/rooms/;%E0=1;y=2'],
  ])('%s: a 400 for the whole path', async (_, path) => {
    expect((await send(path)).status).toBe(400);
  });
});
