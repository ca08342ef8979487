// The MCP server on documents other than this repository's, through its library entry and the command's
// --document: names made valid for clients and called end to end, --tools/--tags checked (a hostile-input
// table), the schema budget reported, a document without paths, a 3.0 document (read by readDocument),
// operations no tool can be made of, and a generated document of 220 operations with one 180 KB input schema.
import type { Logger } from 'cloud-platform-api';
import bundled from 'cloud-platform-api/openapi.json' with { type: 'json' };
import { type JsonObject, listOperations, type OpenApiDocument, UsageError } from 'cloud-platform-api/toolbox';
import { DocumentError } from 'cloud-platform-check/contract';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { type CallToolResult, Client } from '@modelcontextprotocol/client';
import { getDefaultEnvironment, StdioClientTransport } from '@modelcontextprotocol/client/stdio';
import { describe, expect, it } from 'vitest';
import { projectRoot } from '../../test-kit/project-root.js';
import { DEFAULT_SCHEMA_BUDGET, parseBudget, schemaBytes } from '../src/schema-budget.js';
import { commaList, toolsPerTag } from '../src/selection.js';
import { type ToolChoice, toolSet } from '../src/tool-set.js';
import { independentAjv } from './helpers/ajv.js';
import { answering, documentOf, generatedDocument } from './helpers/generated-document.js';
import { connectInMemory, textOf } from './helpers/in-memory-session.js';

const VALID_NAME = /^[A-Za-z0-9_.-]{1,64}$/;

/** A petstore as public documents write it: operationIds with spaces, one of no valid character, tags. */
const petstore = documentOf({
  '/pets': {
    get: answering({ operationId: 'list pets', tags: ['pets'], summary: 'List the pets' }),
    post: answering({ operationId: 'addPet', tags: ['pets', 'store'] }),
  },
  '/pets/{petId}': {
    parameters: [{ name: 'petId', in: 'path', required: true, schema: { type: 'integer' } }],
    get: answering({ operationId: 'find pet by id', tags: ['pets'] }),
    delete: answering({ operationId: '削除', tags: ['store'] }),
  },
});

/** A target that answers every call with `{ id: 7 }` and records what it was sent. */
function stubTarget() {
  const sent: string[] = [];
  return {
    sent,
    target: {
      baseUrl: 'http://stub.local',
      apiKey: 'stub-key',
      fetch: async (input: RequestInfo | URL, init?: RequestInit) => {
        const request = new Request(input, init);
        sent.push(`${request.method} ${new URL(request.url).pathname}`);
        return Response.json({ id: 7 });
      },
    },
  };
}

/** A logger that keeps its warnings. */
function keptLog(): { logger: Logger; lines: string[] } {
  const lines: string[] = [];
  const ignore = () => {};
  return {
    lines,
    logger: { error: ignore, warn: (line: string) => void lines.push(line), info: ignore, debug: ignore },
  };
}

const refused = (document: OpenApiDocument, choice: ToolChoice) => {
  try {
    toolSet(document, choice);
  } catch (error) {
    expect(error).toBeInstanceOf(UsageError);
    return (error as Error).message;
  }
  throw new Error('not refused');
};

describe('--tools and --tags on any document: each name checked where the tools are made', () => {
  const many = generatedDocument(220);
  it.each([
    ['a typo', petstore, { tools: ['addPte'] }, '--tools: there is no "addPte". Did you mean addPet?'],
    ['another case', petstore, { tools: ['ADDPET'] }, '--tools: there is no "ADDPET". Did you mean addPet?'],
    [
      'a name far from all, of few tools',
      petstore,
      { tools: ['zzz'] },
      '--tools: there is no "zzz": the names are list_pets, addPet, find_pet_by_id, delete_pets_petId',
    ],
    ['a name far from all, of many', many, { tools: ['zzz'] }, '--tools: there is no "zzz": --help lists the 220'],
    ['an unknown tag', petstore, { tags: ['dogs'] }, '--tags: there is no "dogs": the names are pets, store'],
    ['a tag typo', petstore, { tags: ['stor'] }, '--tags: there is no "stor". Did you mean store?'],
    [
      'a tag of a document with none',
      documentOf({ '/a': { get: answering({ operationId: 'a' }) } }),
      { tags: ['a'] },
      'the document has none',
    ],
    ['an empty name', petstore, { tools: [''] }, '--tools takes names separated by commas, with none empty: got ""'],
    ['an empty list', petstore, { tags: [] }, '--tags takes names separated by commas, with none empty: got ""'],
    ['an empty name among others', petstore, { tools: ['addPet', ''] }, 'with none empty: got "addPet,"'],
    ['two commas, as typed', petstore, { tools: commaList('addPet,,list_pets') }, 'got "addPet,,list_pets"'],
    ['a name twice', petstore, { tools: ['addPet', 'addPet'] }, '--tools names "addPet" twice'],
    ['a tag twice', petstore, { tags: ['pets', 'pets'] }, '--tags names "pets" twice'],
    ['a budget of 0', petstore, { schemaBudget: 0 }, 'schemaBudget must be a whole number of bytes, at least 1, got 0'],
    ['a budget of 1.5', petstore, { schemaBudget: 1.5 }, 'at least 1, got 1.5'],
    ['a budget not a number', petstore, { schemaBudget: '100' as never }, 'at least 1, got a string'],
    ['a budget of NaN', petstore, { schemaBudget: Number.NaN }, 'at least 1, got NaN'],
  ] as const)('refuses %s, naming the option and the value', (_, document, choice, message) => {
    expect(refused(document, choice)).toContain(message);
  });

  it.each([
    ['a tool name', { tools: ['list_pets'] }, ['list_pets']],
    ['an operationId as written', { tools: ['find pet by id'] }, ['find_pet_by_id']],
    ['a tag', { tags: ['store'] }, ['addPet', 'delete_pets_petId']],
    ['both', { tools: ['list_pets'], tags: ['store'] }, ['list_pets', 'addPet', 'delete_pets_petId']],
    ['neither', {}, ['list_pets', 'addPet', 'find_pet_by_id', 'delete_pets_petId']],
    [
      'a comma list as typed, spaces around names',
      { tools: commaList(' list_pets, addPet ') },
      ['list_pets', 'addPet'],
    ],
  ])('picks by %s, in the document order', (_, choice, names) => {
    expect(toolSet(petstore, choice).tools.map((tool) => tool.name)).toEqual(names);
  });
});

describe('--help, tools by tag', () => {
  it('counts each tag of the document, and the tools of none under "(no tag)"', () => {
    const untagged = documentOf({ '/a': { get: answering({ operationId: 'a' }) } });
    expect(toolsPerTag(toolSet(petstore).tools)).toBe('  pets: 3 tools\n  store: 2 tools');
    expect(toolsPerTag(toolSet(untagged).tools)).toBe('  (no tag): 1 tool');
  });
});

describe('--schema-budget as typed', () => {
  it.each(['', '0', '-1', '1.5', '1e6', '64k', ' 100', '0x10', '99999999999999999999'])('refuses %j', (text) => {
    expect(() => parseBudget(text)).toThrow(
      new UsageError(`--schema-budget must be a whole number of bytes, at least 1, got ${JSON.stringify(text)}`),
    );
  });
  it.each([
    ['1', 1],
    ['65536', 65_536],
    ['007', 7],
  ])('takes %j', (text, bytes) => expect(parseBudget(text)).toBe(bytes));
});

describe('a generated document of 220 operations, one with a 180 KB input schema', () => {
  const document = generatedDocument(220, 180_000);
  const ids = listOperations(document).map((op) => op.operationId);

  it('makes a tool of each, named by its operationId, each input a valid JSON Schema, all but the large one within the default budget', () => {
    const set = toolSet(document, { schemaBudget: Number.MAX_SAFE_INTEGER });
    expect(set.tools.map((tool) => tool.name)).toEqual(ids);
    const ajv = independentAjv();
    for (const tool of set.tools) expect(() => ajv.compile(tool.inputSchema), tool.name).not.toThrow();
    const over = set.tools.filter((tool) => schemaBytes(tool) > DEFAULT_SCHEMA_BUDGET).map((tool) => tool.name);
    expect(over).toEqual(['createThing1']);
    expect(schemaBytes(set.tools.find((tool) => tool.name === 'createThing1')!)).toBeGreaterThan(180_000);
  });

  it('leaves the large one out by default, with one line naming it and its size; a call of it says why', async () => {
    const { logger, lines } = keptLog();
    const session = await connectInMemory(stubTarget().target, undefined, { document, logger });
    try {
      const listed = (await session.tools()).map((tool) => tool.name);
      expect(listed).toEqual(ids.filter((id) => id !== 'createThing1'));
      expect(lines).toHaveLength(1);
      expect(lines[0]).toMatch(
        /^cloud-platform-mcp: left out the tool createThing1: its input schema is 18\d,\d{3} bytes, over the budget of 32,768 \(--schema-budget\)$/,
      );
      // The guide shows this very line.
      expect(readFileSync(path.join(projectRoot, 'docs', 'mcp.md'), 'utf8')).toContain(`\n${lines[0]}\n`);
      const error = await session.call('createThing1', { body: {} }).catch((thrown: Error) => thrown);
      expect(String(error)).toContain('createThing1 is left out: its input schema is');
    } finally {
      await session.close();
    }
  });

  it('lists it with a budget that fits it, and says nothing', async () => {
    const { logger, lines } = keptLog();
    const session = await connectInMemory(stubTarget().target, undefined, { document, logger, schemaBudget: 200_000 });
    try {
      expect((await session.tools()).map((tool) => tool.name)).toEqual(ids);
      expect(lines).toEqual([]);
    } finally {
      await session.close();
    }
  });

  it('says nothing of a tool over the budget that the flags or --tools do not list', () => {
    const { logger, lines } = keptLog();
    return connectInMemory(stubTarget().target, undefined, { document, logger, tools: ['getThing1'] }).then(
      async (session) => {
        expect((await session.tools()).map((tool) => tool.name)).toEqual(['getThing1']);
        expect(lines).toEqual([]);
        await session.close();
      },
    );
  });
});

describe('cloud-platform-mcp --document, over stdio, on the 220 operations', () => {
  it('lists each tool the flags allow but the large one, says why on stderr, and calls the emulator of the document', async () => {
    const file = path.join(mkdtempSync(path.join(os.tmpdir(), 'mcp-any-')), 'generated.json');
    writeFileSync(file, JSON.stringify(generatedDocument(220, 180_000)));
    const transport = new StdioClientTransport({
      command: process.execPath,
      args: [
        path.join(import.meta.dirname, '..', 'bin', 'cloud-platform-mcp.js'),
        '--document',
        file,
        '--allow-writes',
      ],
      env: getDefaultEnvironment(),
      stderr: 'pipe',
    });
    let stderr = '';
    transport.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    const client = new Client({ name: 'any-document-test', version: '1.0.0' });
    await client.connect(transport);
    try {
      const listed = (await client.listTools()).tools.map((tool) => tool.name);
      const ids = listOperations(generatedDocument(220)).map((op) => op.operationId);
      const expected = ids.filter((id) => !id.startsWith('delete') && id !== 'createThing1');
      expect(listed).toEqual([...expected, 'journal']);
      await expect
        .poll(() => stderr)
        .toMatch(/cloud-platform-mcp: left out the tool createThing1: its input schema is 18\d,\d{3} bytes/);
      const created = (await client.callTool({
        name: 'createThing3',
        arguments: { body: { name: 'a' } },
      })) as CallToolResult;
      expect(created.isError).toBeFalsy();
      expect(created.structuredContent).toMatchObject({ name: 'a' });
      const journal = (await client.callTool({
        name: 'journal',
        arguments: { operationId: 'createThing3' },
      })) as CallToolResult;
      expect((journal.structuredContent as { requests: unknown[] }).requests).toHaveLength(1);
    } finally {
      await client.close();
    }
  }, 60_000);
});

describe('names made valid, called end to end', () => {
  it('lists the made names, each operationId as written in its description, and calls the operation by its path', async () => {
    const { target, sent } = stubTarget();
    const session = await connectInMemory(target, undefined, { document: petstore });
    try {
      const tools = await session.tools();
      expect(tools.map((tool) => tool.name)).toEqual(['list_pets', 'addPet', 'find_pet_by_id', 'delete_pets_petId']);
      for (const tool of tools) expect(tool.name).toMatch(VALID_NAME);
      const described = Object.fromEntries(tools.map((tool) => [tool.name, tool.description]));
      expect(described.find_pet_by_id).toContain('GET /pets/{petId} (operationId "find pet by id").');
      expect(described.list_pets).toContain('(operationId "list pets")');
      expect(described.addPet).not.toContain('operationId');
      expect(described.delete_pets_petId).toContain('DELETE /pets/{petId} (operationId "削除").');
      const result = await session.call('find_pet_by_id', { petId: 7 });
      expect(textOf(result)).toContain('"id": 7');
      expect(sent).toEqual(['GET /pets/7']);
    } finally {
      await session.close();
    }
  });
});

describe('a 3.0 document, read as 3.1', () => {
  const pet = {
    type: 'object',
    required: ['name'],
    properties: { name: { type: 'string', example: 'Rex' }, tag: { type: 'string', nullable: true } },
  };
  const openapi30 = {
    openapi: '3.0.3',
    info: { title: 'Petstore 3.0', version: '1' },
    paths: {
      '/pets': {
        get: answering({
          operationId: 'listPets',
          parameters: [
            { name: 'limit', in: 'query', schema: { type: 'integer', maximum: 100, exclusiveMaximum: true } },
          ],
        }),
        post: answering({
          operationId: 'create pet',
          requestBody: {
            required: true,
            content: { 'application/json': { schema: { $ref: '#/components/schemas/Pet' } } },
          },
        }),
      },
    },
    components: { schemas: { Pet: pet } },
  } as unknown as OpenApiDocument;

  it("lists inputs in 3.1's words (nullable as a type list, a numeric exclusiveMaximum), each a valid JSON Schema", () => {
    const { tools } = toolSet(openapi30);
    const ajv = independentAjv();
    for (const tool of tools) expect(() => ajv.compile(tool.inputSchema), tool.name).not.toThrow();
    const [list, create] = tools;
    expect(list!.inputSchema.properties.limit).toMatchObject({ type: 'integer', exclusiveMaximum: 100 });
    expect(create!.name).toBe('create_pet');
    expect(create!.inputSchema.properties.body.properties.tag.type).toEqual(['string', 'null']);
    expect(JSON.stringify(tools.map((tool) => tool.inputSchema))).not.toContain('nullable');
  });

  it('checks each call by the 3.0 rules read as 3.1, and sends what passes', async () => {
    const { target, sent } = stubTarget();
    const session = await connectInMemory(target, undefined, { document: openapi30 });
    try {
      expect((await session.call('create_pet', { body: { name: 'Rex', tag: null } })).isError).toBeFalsy();
      const over = await session.call('listPets', { limit: 100 });
      expect(over.isError).toBe(true);
      expect(textOf(over)).toContain('listPets was not called: limit must be < 100');
      expect(sent).toEqual(['POST /pets']);
    } finally {
      await session.close();
    }
  });
});

describe('keywords JSON Schema does not define', () => {
  it('are annotations: a call is checked by the rest of its schema and sent', async () => {
    const loose = { type: 'string', collectionFormat: 'csv', maxLength: 3 };
    const body = { type: 'object', properties: { code: loose } };
    const document = documentOf({
      '/codes': {
        post: answering({ operationId: 'addCode', requestBody: { content: { 'application/json': { schema: body } } } }),
      },
    });
    const { target, sent } = stubTarget();
    const session = await connectInMemory(target, undefined, { document });
    try {
      expect((await session.call('addCode', { body: { code: 'abc' } })).isError).toBeFalsy();
      expect(textOf(await session.call('addCode', { body: { code: 'abcd' } }))).toContain(
        'addCode was not called: body.code must NOT have more than 3 characters',
      );
      expect(sent).toEqual(['POST /codes']);
    } finally {
      await session.close();
    }
  });
});

describe('documents the tools cannot all be made of', () => {
  it('an operation without an operationId: named by readDocument from its method and path', () => {
    const document = documentOf({ '/pets/{petId}': { get: answering() } });
    expect(toolSet(document).tools.map((tool) => tool.name)).toEqual(['getPetsByPetId']);
  });

  it('an operationId that is not a name: refused by readDocument, naming the place', () => {
    const document = documentOf({ '/pets': { get: answering({ operationId: 7 }) } });
    expect(() => toolSet(document)).toThrow(
      new DocumentError('document: #/paths/~1pets/get has an operationId that is not a name: a number'),
    );
  });

  it('a document without paths (webhooks only): no tool, and one line that says so', async () => {
    const webhooksOnly = {
      openapi: '3.1.0',
      info: { title: 'Hooks', version: '1' },
      webhooks: { newPet: { post: answering({ operationId: 'newPet' }) } },
    } as unknown as OpenApiDocument;
    expect(toolSet(webhooksOnly)).toMatchObject({ tools: [], leftOut: [], operations: 0 });
    const { logger, lines } = keptLog();
    const session = await connectInMemory(stubTarget().target, undefined, { document: webhooksOnly, logger });
    try {
      expect(await session.tools()).toEqual([]);
      expect(lines).toEqual(['cloud-platform-mcp: the document has no operations (no paths): it lists no tool']);
    } finally {
      await session.close();
    }
  });

  it('an operation whose input refers to itself, or with two inputs of one name: left out, saying why; the rest listed', () => {
    const nodeRef = { $ref: '#/components/schemas/Node' };
    const node: JsonObject = { type: 'object', properties: { children: { type: 'array', items: nodeRef } } };
    const document = documentOf(
      {
        '/trees': {
          post: answering({
            operationId: 'plantTree',
            requestBody: { content: { 'application/json': { schema: nodeRef } } },
          }),
        },
        '/things/{id}': {
          get: answering({
            operationId: 'getThing',
            parameters: [
              { name: 'id', in: 'path', required: true, schema: { type: 'string' } },
              { name: 'id', in: 'query', schema: { type: 'string' } },
            ],
          }),
        },
        '/trees/{treeId}': {
          get: {
            operationId: 'getTree',
            parameters: [{ name: 'treeId', in: 'path', required: true, schema: { type: 'string' } }],
            responses: { '200': { description: 'A tree.', content: { 'application/json': { schema: nodeRef } } } },
          },
        },
      },
      { schemas: { Node: node } },
    );
    const set = toolSet(document);
    // An answer that refers to itself is text only: the tool is listed, without an outputSchema.
    expect(set.tools.map((tool) => [tool.name, tool.outputSchema])).toEqual([['getTree', undefined]]);
    expect(set.leftOut.map(({ name, reason }) => [name, reason])).toEqual([
      ['plantTree', "#/components/schemas/Node refers to itself: a tool's input schema cannot inline it"],
      ['getThing', 'two inputs are named id'],
    ]);
  });
});

describe("this repository's document", () => {
  it('names each tool by its operationId, leaves none out and names no operationId in a description', () => {
    const set = toolSet(bundled as OpenApiDocument);
    expect(set.tools.map((tool) => tool.name)).toEqual(listOperations(bundled as never).map((op) => op.operationId));
    expect(set.leftOut).toEqual([]);
    for (const tool of set.tools) expect(tool.description).not.toContain('operationId');
  });
});

describe('header and cookie parameters', () => {
  /** An operation that takes a tenant header, a list in a header, a session cookie, and an Accept header OpenAPI ignores. */
  const tenanted = documentOf({
    '/reports/{reportId}': {
      get: answering({
        operationId: 'getReport',
        parameters: [
          { name: 'reportId', in: 'path', required: true, schema: { type: 'integer' } },
          { name: 'X-Tenant', in: 'header', required: true, schema: { type: 'string' } },
          { name: 'X-Fields', in: 'header', schema: { type: 'array', items: { type: 'string' } } },
          { name: 'session', in: 'cookie', schema: { type: 'string' } },
          { name: 'Accept', in: 'header', schema: { type: 'string' } },
        ],
      }),
    },
  });

  it('are inputs of the tool, required as the document says; Accept is not', async () => {
    const session = await connectInMemory(stubTarget().target, undefined, { document: tenanted });
    try {
      const [tool] = await session.tools();
      expect(Object.keys(tool!.inputSchema.properties ?? {})).toEqual(['reportId', 'X-Tenant', 'X-Fields', 'session']);
      expect(tool!.inputSchema.required).toEqual(['reportId', 'X-Tenant']);
    } finally {
      await session.close();
    }
  });

  it('are sent where the document puts them, each by its style', async () => {
    const seen: Record<string, string | null>[] = [];
    const target = {
      baseUrl: 'http://stub.local',
      apiKey: 'stub-key',
      fetch: async (input: RequestInfo | URL, init?: RequestInit) => {
        const { headers } = new Request(input, init);
        seen.push({ tenant: headers.get('x-tenant'), fields: headers.get('x-fields'), cookie: headers.get('cookie') });
        return Response.json({ id: 7 });
      },
    };
    const session = await connectInMemory(target, undefined, { document: tenanted });
    try {
      const args = { reportId: 3, 'X-Tenant': 'acme', 'X-Fields': ['id', 'name'], session: 's1' };
      const result = await session.call('getReport', args);
      expect(result.isError ?? false, textOf(result)).toBe(false);
      expect(seen).toEqual([{ tenant: 'acme', fields: 'id,name', cookie: 'session=s1' }]);
    } finally {
      await session.close();
    }
  });
});
