// loadDocument and readDocument: every hostile file refused in one line naming the file and the place;
// YAML and JSON, 3.0 read as 3.1, local files bundled, the project's own document passed through.
import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { DocumentError, loadDocument, MAX_DOCUMENT_BYTES, readDocument } from 'cloud-platform-check/document';
import { readDocument as readDocumentInContract } from 'cloud-platform-check/contract';
import { refTarget, type JsonObject } from 'cloud-platform-api/toolbox';
import bundled from 'cloud-platform-api/openapi.json' with { type: 'json' };
import { HOSTILE_DOCUMENTS, tinyDocument, writeHostileDocuments } from '../../../test-kit/hostile-documents.js';

/** Writes files into a fresh folder; the path of the first. */
function files(contents: Record<string, string>): string {
  const folder = mkdtempSync(path.join(os.tmpdir(), 'document-'));
  for (const [name, text] of Object.entries(contents)) {
    mkdirSync(path.dirname(path.join(folder, name)), { recursive: true });
    writeFileSync(path.join(folder, name), text);
  }
  return path.join(folder, Object.keys(contents)[0]!);
}

/** Every `$ref` string in a value, wherever it is. */
function refsIn(value: unknown): string[] {
  if (value === null || typeof value !== 'object') return [];
  return Object.entries(value).flatMap(([key, inner]) =>
    key === '$ref' && typeof inner === 'string' ? [inner] : refsIn(inner),
  );
}

describe('loadDocument refuses what it cannot serve, in one line naming the file', () => {
  const written = writeHostileDocuments();
  it.each(HOSTILE_DOCUMENTS.map((row) => [row.name, row.refusal] as const))('%s', async (name, refusal) => {
    const error = await loadDocument(written.file(name)).then(
      () => undefined,
      (thrown: unknown) => thrown,
    );
    expect(error).toBeInstanceOf(DocumentError);
    const message = (error as Error).message;
    expect(message).toMatch(refusal);
    expect(message).not.toContain('\n');
    expect(message).toContain(written.folder);
  });

  it('has a row for the cap it names', () => {
    expect(MAX_DOCUMENT_BYTES).toBe(16 * 1024 * 1024);
  });

  it.each([
    ['an empty path', ''],
    ['a number', 7],
  ])('refuses %s for a file', async (_, file) => {
    await expect(loadDocument(file as string)).rejects.toThrow(/document: needs a file's path/);
  });
});

describe('loadDocument reads', () => {
  it('a 3.0 YAML document as 3.1: nullable as a type array, a boolean exclusiveMinimum as a number, example as examples', async () => {
    const file = files({
      'petstore.yaml': [
        'openapi: 3.0.3',
        'info: {title: Pets, version: "1"}',
        'paths:',
        '  /pets:',
        '    get:',
        '      operationId: listPets',
        '      responses:',
        "        '200':",
        '          description: ok',
        '          content:',
        '            application/json:',
        '              schema: {$ref: "#/components/schemas/Pet"}',
        'components:',
        '  schemas:',
        '    Pet:',
        '      type: object',
        '      properties:',
        '        tag: {type: string, nullable: true, example: dog}',
        '        age: {type: integer, minimum: 0, exclusiveMinimum: true}',
      ].join('\n'),
    });
    const document = await loadDocument(file);
    expect(document.openapi).toMatch(/^3\.1\./);
    expect(document.components.schemas!.Pet!.properties).toEqual({
      tag: { type: ['string', 'null'], examples: ['dog'] },
      age: { type: 'integer', exclusiveMinimum: 0 },
    });
  });

  it('local files bundled into one document, each $ref local and leading somewhere', async () => {
    const file = files({
      'api/root.yaml': [
        'openapi: 3.1.0',
        'info: {title: Parts, version: "1"}',
        'paths:',
        '  /pets:',
        '    get:',
        '      operationId: listPets',
        '      responses:',
        "        '200':",
        '          description: ok',
        '          content:',
        '            application/json:',
        '              schema: {$ref: "../schemas/pet.yaml#/Pet"}',
        '  /owners:',
        '    $ref: "./paths/owners.json"',
      ].join('\n'),
      'schemas/pet.yaml': 'Pet:\n  type: object\n  properties:\n    tag: {$ref: "./tag.yaml"}\n',
      'schemas/tag.yaml': 'type: string\nexamples: [dog]\n',
      'api/paths/owners.json': JSON.stringify({
        get: {
          operationId: 'listOwners',
          responses: {
            '200': {
              description: 'ok',
              content: { 'application/json': { schema: { $ref: '../../schemas/pet.yaml#/Pet' } } },
            },
          },
        },
      }),
    });
    const document = await loadDocument(file);
    expect(Object.keys(document.paths)).toEqual(['/pets', '/owners']);
    expect(document.paths['/owners']!.get!.operationId).toBe('listOwners');
    const refs = refsIn(document);
    expect(refs.length).toBeGreaterThan(0);
    for (const ref of refs) {
      expect(ref).toMatch(/^#\//);
      expect(refTarget(document, ref), ref).toBeDefined();
    }
    expect(JSON.stringify(document)).toContain('"examples":["dog"]');
  });

  it('a webhooks-only document, with no paths and no components', async () => {
    const webhooks = { newPet: { post: { operationId: 'newPet', responses: { '200': { description: 'ok' } } } } };
    const document = await loadDocument(
      files({ 'hooks.json': JSON.stringify({ openapi: '3.1.0', info: { title: 'h', version: '1' }, webhooks }) }),
    );
    expect(document.paths).toEqual({});
    expect(document.components).toEqual({});
    expect(document.webhooks).toEqual(webhooks);
  });

  it('a recursive schema (not a loop), and a $ref inside an example as data', async () => {
    const node = {
      type: 'object',
      properties: { children: { type: 'array', items: { $ref: '#/components/schemas/Node' } } },
    };
    const example = { $ref: 'https://example.com/not-a-ref' };
    const given = tinyDocument({
      components: { schemas: { Node: node, Link: { type: 'object', examples: [example], default: example } } },
    });
    const document = await loadDocument(files({ 'tree.json': JSON.stringify(given) }));
    expect(document).toEqual(given);
  });

  it('a $ref to a null in data: a place like any other, not a crash', async () => {
    const given = tinyDocument({
      components: {
        schemas: {
          Holder: { type: 'object', examples: [{ gone: null }] },
          Odd: { $ref: '#/components/schemas/Holder/examples/0/gone' },
        },
      },
    });
    expect(await loadDocument(files({ 'null-target.json': JSON.stringify(given) }))).toEqual(given);
  });

  it('a file named by a relative path once: its bytes count once against the cap, its $refs stay its own', async () => {
    // Over half the cap: a second read of the same file (its `#/...` $refs taken for another file's) is refused.
    const given = tinyDocument({
      info: { title: 'Large', version: '1', description: 'x'.repeat(MAX_DOCUMENT_BYTES / 2 + 1024) },
      components: { schemas: { A: { $ref: '#/components/schemas/B' }, B: { type: 'string' } } },
    });
    const file = files({ 'large.json': JSON.stringify(given) });
    expect(await loadDocument(path.relative(process.cwd(), file))).toEqual(given);
  });

  it("the project's own document as it is", async () => {
    const file = createRequire(import.meta.url).resolve('cloud-platform-api/openapi.json');
    expect(await loadDocument(file)).toEqual(JSON.parse(readFileSync(file, 'utf8')));
  });
});

describe('readDocument', () => {
  it("passes the project's document through: the same object", () => {
    expect(readDocument(bundled)).toBe(bundled);
    expect(readDocumentInContract).toBe(readDocument);
  });

  it('reads a document once: the same one in, the same one out, and what it gave back reads as itself', () => {
    const given = { openapi: '3.0.3', info: { title: 't', version: '1' }, paths: {} };
    const first = readDocument(given);
    expect(readDocument(given)).toBe(first);
    expect(readDocument(first)).toBe(first);
    expect(given.openapi).toBe('3.0.3');
  });

  it('leaves a 3.0 document it is given as it was', () => {
    const schema: JsonObject = { type: 'string', nullable: true };
    const given = tinyDocument({ openapi: '3.0.0', components: { schemas: { S: schema } } });
    const copy = structuredClone(given);
    expect(readDocument(given).components.schemas!.S).toEqual({ type: ['string', 'null'] });
    expect(given).toEqual(copy);
  });

  it.each([
    ['3.1.0', { type: 'string', nullable: true }, { type: 'string', nullable: true }],
    ['3.1.0', { nullable: true, description: 'anything' }, { description: 'anything' }],
    [
      '3.0.3',
      { nullable: true, properties: { nullable: { type: 'boolean' } } },
      { properties: { nullable: { type: 'boolean' } } },
    ],
    ['3.0.3', { type: 'object', example: { nullable: true } }, { type: 'object', examples: [{ nullable: true }] }],
  ])('in %s, drops a nullable without a type, which Ajv cannot compile: %j', (openapi, schema, read) => {
    const given = tinyDocument({ openapi, components: { schemas: { S: schema } } });
    const copy = structuredClone(given);
    expect(readDocument(given).components.schemas!.S).toEqual(read);
    expect(given).toEqual(copy);
  });

  it('names each operation without an operationId by its method and path, never one taken', () => {
    const responses = { '200': { description: 'ok' } };
    const given = tinyDocument({
      paths: {
        '/pets': { get: { responses }, post: { operationId: 'getPets', responses } },
        '/pets/{petId}/photo-albums': { get: { responses } },
      },
    });
    const document = readDocument(given);
    expect(document.paths['/pets']!.get!.operationId).toBe('getPets2');
    expect(document.paths['/pets/{petId}/photo-albums']!.get!.operationId).toBe('getPetsByPetIdPhotoAlbums');
    expect((given.paths as JsonObject)['/pets'].get.operationId).toBeUndefined();
  });

  it.each([
    ['null', null, /^api: must be an OpenAPI document \(an object\), got null$/],
    ['a string', 'openapi: 3.1.0', /^api: must be an OpenAPI document \(an object\), got a string$/],
    ['Swagger 2.0', { swagger: '2.0', paths: {} }, /^api: is Swagger 2\.0/],
    ['components as a list', tinyDocument({ components: [] }), /^api: "components" must be an object, got an array$/],
  ])('refuses %s, naming its source', (_, value, refusal) => {
    expect(() => readDocument(value, 'api')).toThrow(refusal);
  });
});
