// `--document FILE` and the `document` option: a hostile file refused at start in one line; a given
// document emulated and served at /openapi.json, /openapi.yaml and /docs; one with no paths served too.
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { loadDocument } from 'cloud-platform-check/document';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { parse } from 'yaml';
import { capturedOutput } from '../../../test-kit/captured-output.js';
import { describeDocumentOption, tinyDocument } from '../../../test-kit/hostile-documents.js';
import { main } from '../../src/cli.js';
import { createEmulator } from '../../src/index.js';
import type { RunningServer } from '../../src/server.js';
import { startEmulator } from '../helpers/emulator.js';

/** Runs the command in this process, with what it writes to stdout and stderr. */
async function emulatorCommand(args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  const { value, stdout, stderr } = await capturedOutput(() => main(args, {}));
  return { code: value, stdout, stderr };
}

// A document that keeps this repository's auth scheme (security from the document is another change).
const KEY_SCHEME = {
  components: {
    securitySchemes: {
      key: { type: 'apiKey', in: 'header', name: 'Authorization', 'x-authorization-scheme': 'APIKey' },
    },
  },
  security: [{ key: [] }],
};
const headers = { authorization: 'APIKey any-token' };

const folder = mkdtempSync(path.join(os.tmpdir(), 'emulator-document-'));
function written(name: string, document: object): string {
  const file = path.join(folder, name);
  writeFileSync(file, JSON.stringify(document));
  return file;
}

describeDocumentOption('cloud-platform-emulator', (args) => emulatorCommand([...args, '--port', '0']));

describe('cloud-platform-emulator --document', () => {
  it('is listed in --help and offered for a misspelt option', async () => {
    expect((await emulatorCommand(['--help'])).stdout).toMatch(
      /--document FILE +emulate this OpenAPI 3\.0 or 3\.1 document/,
    );
    expect((await emulatorCommand(['--documnt', 'x.yaml'])).stderr).toContain('Did you mean --document?');
  });

  it("makes an emulator of the file's document (here with --export-state, which does not serve)", async () => {
    const file = written('tiny.json', tinyDocument(KEY_SCHEME));
    const snapshot = path.join(folder, 'state.json');
    const warned = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    expect((await emulatorCommand(['--document', file, '--export-state', snapshot])).code).toBe(0);
    // The operations it has no behaviour for are the file's, only its one.
    expect(warned.mock.calls).toEqual([[expect.stringMatching(/no behaviour for listThings: answered statelessly/)]]);
    warned.mockRestore();
    expect(JSON.parse(readFileSync(snapshot, 'utf8'))).toBeTypeOf('object');
  });
});

describe('--fixtures on a document of its own', () => {
  it("is refused in one line, exit 1: fixtures fill this repository's operations, which it has none of", async () => {
    const file = written('tiny-for-fixtures.json', tinyDocument(KEY_SCHEME));
    const fixtures = written('fixtures.json', { videos: [] });
    const { code, stderr } = await emulatorCommand(['--document', file, '--fixtures', fixtures, '--port', '0']);
    expect(code).toBe(1);
    expect(stderr).toBe(
      "Fixtures fill this repository's operations (videos, zones, ...): the document has none of them\n",
    );
  });
});

describe('the emulator of a given document, over HTTP', () => {
  let server: RunningServer;
  let document: Awaited<ReturnType<typeof loadDocument>>;
  beforeAll(async () => {
    const yaml = path.join(folder, 'pets.yaml');
    writeFileSync(
      yaml,
      [
        'openapi: 3.0.3',
        'info: {title: Pets, version: "1"}',
        'security: [{key: []}]',
        'paths:',
        '  /pets:',
        '    get:',
        '      operationId: listPets',
        '      tags: [pets]',
        '      responses:',
        "        '200':",
        '          description: the pets',
        '          content:',
        '            application/json:',
        '              schema: {type: array, items: {type: string, nullable: true}}',
        '              example: [rex, null]',
        'components:',
        '  securitySchemes:',
        '    key: {type: apiKey, in: header, name: Authorization, x-authorization-scheme: APIKey}',
      ].join('\n'),
    );
    document = await loadDocument(yaml);
    server = await startEmulator({ document });
  });
  afterAll(() => server.close());

  it('answers its operations', async () => {
    const answer = await fetch(`${server.url}/pets`, { headers });
    expect(answer.status).toBe(200);
    expect(await answer.json()).toEqual(['rex', null]);
    expect((await fetch(`${server.url}/streaming/videos`, { headers })).status).toBe(404);
  });

  it.each([
    ['/openapi.json', 'application/json', (text: string) => JSON.parse(text)],
    ['/docs/openapi.json', 'application/json', (text: string) => JSON.parse(text)],
    ['/openapi.yaml', 'application/yaml', (text: string) => parse(text)],
  ])('serves it at %s', async (at, type, read) => {
    const answer = await fetch(`${server.url}${at}`);
    expect(answer.status).toBe(200);
    expect(answer.headers.get('content-type')).toContain(type);
    expect(read(await answer.text())).toEqual(document);
  });

  it('serves the /docs page for it', async () => {
    const page = await fetch(`${server.url}/docs`, { headers: { accept: 'text/html' } });
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('/docs/openapi.json');
  });
});

describe('a document without paths (webhooks only)', () => {
  const hooks = {
    openapi: '3.1.0',
    info: { title: 'Hooks', version: '1' },
    webhooks: { newPet: { post: { operationId: 'newPet', responses: { '200': { description: 'ok' } } } } },
  };

  it('is emulated: every path is a 404 in the emulator’s own shape, and the document is served', async () => {
    const emulator = await createEmulator({ document: { ...hooks, ...KEY_SCHEME } });
    const answer = await emulator.fetch('http://emulator.local/anything', { headers });
    expect(answer.status).toBe(404);
    expect(answer.headers.get('content-type')).toContain('application/json');
    expect(await answer.json()).toEqual({ message: 'No operation at GET /anything' });
    expect(emulator.document.paths).toEqual({});
    await emulator.close();
  });
});

describe('the Gcore areas on another document', () => {
  it('are built only for operations it shares with this repository’s document, at the same method and path', async () => {
    // `getQuotaNotificationThreshold` by name, at another path, and no Gcore schema anywhere: not a TypeError,
    // and answered from its own document, not by the quotas area.
    const own = tinyDocument({
      ...KEY_SCHEME,
      paths: {
        '/thresholds/{id}': {
          get: {
            operationId: 'getQuotaNotificationThreshold',
            parameters: [{ name: 'id', in: 'path', required: true, schema: { type: 'string' } }],
            responses: { '200': { description: 'ok', content: { 'application/json': { example: { mine: true } } } } },
          },
        },
      },
    });
    const emulator = await createEmulator({ document: own, warn: () => undefined });
    const answer = await emulator.fetch('http://emulator.local/thresholds/7', { headers });
    expect(answer.status).toBe(200);
    expect(await answer.json()).toEqual({ mine: true });
    await emulator.close();
  });
});
