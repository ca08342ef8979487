// A request body schema with a union the emulator cannot follow (which branch's fields does a body keep?)
// is refused when the emulator is made, naming where, as an EmulatorOptionError: not answered 500 on each
// request. A discriminated union whose branches give their discriminator a const is followed, however
// deep or recursive.
import { describe, expect, it } from 'vitest';
import { createEmulator, EmulatorOptionError } from '../../src/index.js';
import { bundled } from '../helpers/emulator.js';

type Schema = Record<string, unknown>;

const branch = (kind: string | undefined, field: string): Schema => ({
  type: 'object',
  required: ['kind', field],
  properties: { kind: kind === undefined ? { type: 'string' } : { const: kind }, [field]: { type: 'integer' } },
});
const followable: Schema = {
  oneOf: [branch('box', 'width'), branch('ball', 'radius')],
  discriminator: { propertyName: 'kind' },
};
const withoutDiscriminator: Schema = { oneOf: [branch('box', 'width'), branch('ball', 'radius')] };
const branchWithoutConst: Schema = {
  oneOf: [branch('box', 'width'), branch(undefined, 'radius')],
  discriminator: { propertyName: 'kind' },
};
const inObject = (part: Schema): Schema => ({ type: 'object', properties: { part } });

/** The package's document with one operation more, createGadget, whose JSON body has this schema. */
function documentWithBody(schema: Schema, components: Schema = {}) {
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
      },
    },
  };
  return document;
}

const quiet = { warn: () => {} };

describe('a request body union the emulator cannot follow', () => {
  it.each<[string, Schema, RegExp]>([
    ['a oneOf without a discriminator', withoutDiscriminator, /request body of createGadget is a oneOf without/],
    [
      'a branch with no const for the discriminator',
      branchWithoutConst,
      /createGadget is a oneOf with a branch that gives "kind" no const/,
    ],
    ['one in a property', inObject(withoutDiscriminator), /request body of createGadget\.part is a oneOf/],
    [
      'one in array items',
      { type: 'array', items: withoutDiscriminator },
      /request body of createGadget\[\] is a oneOf/,
    ],
    ['one in a map', { type: 'object', additionalProperties: withoutDiscriminator }, /createGadget\.\* is a oneOf/],
    [
      'one inside a followed branch',
      {
        ...followable,
        oneOf: [
          branch('box', 'width'),
          { ...branch('ball', 'radius'), properties: { kind: { const: 'ball' }, radius: withoutDiscriminator } },
        ],
      },
      /createGadget\.radius is a oneOf/,
    ],
  ])('is refused when the emulator is made: %s', async (_, schema, message) => {
    const made = createEmulator({ document: documentWithBody(schema), ...quiet });
    await expect(made).rejects.toThrow(EmulatorOptionError);
    await expect(made).rejects.toThrow(message);
  });
});

describe('a request body union the emulator follows', () => {
  const recursive = {
    Part: {
      type: 'object',
      properties: { shape: followable, parts: { type: 'array', items: { $ref: '#/components/schemas/Part' } } },
    },
  };
  it.each<[string, Schema, Schema, unknown]>([
    ['a discriminated oneOf', followable, {}, { kind: 'ball', radius: 2, colour: 'red' }],
    [
      'one in a recursive schema',
      { $ref: '#/components/schemas/Part' },
      recursive,
      { parts: [{ shape: { kind: 'box', width: 1, colour: 'red' } }] },
    ],
  ])('is kept, the fields its branch does not declare dropped: %s', async (_, schema, components, body) => {
    const emulator = await createEmulator({ document: documentWithBody(schema, components), ...quiet });
    const answer = await emulator.fetch('https://api.example.test/gadgets/v1/gadgets', {
      method: 'POST',
      headers: { authorization: 'apikey unions', 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    expect(answer.status).toBe(201);
    const [entry] = emulator.requests.list();
    expect(entry?.unknownFields?.some((path) => path.endsWith('.colour'))).toBe(true);
  });
});
