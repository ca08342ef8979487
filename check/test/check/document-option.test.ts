// cloud-platform-check --document FILE and checkContract's `document`: a hostile file refused before
// anything is sent; a given document checked (its operations, not this repository's); one without paths
// checked with nothing to send, without a crash.
import { mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createEmulator } from 'cloud-platform-emulator';
import { describe, expect, it } from 'vitest';
import { describeDocumentOption, tinyDocument } from '../../../test-kit/hostile-documents.js';
import { checkCommand } from '../../src/check/check-cli.js';
import { checkContract } from '../../src/check/check-contract.js';

// A port nothing listens on: a refused file must stop the run before any request.
const NOWHERE = ['--base-url', 'http://127.0.0.1:9', '--api-key', 'any-token'];

describeDocumentOption('cloud-platform-check', async (args) => {
  const { code, stderr } = await checkCommand([...args, ...NOWHERE]);
  return { code, stderr };
});

// Documents that keep this repository's auth scheme (security from the document is another change).
const KEY_SCHEME = {
  components: {
    securitySchemes: {
      key: { type: 'apiKey', in: 'header', name: 'Authorization', 'x-authorization-scheme': 'APIKey' },
    },
  },
  security: [{ key: [] }],
};

describe('cloud-platform-check --document', () => {
  it('is listed in --help', async () => {
    expect((await checkCommand(['--help'])).stdout).toMatch(/--document FILE +check against this OpenAPI 3\.0 or 3\.1/);
  });

  it("checks the file's operations, not this repository's", async () => {
    const folder = mkdtempSync(path.join(os.tmpdir(), 'check-document-'));
    const file = path.join(folder, 'tiny.json');
    writeFileSync(file, JSON.stringify(tinyDocument(KEY_SCHEME)));
    // No server at all: every request is unanswered, and the report names what it tried.
    const { stdout } = await checkCommand(['--document', file, ...NOWHERE, '--max-requests', '3']);
    expect(stdout).toContain('listThings');
    expect(stdout).not.toContain('getVideo');
  });
});

describe('checkContract on a given document', () => {
  it('checks a document without paths: nothing to send, no crash', async () => {
    const hooks = { openapi: '3.1.0', info: { title: 'Hooks', version: '1' }, webhooks: {}, ...KEY_SCHEME };
    const emulator = await createEmulator({ document: hooks });
    const result = await checkContract({
      document: hooks,
      baseUrl: 'http://emulator.local',
      apiKey: 'any-token',
      fetch: emulator.fetch,
    });
    expect(result.failures).toEqual([]);
    expect(result.requests).toBe(0);
    await emulator.close();
  });

  it('reads a 3.0 document as 3.1, its unknown keywords as annotations', async () => {
    const given = tinyDocument({
      ...KEY_SCHEME,
      openapi: '3.0.3',
      paths: {
        '/things': {
          get: {
            operationId: 'listThings',
            responses: {
              '200': {
                description: 'ok',
                content: {
                  'application/json': {
                    schema: { type: 'array', items: { type: 'string', nullable: true, 'x-vendor': 1, vendorWord: 2 } },
                    example: ['a', null],
                  },
                },
              },
            },
          },
        },
      },
    });
    const emulator = await createEmulator({ document: given, warn: () => undefined });
    const result = await checkContract({
      document: given,
      baseUrl: 'http://emulator.local',
      apiKey: 'any-token',
      fetch: emulator.fetch,
      maxRequests: 5,
      seed: 1,
    });
    expect(result.checks['body-schema'].passed).toBeGreaterThan(0);
    expect(result.failures.filter((failure) => ['body-schema', 'no-server-error'].includes(failure.check))).toEqual([]);
    await emulator.close();
  });
});
