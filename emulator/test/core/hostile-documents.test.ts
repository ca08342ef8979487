// Documents of the user's own, shaped to break a server that trusts them: an operationId that is a name
// of Object.prototype, a body `$ref` that cannot resolve, a recursive schema met by a deep body, a pattern
// that backtracks. Each is answered as the document says, or refused at creation naming what is wrong;
// never a 500 per request, never a frozen event loop.
import { describe, expect, it } from 'vitest';
import { createEmulator } from '../../src/index.js';
import { bundled } from '../helpers/emulator.js';

const AUTH = { authorization: 'apikey hostile', 'content-type': 'application/json' };

/** The package's document with one POST more, at /hostile/{operationId}, taking `schema` as its body. */
function withOperation(operationId: string, schema: object, components: Record<string, object> = {}) {
  const document = structuredClone(bundled);
  Object.assign(document.components.schemas!, components);
  document.paths[`/hostile/${operationId}`] = {
    post: {
      operationId,
      summary: operationId,
      requestBody: { required: true, content: { 'application/json': { schema } } },
      responses: {
        '200': {
          description: 'Done.',
          content: { 'application/json': { schema: { type: 'object' }, example: { answered: operationId } } },
        },
        '4XX': {
          description: 'A client error.',
          content: { 'application/json': { schema: { type: 'object' } } },
        },
      },
    },
  };
  return document;
}

const post = (emulator: Awaited<ReturnType<typeof createEmulator>>, operationId: string, body: string) =>
  emulator.fetch(`http://emulator.local/hostile/${operationId}`, { method: 'POST', headers: AUTH, body });

describe('an operationId that Object.prototype also has', () => {
  it.each([['constructor'], ['toString'], ['__proto__'], ['hasOwnProperty'], ['valueOf'], ['isPrototypeOf']])(
    '%s is answered with its example',
    async (operationId) => {
      const emulator = await createEmulator({
        document: withOperation(operationId, { type: 'object' }),
        warn: () => {},
      });
      const answer = await post(emulator, operationId, '{"echo":"me"}');
      expect(answer.status).toBe(200);
      expect(await answer.json()).toEqual({ answered: operationId });
      expect(emulator.coverage().operations.find((op) => op.operationId === operationId)).toMatchObject({
        requests: 1,
      });
    },
  );
});

describe('a body $ref that cannot be followed', () => {
  it.each([
    [
      'a loop',
      { $ref: '#/components/schemas/Loop' },
      '"#/components/schemas/Loop" leads only to $refs, back to itself',
    ],
    ['a URL', { $ref: 'https://schemas.example.test/body.json' }, '"https://schemas.example.test/body.json" is not'],
    ['a malformed escape', { $ref: '#/components/schemas/%ZZ' }, '"#/components/schemas/%ZZ" has a malformed'],
    ['a name nothing has', { $ref: '#/components/schemas/Nope' }, '"#/components/schemas/Nope" names nothing'],
    [
      'one deep in a property',
      { type: 'object', properties: { inner: { type: 'array', items: { $ref: '#/components/schemas/Nope' } } } },
      '"#/components/schemas/Nope" names nothing',
    ],
  ])('%s: the document is refused at creation, naming the $ref', async (_, schema, named) => {
    const document = withOperation('postBroken', schema, { Loop: { $ref: '#/components/schemas/Loop' } });
    await expect(createEmulator({ document, warn: () => {} })).rejects.toThrow(
      expect.objectContaining({
        name: 'EmulatorOptionError',
        message: expect.stringContaining(`POST /hostile/postBroken, request body: $ref ${named}`),
      }),
    );
  });
});

describe('a recursive schema and a body as deep as the body limit allows', () => {
  const TREE = { type: 'object', properties: { child: { $ref: '#/components/schemas/Tree' }, n: { type: 'integer' } } };
  /** `{"child":{"child":...{"n":1}}}`, this many levels deep, as text. */
  const deep = (levels: number) => `${'{"child":'.repeat(levels - 1)}{"n":1}${'}'.repeat(levels - 1)}`;
  let emulator: Awaited<ReturnType<typeof createEmulator>>;
  it('makes the emulator', async () => {
    const document = withOperation('postTree', { $ref: '#/components/schemas/Tree' }, { Tree: TREE });
    emulator = await createEmulator({ document, warn: () => {} });
  });

  it.each([
    [10, 200],
    [900, 200],
    [1001, 400],
    [5000, 400],
    [100_000, 400],
  ])('%d levels: %d', async (levels, status) => {
    const answer = await post(emulator, 'postTree', deep(levels));
    expect(answer.status).toBe(status);
    if (status === 400) expect(JSON.stringify(await answer.json())).toContain('levels');
  });
});

describe('a pattern that a backtracking engine takes exponential time on', () => {
  const EVIL = '^(a+)+$';
  // 42 letters and one that breaks the match: 43 bytes, about 2^42 steps for a backtracking engine.
  const ATTACK = `${'a'.repeat(42)}!`;

  it.each([
    ['a body field', { type: 'object', properties: { name: { type: 'string', pattern: EVIL } } }, { name: ATTACK }],
    [
      'a patternProperties name (the field filter too)',
      { type: 'object', patternProperties: { [EVIL]: { type: 'string' } }, additionalProperties: false },
      { [ATTACK]: 'x' },
    ],
  ])('%s: the 43-byte attack is a 400, at once', async (_, schema, body) => {
    const emulator = await createEmulator({ document: withOperation('postEvil', schema), warn: () => {} });
    const answer = await post(emulator, 'postEvil', JSON.stringify(body));
    expect(answer.status).toBe(400);
    const matching = await post(
      emulator,
      'postEvil',
      JSON.stringify(JSON.parse(JSON.stringify(body).replace('!', ''))),
    );
    expect(matching.status).toBe(200);
  });

  it.each([
    ['a lookahead', '^(?=.*\\d).+$'],
    ['a backreference', '^(a)\\1$'],
  ])('%s, which no linear-time engine runs: the document is refused, naming the pattern', async (_, pattern) => {
    const document = withOperation('postLook', { type: 'object', properties: { p: { type: 'string', pattern } } });
    await expect(createEmulator({ document, warn: () => {} })).rejects.toThrow(
      expect.objectContaining({
        name: 'EmulatorOptionError',
        message: expect.stringContaining(`request body: the pattern ${JSON.stringify(pattern)} cannot be matched`),
      }),
    );
  });
});
