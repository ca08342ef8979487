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
