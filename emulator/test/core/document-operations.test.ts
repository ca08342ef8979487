// An operation the emulator has no behaviour for is answered from the document: a copy of the document
// with one operation more is served through each adapter, with the example its success response
// declares, and the document's routing, auth and validation; one warning at start names it.
import { setupServer } from 'msw/node';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMswHandlers } from '../../src/adapters/msw.js';
import { createEmulator, type Emulator } from '../../src/index.js';
import { startEmulatorServer, type RunningServer } from '../../src/server.js';
import { bundled } from '../helpers/emulator.js';

const GADGET = { id: 42, name: 'a gadget' };

/** The package's document with one operation more, which no handler knows. */
function withOneMoreOperation() {
  const document = structuredClone(bundled);
  document.paths['/gadgets/v1/gadgets/{gadget_id}'] = {
    get: {
      operationId: 'getGadget',
      tags: ['Gadgets'],
      summary: 'Get a gadget',
      parameters: [{ name: 'gadget_id', in: 'path', required: true, schema: { type: 'integer', minimum: 1 } }],
      responses: {
        '200': {
          description: 'The gadget.',
          content: {
            'application/json': {
              schema: { type: 'object', properties: { id: { type: 'integer' }, name: { type: 'string' } } },
              example: GADGET,
            },
          },
        },
        '4XX': {
          description: 'A client error.',
          content: { 'application/json': { schema: { type: 'object', properties: { error: { type: 'string' } } } } },
        },
      },
    },
  };
  return document;
}

type Send = (path: string, headers?: Record<string, string>) => Promise<Response>;
const AUTH = { authorization: 'apikey gadgets' };

let emulator: Emulator;
let server: RunningServer;
const warnings: string[] = [];
const mswBase = 'https://gadgets.example.test';
const msw = setupServer();

beforeAll(async () => {
  emulator = await createEmulator({ document: withOneMoreOperation(), warn: (line) => warnings.push(line) });
  server = await startEmulatorServer(emulator, { port: 0 });
  msw.use(...createMswHandlers(emulator, { baseUrl: mswBase }));
  msw.listen({ onUnhandledRequest: 'bypass' });
});
afterAll(async () => {
  msw.close();
  await server.close();
});

const adapters: [string, () => Send][] = [
  ['the HTTP server', () => (path, headers) => fetch(`${server.url}${path}`, { headers })],
  ['the in-process fetch', () => (path, headers) => emulator.fetch(`http://emulator.local${path}`, { headers })],
  ['the MSW handlers', () => (path, headers) => fetch(`${mswBase}${path}`, { headers })],
];

describe.each(adapters)('an operation with no behaviour, through %s', (_, adapter) => {
  it("answers its success response's example, and the document's auth and validation", async () => {
    const send = adapter();
    const ok = await send('/gadgets/v1/gadgets/42', AUTH);
    expect(ok.status).toBe(200);
    expect(await ok.json()).toEqual(GADGET);
    expect((await send('/gadgets/v1/gadgets/42')).status).toBe(401);
    expect((await send('/gadgets/v1/gadgets/0', AUTH)).status).toBe(400);
    // The operations it has behaviour for are as before.
    expect((await send('/streaming/videos/1444', AUTH)).status).toBe(200);
  });
});

it('warns once, at start, naming it', () => {
  expect(warnings).toEqual([
    "cloud-platform-emulator: no behaviour for getGadget: answered statelessly with the document's example\n",
  ]);
});
