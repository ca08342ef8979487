// What the emulator keeps of a request body whose schema is a union, however the document writes it: a
// field some branch declares is kept (by the branch the discriminator names, where it names each), and
// only a field no branch declares is dropped, listed in the journal; with strict, a valid body is never
// refused for a field a branch declares. Each case was answered 500 (an undiscriminated oneOf) or lost
// a declared field (anyOf branches, a oneOf in an allOf part) before.
import { describe, expect, it } from 'vitest';
import { createEmulator } from '../../src/index.js';
import { bundled } from '../helpers/emulator.js';

type Schema = Record<string, unknown>;

const shape = (kind: Schema, field: string): Schema => ({
  type: 'object',
  required: ['kind', field],
  properties: { kind, [field]: { type: 'integer' } },
});
const box = shape({ const: 'box' }, 'width');
const ball = shape({ const: 'ball' }, 'radius');
const undiscriminated: Schema = { oneOf: [box, ball] };
const components: Record<string, Schema> = {
  Box: shape({ type: 'string' }, 'width'),
  // A box with a radius is no ball: a ball has a weight too.
  Ball: { ...shape({ type: 'string' }, 'radius'), required: ['kind', 'radius', 'weight'] },
  Node: { type: 'object', properties: { next: { $ref: '#/components/schemas/Node' } } },
  Part: {
    type: 'object',
    properties: { shape: undiscriminated, parts: { type: 'array', items: { $ref: '#/components/schemas/Part' } } },
  },
};

/** The package's document with one operation more, createGadget, whose JSON body has this schema. */
function documentWithBody(schema: Schema) {
  const document = structuredClone(bundled);
  Object.assign(document.components.schemas!, components);
  document.paths['/gadgets/v1/gadgets'] = {
    post: {
      operationId: 'createGadget',
      tags: ['Gadgets'],
      summary: 'Create a gadget',
      requestBody: { required: true, content: { 'application/json': { schema } } },
      responses: {
        '201': {
          description: 'The gadget.',
          content: { 'application/json': { schema: { type: 'object' }, example: { id: 1 } } },
        },
        '400': {
          description: 'A refusal.',
          content: { 'application/json': { schema: { type: 'object', properties: { message: { type: 'string' } } } } },
        },
      },
    },
  };
  return document;
}

const CASES: [name: string, schema: Schema, body: unknown, dropped: string[]][] = [
  [
    'a oneOf whose branches give the discriminator a const: the named branch',
    { oneOf: [box, ball], discriminator: { propertyName: 'kind' } },
    { kind: 'ball', radius: 2, width: 3, colour: 'red' },
    ['body.width', 'body.colour'],
  ],
  [
    "a oneOf named by the discriminator's mapping alone: the fields of any branch",
    {
      oneOf: [{ $ref: '#/components/schemas/Box' }, { $ref: '#/components/schemas/Ball' }],
      discriminator: {
        propertyName: 'kind',
        mapping: { box: '#/components/schemas/Box', ball: '#/components/schemas/Ball' },
      },
    },
    { kind: 'box', width: 2, radius: 3, colour: 'red' },
    ['body.colour'],
  ],
  ['a oneOf without a discriminator', undiscriminated, { kind: 'ball', radius: 2, colour: 'red' }, ['body.colour']],
  [
    'anyOf branches that declare fields',
    { anyOf: [{ properties: { a: { type: 'integer' } } }, { properties: { b: { type: 'integer' } } }] },
    { a: 1, b: 2, c: 3 },
    ['body.c'],
  ],
  [
    'a oneOf in an allOf part',
    { allOf: [{ properties: { id: { type: 'integer' } } }, undiscriminated] },
    { id: 1, kind: 'box', width: 2, colour: 'red' },
    ['body.colour'],
  ],
  [
    'a union in a property, and in array items',
    { type: 'object', properties: { part: undiscriminated, list: { type: 'array', items: undiscriminated } } },
    { part: { kind: 'box', width: 1, colour: 'red' }, list: [{ kind: 'ball', radius: 1, hue: 2 }], extra: 1 },
    ['body.part.colour', 'body.list[0].hue', 'body.extra'],
  ],
  [
    'a branch that is a plain object: any field',
    { oneOf: [{ type: 'object' }, { type: 'string' }] },
    { anything: { at: 'all' } },
    [],
  ],
  [
    'anyOf branches that only require: no field beyond the listed ones',
    { type: 'object', properties: { a: { type: 'integer' } }, anyOf: [{ required: ['a'] }, { required: ['b'] }] },
    { a: 1, c: 2 },
    ['body.c'],
  ],
  [
    'a union in a recursive schema',
    { $ref: '#/components/schemas/Part' },
    { parts: [{ shape: { kind: 'box', width: 1, colour: 'red' } }] },
    ['body.parts[0].shape.colour'],
  ],
];

const send = (emulator: Awaited<ReturnType<typeof createEmulator>>, body: unknown) =>
  emulator.fetch('https://api.example.test/gadgets/v1/gadgets', {
    method: 'POST',
    headers: { authorization: 'apikey unions', 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });

describe('a request body whose schema is a union', () => {
  it.each(CASES)('%s: keeps what a branch declares, drops the rest', async (_, schema, body, dropped) => {
    const emulator = await createEmulator({ document: documentWithBody(schema), warn: () => {} });
    expect((await send(emulator, body)).status).toBe(201);
    expect(emulator.requests.list()[0]?.unknownFields ?? []).toEqual(dropped);
  });

  it.each(CASES)('%s: with strict, refuses only the fields no branch declares', async (_, schema, body, dropped) => {
    const emulator = await createEmulator({ document: documentWithBody(schema), strict: true, warn: () => {} });
    expect((await send(emulator, body)).status).toBe(dropped.length > 0 ? 400 : 201);
    expect((emulator.requests.list()[0]?.issues ?? []).map((issue) => issue.path)).toEqual(dropped);
  });
});

describe('an upstream answer through the proxy', () => {
  /** `{"a":{"a":...}}`, 5,000 levels deep: about 30 kB. */
  const deep = `${'{"a":'.repeat(5000)}1${'}'.repeat(5000)}`;
  it.each<[string, Schema]>([
    ['a free-form object', { type: 'object' }],
    ['a map of anything', { type: 'object', additionalProperties: true }],
  ])('nested 5,000 levels under %s is passed on, not answered 500', async (_, schema) => {
    const document = documentWithBody({ type: 'object' });
    document.paths['/gadgets/v1/gadgets']!.get = {
      operationId: 'getGadgets',
      tags: ['Gadgets'],
      summary: 'List gadgets',
      responses: { '200': { description: 'Gadgets.', content: { 'application/json': { schema } } } },
    };
    const upstream = async () => new Response(deep, { headers: { 'content-type': 'application/json' } });
    const emulator = await createEmulator({
      document,
      proxy: { baseUrl: 'http://upstream.test', fetch: upstream },
      warn: () => {},
    });
    const answer = await emulator.fetch('https://api.example.test/gadgets/v1/gadgets', {
      headers: { authorization: 'apikey unions' },
    });
    expect(answer.status).toBe(200);
    expect(await answer.text()).toBe(deep);
  });
});

describe('a body schema Ajv’s strict mode would call a mistake, though valid JSON Schema', () => {
  it.each<[string, Schema, unknown]>([
    [
      'a default in a oneOf branch',
      { oneOf: [{ type: 'object', properties: { a: { type: 'integer', default: 1 } } }, { type: 'string' }] },
      { a: 2 },
    ],
    [
      'if without then or else',
      { type: 'object', properties: { a: { type: 'integer' } }, if: { properties: { a: { const: 1 } } } },
      { a: 2 },
    ],
    [
      'a property a pattern also matches',
      { type: 'object', properties: { 'x-a': { type: 'integer' } }, patternProperties: { '^x-': { type: 'integer' } } },
      { 'x-a': 1 },
    ],
    [
      'minContains without contains',
      { type: 'object', properties: { list: { type: 'array', minContains: 1 } } },
      { list: [1] },
    ],
    [
      'an x- keyword and a format of its own',
      { type: 'object', 'x-kind': 'gadget', properties: { v: { type: 'string', format: 'semver' } } },
      { v: '1.0.0' },
    ],
  ])('is served: %s', async (_, schema, body) => {
    const emulator = await createEmulator({ document: documentWithBody(schema), warn: () => {} });
    expect((await send(emulator, body)).status).toBe(201);
  });
});

describe('a body under a recursive schema', () => {
  /** `{"next":{"next":...}}`: this many objects, one in the next. */
  const chain = (objects: number) => `${'{"next":'.repeat(objects - 1)}{}${'}'.repeat(objects - 1)}`;
  it.each([
    [1000, 201, undefined],
    [1001, 400, 'The body nests deeper than 1000 levels of fields the document declares'],
  ])('of %i levels is answered %i', async (objects, status, message) => {
    const emulator = await createEmulator({
      document: documentWithBody({ $ref: '#/components/schemas/Node' }),
      warn: () => {},
    });
    const answer = await emulator.fetch('https://api.example.test/gadgets/v1/gadgets', {
      method: 'POST',
      headers: { authorization: 'apikey unions', 'content-type': 'application/json' },
      body: chain(objects),
    });
    expect(answer.status).toBe(status);
    if (message) expect(((await answer.json()) as { message: string }).message).toContain(message);
  });
});
