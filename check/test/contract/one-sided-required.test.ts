// oneSidedDocument: a required readOnly property is not required of a request, a required writeOnly one
// not of an answer, however the property is reached; data is never rewritten; a document with nothing to
// leave out comes back as the same object.
import { describe, expect, it } from 'vitest';
import type { OpenApiDocument } from 'cloud-platform-api/toolbox';
import { oneSidedDocument } from '../../src/contract/one-sided-required.js';
import { loadBundledDocument } from '../../src/contract/bundled-document.js';
import { createContractValidator } from '../../src/contract/validator.js';

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

  // The common shape of a public document: a base schema by $ref, and the list of what is required in a
  // part of its own beside it. The part's `required` names properties its sibling declares.
  const BASE = { type: 'object', properties: { id: ID, secret: SECRET, name: { type: 'string' } } };
  const REF = { $ref: '#/components/schemas/Base' };
  it.each([
    ['a sibling part by $ref, for a request', [REF, { required: ['id', 'name'] }], 'request', ['name']],
    ['a sibling part by $ref, for an answer', [REF, { required: ['secret', 'name'] }], 'response', ['name']],
    ['a sibling part written out, for a request', [BASE, { required: ['id', 'secret'] }], 'request', ['secret']],
    ['a part of a nested allOf', [REF, { allOf: [{ required: ['id', 'name'] }] }], 'request', ['name']],
    ['a name no part declares', [REF, { required: ['other', 'id'] }], 'request', ['other']],
  ] as const)('required in an allOf part, its property in %s', (_, allOf, direction, required) => {
    const sided = oneSidedDocument(documentOf({ allOf }, { Base: BASE }), direction);
    const parts = sided.components.schemas!.Thing!.allOf as { required?: unknown; allOf?: { required: unknown }[] }[];
    expect(parts[1]!.required ?? parts[1]!.allOf![0]!.required).toEqual(required);
  });

  // A subschema applied to the same value (a union's branch, a condition's outcome) may list as required
  // what the schema around it declares.
  const OWN = BASE.properties;
  it.each([
    ['a oneOf branch', { properties: OWN, oneOf: [{ required: ['id', 'name'] }, { required: ['secret'] }] }, 'oneOf'],
    ['an anyOf branch', { properties: OWN, anyOf: [{ required: ['id', 'name'] }] }, 'anyOf'],
    [
      "an if's then",
      // biome-ignore lint/suspicious/noThenProperty: JSON Schema's keyword, in a schema never awaited
      { properties: OWN, if: { required: ['name'] }, then: { required: ['id', 'name'] } },
      'then',
    ],
    ["an if's else", { properties: OWN, if: { required: ['name'] }, else: { required: ['id', 'name'] } }, 'else'],
  ] as const)('required in %s, its property declared around it: one-sided', (_, thing, where) => {
    const sided = oneSidedDocument(documentOf(thing), 'request').components.schemas!.Thing!;
    const part = Array.isArray(sided[where]) ? sided[where][0] : sided[where];
    expect(part.required).toEqual(['name']);
  });

  it.each([
    ['a request without the readOnly id', 'request', { secret: 's', name: 'n' }],
    ['an answer without the writeOnly secret', 'response', { id: 1, name: 'n' }],
  ] as const)('takes %s where an allOf part requires it', (_, direction, value) => {
    const document = documentOf({ allOf: [REF, { required: ['id', 'secret', 'name'] }] }, { Base: BASE });
    const pointer = '#/components/schemas/Thing';
    expect(createContractValidator(document).check(pointer, value)).not.toEqual([]);
    expect(createContractValidator(oneSidedDocument(document, direction)).check(pointer, value)).toEqual([]);
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

/** A schema with one property of each side: an id only answers carry, a secret only requests carry. */
const SIDED = {
  type: 'object',
  required: ['id', 'secret', 'name'],
  properties: { id: ID, secret: SECRET, name: { type: 'string' } },
};
const JSON_TYPE = 'application/json';

/** A document holding `value` at `segments` (each a key, as written: no pointer escapes). */
function holding(segments: readonly string[], value: unknown): OpenApiDocument {
  const document: Record<string, unknown> = { openapi: '3.1.0', paths: {}, components: {} };
  let at = document;
  segments.forEach((segment, i) => {
    at[segment] = i === segments.length - 1 ? value : ((at[segment] as object | undefined) ?? {});
    at = at[segment] as Record<string, unknown>;
  });
  return document as unknown as OpenApiDocument;
}

const valueAt = (document: unknown, segments: readonly string[]) =>
  segments.reduce((node, segment) => (node as Record<string, unknown>)[segment], document);

const GET = ['paths', '/things', 'get'];
const POST = ['paths', '/things', 'post'];
const BODY = ['requestBody', 'content', JSON_TYPE, 'schema'];

describe('oneSidedDocument, where a name is spelt like a data keyword', () => {
  it.each([
    ["an operation's default response", [...GET, 'responses', 'default', 'content', JSON_TYPE, 'schema']],
    ['a default response in the components', ['components', 'responses', 'default', 'content', JSON_TYPE, 'schema']],
    ['a media type named example', [...GET, 'responses', '200', 'content', 'example', 'schema']],
    ["a response's header named example", [...GET, 'responses', '200', 'headers', 'example', 'schema']],
    ['a header named default in the components', ['components', 'headers', 'default', 'schema']],
    [
      'an encoding named enum, its header',
      [...POST, 'requestBody', 'content', JSON_TYPE, 'encoding', 'enum', 'headers', 'X-Sided', 'schema'],
    ],
    [
      'a request body named default in the components',
      ['components', 'requestBodies', 'default', 'content', JSON_TYPE, 'schema'],
    ],
    ['a parameter named examples in the components', ['components', 'parameters', 'examples', 'schema']],
    ['a schema named const in the components', ['components', 'schemas', 'const']],
    ['a property named links', ['components', 'schemas', 'Thing', 'properties', 'links']],
    ['a callback named default', [...POST, 'callbacks', 'default', '{$request.body#/url}', 'post', ...BODY]],
    ['a callback expression spelt default', ['components', 'callbacks', 'done', 'default', 'post', ...BODY]],
    ['a webhook named example', ['webhooks', 'example', 'post', ...BODY]],
    ['a path item named default in the components', ['components', 'pathItems', 'default', 'post', ...BODY]],
    ['a dependent schema named default', ['components', 'schemas', 'Thing', 'dependentSchemas', 'default']],
  ])('%s: its required list is one-sided both ways', (_, segments) => {
    const document = holding(segments, SIDED);
    expect(valueAt(oneSidedDocument(document, 'request'), segments)).toMatchObject({ required: ['secret', 'name'] });
    expect(valueAt(oneSidedDocument(document, 'response'), segments)).toMatchObject({ required: ['id', 'name'] });
    expect(valueAt(document, segments)).toMatchObject({ required: ['id', 'secret', 'name'] });
  });

  it('takes an answer of the default response without the writeOnly property it requires', () => {
    const segments = [...GET, 'responses', 'default', 'content', JSON_TYPE, 'schema'];
    const document = holding(segments, SIDED);
    const pointer = `#/paths/~1things/get/responses/default/content/application~1json/schema`;
    const answer = { id: 7, name: 'x' };
    expect(createContractValidator(document).check(pointer, answer)).not.toEqual([]);
    expect(createContractValidator(oneSidedDocument(document, 'response')).check(pointer, answer)).toEqual([]);
  });

  it.each([
    ["a schema's example", ['components', 'schemas', 'Thing', 'example']],
    ["a schema's default", ['components', 'schemas', 'Thing', 'default']],
    ["a media type's example", [...GET, 'responses', '200', 'content', JSON_TYPE, 'example']],
    [
      "a media type's examples, an Example's value",
      [...GET, 'responses', '200', 'content', JSON_TYPE, 'examples', 'one', 'value'],
    ],
    ["the components' examples", ['components', 'examples', 'default', 'value']],
    ["a header's example", ['components', 'headers', 'default', 'example']],
    ["a parameter's examples", ['components', 'parameters', 'page', 'examples', 'default', 'value']],
    ["a response's link, its request body", [...GET, 'responses', '200', 'links', 'next', 'requestBody']],
    ["a link's parameter in the components", ['components', 'links', 'next', 'parameters', 'filter']],
  ])('never rewrites data: %s holding `required` stays as written', (_, segments) => {
    const document = holding(segments, SIDED);
    expect(oneSidedDocument(document, 'request')).toBe(document);
    expect(oneSidedDocument(document, 'response')).toBe(document);
  });
});
