// Prefer, as Prism reads it, for the document's examples: `example=NAME` answers the named example of
// the declared response, and `code=` of a success the operation declares besides its own answers that
// response's example; the operation does not run, so nothing changes. An unknown name is a 400 that
// lists the known ones. Every named example of the document is walked.
import { responseFor } from 'cloud-platform-api/toolbox';
import { describe, expect, it } from 'vitest';
import { operationRows } from '../../../test-kit/operation-table.js';
import { createEmulator, type Emulator } from '../../src/index.js';
import { bundled, useInProcess } from '../helpers/emulator.js';

const AUTH = { authorization: 'apikey prefer' };
const rows = operationRows();

/** Sends an operation's request from the document's examples, with a Prefer header. */
async function preferring(
  emulator: Emulator,
  operationId: string,
  prefer: string,
): Promise<{ status: number; body: unknown; message: string }> {
  const { url, method, body: sent } = rows.find((row) => row.operationId === operationId)!;
  const answer = await emulator.fetch(`http://emulator.local${url}`, {
    method,
    headers: { ...AUTH, prefer, ...(sent === undefined ? {} : { 'content-type': 'application/json' }) },
    ...(sent === undefined ? {} : { body: JSON.stringify(sent) }),
  });
  const text = await answer.text();
  const body = text === '' ? undefined : JSON.parse(text);
  // Where the area's error says why: its body (in whichever field), or the `error` header of a DNS 400.
  return {
    status: answer.status,
    body,
    message:
      body === undefined
        ? (answer.headers.get('error') ?? '')
        : Object.values(body as object)
            .filter((value) => typeof value === 'string')
            .join(' '),
  };
}

/** Every named example of an operation's success response in the document. */
const namedExamples = rows.flatMap((row) =>
  Object.entries(responseFor(bundled, row.route, row.successStatus)?.namedExamples ?? {}).map(([name, value]) => ({
    operationId: row.operationId,
    name,
    value,
    status: row.successStatus,
  })),
);

describe('Prefer: example=NAME', () => {
  const running = useInProcess();

  it('the document names examples for a video (ready, processing) and a page of streams (live, idle)', () => {
    expect(namedExamples.map(({ operationId, name }) => `${operationId} ${name}`)).toEqual(
      expect.arrayContaining(['getVideo ready', 'getVideo processing', 'listStreams live', 'listStreams idle']),
    );
  });

  it.each(namedExamples)('$operationId answers its example "$name"', async ({ operationId, name, value, status }) => {
    const answer = await preferring(running.emulator, operationId, `example=${name}`);
    expect([answer.status, answer.body]).toEqual([status, value]);
  });

  it.each([
    ['getVideo', 'live', 'one of "ready", "processing"'],
    ['getDnsZone', 'any', 'a name the 200 response of getDnsZone gives an example, and it names none'],
  ])('%s with example=%s is a 400 that lists the known names', async (operationId, name, known) => {
    const answer = await preferring(running.emulator, operationId, `example=${name}`);
    expect(answer.status).toBe(400);
    expect(answer.message).toContain(`header.prefer: example must be ${known}, got "${name}"`);
  });
});

describe('Prefer: code= of a success the operation declares besides its own', () => {
  /** The document with a 201 declared for the uploader config create beside its 200, with an example, and a named example of the 200. */
  function withSecondSuccess() {
    const document = structuredClone(bundled);
    const create = document.paths['/cdn/logs_uploader/configs']!.post!;
    const ok = create.responses['200'] as { content: Record<string, { example?: unknown; examples?: unknown }> };
    const media = ok.content['application/json']!;
    create.responses['201'] = {
      description: 'Created, as the live service answers.',
      content: {
        'application/json': {
          schema: (media as { schema: unknown }).schema,
          example: { ...(media.example as object), name: 'from the 201 example' },
        },
      },
    };
    media.examples = { disabled: { value: { ...(media.example as object), enabled: false } } };
    return document;
  }

  it("answers that response's example, or a named example, and the operation does not run", async () => {
    const emulator = await createEmulator({ document: withSecondSuccess() });
    const created = await preferring(emulator, 'createLogsUploaderConfig', 'code=201');
    expect([created.status, (created.body as { name: string }).name]).toEqual([201, 'from the 201 example']);
    const named = await preferring(emulator, 'createLogsUploaderConfig', 'example=disabled');
    expect([named.status, (named.body as { enabled: boolean }).enabled]).toEqual([200, false]);
    expect(emulator.store.tables.configs.size()).toBe(0);
    // The operation's own success runs it.
    expect((await preferring(emulator, 'createLogsUploaderConfig', 'code=200')).status).toBe(200);
    expect(emulator.store.tables.configs.size()).toBe(1);
  });

  it('refuses a success the operation does not declare, naming those it does', async () => {
    const emulator = await createEmulator({ document: withSecondSuccess() });
    const answer = await preferring(emulator, 'createLogsUploaderConfig', 'code=202');
    expect(answer.status).toBe(400);
    expect(answer.message).toContain(
      'code must be an error status from 400 to 599, or a success status createLogsUploaderConfig declares (200, 201), got "202"',
    );
  });
});
