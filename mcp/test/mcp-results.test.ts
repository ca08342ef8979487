// What a tool call answers, in process (the SDK's client over its in-memory transport): a tool the server
// does not list is a protocol error (-32602) naming only the tools it lists; listed schemas hold only the
// formats JSON Schema defines; the journal is typed; and an answer of the API the document did not foresee
// still reaches the agent, as text and as structured content that fits, a write's never told it failed.
import { createEmulator, type Emulator } from 'cloud-platform-emulator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type TestServer } from '../../test-kit/http-server.js';
import { createOutputChecks } from '../src/output-check.js';
import { fitted } from '../src/tool-results.js';
import { connectInMemory, connectToEmulator, type InMemorySession, textOf } from './helpers/in-memory-session.js';

const JSON_SCHEMA_FORMATS = ['date-time', 'date', 'time', 'duration', 'email', 'idn-email', 'hostname'];
const STANDARD = new Set([
  ...JSON_SCHEMA_FORMATS,
  'idn-hostname',
  'ipv4',
  'ipv6',
  'uri',
  'uri-reference',
  'iri',
  'iri-reference',
  'uuid',
  'uri-template',
  'json-pointer',
  'relative-json-pointer',
  'regex',
]);

/** Every `format` keyword in a schema, with where it is. */
function formatsIn(node: unknown, at = '#'): [string, string][] {
  if (node === null || typeof node !== 'object') return [];
  return Object.entries(node).flatMap(([key, value]) => [
    ...(key === 'format' && typeof value === 'string' ? [[at, value] as [string, string]] : []),
    ...formatsIn(value, `${at}/${key}`),
  ]);
}

let emulator: Emulator;
beforeAll(async () => {
  emulator = await createEmulator();
});
afterAll(() => emulator.close());

const emulatorTarget = () => ({ baseUrl: 'http://emulator.local', apiKey: 'k', fetch: emulator.fetch });
const journalOf = () => (id: string | undefined) =>
  emulator.requests.list(id === undefined ? {} : { operationId: id as never });

describe('a tool the server does not list', () => {
  it.each([
    ['a name no operation has', 'noSuchTool', {}, 'There is no tool "noSuchTool"'],
    ['an empty name', '', {}, 'There is no tool ""'],
    ['a name of Object.prototype', 'constructor', {}, 'There is no tool "constructor"'],
    ['__proto__', '__proto__', {}, 'There is no tool "__proto__"'],
    [
      'a write without --allow-writes',
      'createLogsUploaderConfig',
      { allowWrites: false, allowDeletes: false },
      'start it with --allow-writes to allow it',
    ],
    [
      'a delete without --allow-deletes',
      'deleteEdgeApp',
      { allowDeletes: false },
      'start it with --allow-writes --allow-deletes',
    ],
    ['an operation --tools left out', 'listStreams', { tools: ['getVideo'] }, 'There is no tool "listStreams"'],
    ['a case-changed name', 'GetVideo', {}, 'There is no tool "GetVideo"'],
  ] as const)(
    '%s: -32602, naming the tools it does list (the journal among them), and sends nothing',
    async (_, name, flags, why) => {
      const session = await connectInMemory(emulatorTarget(), journalOf(), flags);
      try {
        const listed = (await session.tools()).map((tool) => tool.name);
        const sent = emulator.requests.list().length;
        const refused = await session.call(name, {}).then(
          () => ({ code: 0, message: 'answered' }),
          (error: { code: number; message: string }) => error,
        );
        expect(refused).toMatchObject({ code: -32602, message: expect.stringContaining(why) });
        const named = refused.message.replace(/^.*The tools are /s, '').split(', ');
        expect(named.sort()).toEqual([...listed].sort());
        expect(named).toContain('journal');
        expect(emulator.requests.list().length).toBe(sent);
      } finally {
        await session.close();
      }
    },
  );
});

describe('the listed schemas', () => {
  it.each([
    ['in process', undefined],
    ['against --base-url, writes planned', 'base-url'],
  ] as const)('hold only the formats JSON Schema defines, %s; an integer format is a range', async (_, mode) => {
    const session =
      mode === undefined
        ? await connectToEmulator(emulator)
        : await connectInMemory({ baseUrl: 'http://127.0.0.1:9', apiKey: 'k' }, undefined, { rehearsal: emulator });
    try {
      const tools = await session.tools();
      const formats = tools.flatMap((tool) => formatsIn([tool.inputSchema, tool.outputSchema]));
      expect(formats.filter(([, format]) => !STANDARD.has(format))).toEqual([]);
      // uint64 (storage events' amounts, which say minimum 0 already) and int64 (edge app ids), as ranges.
      const schemas = JSON.stringify(tools.find((tool) => tool.name === 'addStorageEvent'));
      expect(schemas).toContain(`"minimum":0,"description":"Amount in bytes`);
      expect(schemas).toContain(`"maximum":${2 ** 64 - 1}`);
      expect(JSON.stringify(tools.find((tool) => tool.name === 'deleteEdgeApp')?.inputSchema)).toContain(
        `"minimum":${-(2 ** 63)},"maximum":${2 ** 63 - 1}`,
      );
    } finally {
      await session.close();
    }
  });
});

describe('the journal', () => {
  it('lists an outputSchema, and answers data that fits it, the same JSON as its text', async () => {
    const session = await connectToEmulator(emulator);
    try {
      emulator.reset();
      await session.call('getVideo', { video_id: 1444 });
      await session.call('createLogsUploaderConfig', { body: { name: 'j', policy: 1, target: 2 } });
      const { outputSchema } = (await session.tools()).find((tool) => tool.name === 'journal')!;
      const answer = await session.call('journal', {});
      expect(createOutputChecks()(outputSchema!)(answer.structuredContent)).toBeUndefined();
      expect(JSON.parse(textOf(answer))).toEqual(answer.structuredContent);
      expect(
        (answer.structuredContent as { requests: { operationId: string }[] }).requests.map((r) => r.operationId),
      ).toEqual(['getVideo', 'createLogsUploaderConfig']);
      const filtered = await session.call('journal', { operationId: 'getVideo' });
      expect((filtered.structuredContent as { requests: unknown[] }).requests).toHaveLength(1);
    } finally {
      await session.close();
    }
  });
});

describe('an answer the document did not foresee, from --base-url', () => {
  let api: TestServer;
  let body: string;
  let session: InMemorySession;
  beforeAll(async () => {
    api = await startServer((_, res) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(body);
    });
    session = await connectInMemory({ baseUrl: api.url, apiKey: 'sk-results-0123456789' }, undefined, {
      allowWrites: true,
    });
  });
  afterAll(async () => {
    await session.close();
    await api.close();
  });
  const video = { id: 1, name: 'v', status: 'ready' };

  it.each([
    ['a new enum value', { ...video, status: 'archived' }],
    ['a null for a string', { ...video, name: null }],
    ['null', null],
    ['a list where an object is due', [video]],
    ['a string', 'ok'],
  ])('getVideo answered %s: the answer as text, and as offDocument, which fits the schema', async (_, answer) => {
    body = JSON.stringify(answer);
    const result = await session.call('getVideo', { video_id: 1 });
    expect(result.isError).toBeFalsy();
    expect(textOf(result)).toMatch(
      /^getVideo answered 200, with an answer the document does not foresee \(.+\); here it is as the service sent it:/s,
    );
    expect(textOf(result)).toContain(JSON.stringify(answer, null, 2));
    expect(result.structuredContent).toEqual({ offDocument: { status: 200, answer, departs: expect.any(String) } });
    const { outputSchema } = (await session.tools()).find((tool) => tool.name === 'getVideo')!;
    expect(createOutputChecks()(outputSchema!)(result.structuredContent)).toBeUndefined();
  });

  it('a write answered off the document: not an error, and says the service answered it', async () => {
    body = JSON.stringify({ id: 3, name: null });
    const result = await session.call('createLogsUploaderConfig', { body: { name: 'x', policy: 1, target: 2 } });
    expect(result.isError).toBeFalsy();
    expect(textOf(result)).toMatch(
      /^createLogsUploaderConfig answered 200, with an answer the document does not foresee/,
    );
    expect(result.structuredContent).toMatchObject({ offDocument: { status: 200, answer: { id: 3, name: null } } });
  });

  it('a write whose answer cannot be read: never says it failed, but that it may have been applied', async () => {
    body = '{"id": 3,';
    const result = await session.call('createLogsUploaderConfig', { body: { name: 'x', policy: 1, target: 2 } });
    expect(result.isError).toBe(true);
    expect(textOf(result)).toMatch(
      /^createLogsUploaderConfig got no answer it could read \(.+\): the service may have applied it all the same\./,
    );
    expect(textOf(result)).not.toMatch(/failed/);
  });
});

describe('every result as sent (fitted)', () => {
  const check = createOutputChecks()({ type: 'object', properties: { id: { type: 'integer' } }, required: ['id'] });
  const result = (structuredContent: Record<string, unknown>, isError?: boolean) => ({
    content: [{ type: 'text' as const, text: 'the answer' }],
    structuredContent,
    ...(isError === undefined ? {} : { isError }),
  });

  it.each([
    ['content that fits: kept', result({ id: 1 }), check, result({ id: 1 })],
    ['no schema to fit: kept', result({ id: 'x' }), undefined, result({ id: 'x' })],
    [
      'an error: text only, whatever its content',
      result({ id: 1 }, true),
      check,
      { content: [{ type: 'text', text: 'the answer' }], isError: true },
    ],
    [
      'a success whose content does not fit: a tool error saying why, with the text',
      result({ id: 'x' }),
      check,
      {
        content: [
          {
            type: 'text',
            text: "t's result does not fit its output schema (answer/id must be integer):\n\nthe answer",
          },
        ],
        isError: true,
      },
    ],
  ])('%s', (_, given, schemaCheck, sent) => {
    expect(fitted('t', given, schemaCheck)).toEqual(sent);
  });
});
