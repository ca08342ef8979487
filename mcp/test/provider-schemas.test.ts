// Every tool's name and input schema against what each major model API accepts in a tool definition,
// one profile per provider: the root an object, no $ref (nothing to resolve it against), and the
// keywords each one refuses (OpenAI's strict function calling and Gemini: no allOf, oneOf, not or
// const; none of the three: a union at the root), the name within 64 of [A-Za-z0-9_-]. A tool whose
// document schema says more than that lists a flattened one (portable-schema.ts); the call is still
// checked against the document's rule, which this test holds too.
import type { Tool } from '@modelcontextprotocol/client';
import { createEmulator, type Emulator } from 'cloud-platform-emulator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { operationRows } from '../../test-kit/operation-table.js';
import { independentAjv } from './helpers/ajv.js';
import { connectToEmulator, type InMemorySession, textOf } from './helpers/in-memory-session.js';

interface Profile {
  provider: string;
  /** Keywords refused in any schema of a tool's input. */
  anywhere: readonly string[];
  /** Keywords refused at the root, which must be `type: object`. */
  atRoot: readonly string[];
}

const PROFILES: readonly Profile[] = [
  {
    provider: 'OpenAI, strict function calling',
    anywhere: ['$ref', 'allOf', 'oneOf', 'not', 'const', 'if', 'then', 'else', 'patternProperties'],
    atRoot: ['anyOf', 'enum'],
  },
  { provider: 'Anthropic', anywhere: ['$ref'], atRoot: ['anyOf', 'oneOf', 'allOf', 'not'] },
  {
    provider: 'Gemini',
    anywhere: ['$ref', 'allOf', 'oneOf', 'not', 'const', 'if', 'then', 'else', 'patternProperties'],
    atRoot: ['anyOf'],
  },
];

const NAME = /^[A-Za-z0-9_-]{1,64}$/;
const DATA_KEYWORDS = new Set(['enum', 'examples', 'default', 'const', 'required']);

/** The keywords a schema uses, with where: data (enum values, examples) and property names are not keywords. */
function keywordsIn(schema: unknown, at: string): { keyword: string; at: string }[] {
  if (Array.isArray(schema)) return schema.flatMap((item, i) => keywordsIn(item, `${at}/${i}`));
  if (schema === null || typeof schema !== 'object') return [];
  return Object.entries(schema).flatMap(([keyword, value]) => [
    { keyword, at },
    ...(DATA_KEYWORDS.has(keyword)
      ? []
      : keyword === 'properties'
        ? Object.entries(value as object).flatMap(([name, each]) => keywordsIn(each, `${at}/properties/${name}`))
        : keywordsIn(value, `${at}/${keyword}`)),
  ]);
}

/** What a provider would refuse in a tool, each said with where. */
function refusals(profile: Profile, tool: Pick<Tool, 'name' | 'inputSchema'>): string[] {
  const schema = tool.inputSchema as Record<string, unknown>;
  return [
    ...(NAME.test(tool.name) ? [] : [`${tool.name}: the name is not 1 to 64 of [A-Za-z0-9_-]`]),
    ...(schema.type === 'object' ? [] : [`${tool.name}: the root is not type: object`]),
    ...profile.atRoot.filter((keyword) => keyword in schema).map((keyword) => `${tool.name}: ${keyword} at the root`),
    ...keywordsIn(schema, '')
      .filter(({ keyword }) => profile.anywhere.includes(keyword))
      .map(({ keyword, at }) => `${tool.name}: ${keyword} at ${at || '/'}`),
  ];
}

describe('every tool, as each model API takes a tool definition', () => {
  let emulator: Emulator;
  let mcp: InMemorySession;
  let tools: Tool[];
  beforeAll(async () => {
    emulator = await createEmulator();
    mcp = await connectToEmulator(emulator);
    tools = await mcp.tools();
  });
  afterAll(async () => {
    await mcp.close();
    await emulator.close();
  });

  it.each(PROFILES)('$provider: every tool is accepted', (profile) => {
    expect(tools.length).toBe(operationRows().length + 1);
    expect(tools.flatMap((tool) => refusals(profile, tool))).toEqual([]);
  });

  it.each(PROFILES)('$provider: the check refuses a planted top-level anyOf', (profile) => {
    const planted = { name: 'planted', inputSchema: { type: 'object' as const, anyOf: [{ required: ['a'] }] } };
    expect(refusals(profile, planted)).toContain('planted: anyOf at the root');
  });

  it('lists a flattened schema where the document has a union, and says its rule in the description', () => {
    const { inputSchema } = tools.find((tool) => tool.name === 'addStorageEvent')!;
    const body = (inputSchema.properties as Record<string, { description: string }>).body!;
    expect(body.description).toMatch(/Exactly one of these shapes: \(1\) requires .*name = "reaching_used_space"/);
  });

  it("still refuses, before sending, a body the flattened schema takes but the document's rule does not", async () => {
    // A subnet interface needs both identifiers: a rule the document says with `not`, which the listed schema leaves to its description.
    const tool = tools.find((each) => each.name === 'checkBareMetalQuota')!;
    const args = { project_id: 1, region_id: 76, body: { interfaces: [{ type: 'subnet' }] } };
    expect(independentAjv().validate(tool.inputSchema, args)).toBe(true);
    const result = await mcp.call('checkBareMetalQuota', args);
    expect(result.isError).toBe(true);
    expect(textOf(result)).toMatch(/^checkBareMetalQuota was not called: body\.interfaces/);
    expect(emulator.requests.list()).toEqual([]);
  });
});
