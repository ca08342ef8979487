// oneSidedDocument: a required readOnly property is not required of a request, a required writeOnly one
// not of an answer, however the property is reached; data is never rewritten; a document with nothing to
// leave out comes back as the same object.
import { describe, expect, it } from 'vitest';
import type { OpenApiDocument } from 'cloud-platform-api/toolbox';
import { oneSidedDocument } from '../../src/contract/one-sided-required.js';
import { loadBundledDocument } from '../../src/contract/bundled-document.js';

const documentOf = (schema: object, more: object = {}) =>
  ({ openapi: '3.1.0', paths: {}, components: { schemas: { Thing: schema, ...more } } }) as unknown as OpenApiDocument;
const requiredOf = (document: OpenApiDocument) => document.components.schemas!.Thing!.required;

const ID = { type: 'integer', readOnly: true };
const SECRET = { type: 'string', writeOnly: true };

describe('oneSidedDocument', () => {
  it.each([
    [
      'a readOnly property, for a request',
      { required: ['id', 'name'], properties: { id: ID, name: {} } },
      'request',
      ['name'],
    ],
    [
      'a readOnly property, for an answer',
      { required: ['id', 'name'], properties: { id: ID, name: {} } },
      'response',
      ['id', 'name'],
    ],
    [
      'a writeOnly property, for an answer',
      { required: ['secret', 'name'], properties: { secret: SECRET, name: {} } },
      'response',
      ['name'],
    ],
    [
      'a writeOnly property, for a request',
      { required: ['secret'], properties: { secret: SECRET } },
      'request',
      ['secret'],
    ],
    [
      'readOnly in what a $ref names',
      { required: ['id'], properties: { id: { $ref: '#/components/schemas/Id' } } },
      'request',
      [],
    ],
    [
      'readOnly beside a $ref',
      { required: ['id'], properties: { id: { $ref: '#/components/schemas/Name', readOnly: true } } },
      'request',
      [],
    ],
    ['a property of an allOf part', { required: ['id'], allOf: [{ properties: { id: ID } }] }, 'request', []],
    ['a property the schema does not declare', { required: ['other'], properties: { id: ID } }, 'request', ['other']],
  ] as const)('%s', (_, thing, direction, required) => {
    const more = { Id: ID, Name: { type: 'string' } };
    expect(requiredOf(oneSidedDocument(documentOf(thing, more), direction))).toEqual(required);
  });

  it('rewrites schemas nested in properties, items and paths, and leaves the original alone', () => {
    const nested = { properties: { items: { type: 'array', items: { required: ['id'], properties: { id: ID } } } } };
    const original = documentOf(nested);
    const sided = oneSidedDocument(original, 'request');
    expect(sided.components.schemas!.Thing!.properties.items.items.required).toEqual([]);
    expect(original.components.schemas!.Thing!.properties.items.items.required).toEqual(['id']);
  });

  it('never rewrites data: an example holding `required` and `properties` stays as written', () => {
    const example = { required: ['id'], properties: { id: ID } };
    const document = documentOf({ type: 'object', example, examples: [example], default: example });
    expect(oneSidedDocument(document, 'request')).toBe(document);
  });

  it('walks a property named like a data keyword', () => {
    const thing = { properties: { example: { required: ['id'], properties: { id: ID } } } };
    const sided = oneSidedDocument(documentOf(thing), 'request');
    expect(sided.components.schemas!.Thing!.properties.example.required).toEqual([]);
  });

  it.each(['request', 'response'] as const)("gives this repository's document back as it is (%s)", (direction) => {
    const bundled = loadBundledDocument();
    expect(oneSidedDocument(bundled, direction)).toBe(bundled);
  });
});
