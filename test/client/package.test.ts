// The built package, imported by its name as a user would, and the client's fitness for browsers.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { createCloudClient, operationIndex } from 'cloud-platform-api';
import { startServer } from '../../test-kit/http-server.js';
import { browserBundle, nodeOnly, packedFiles } from '../../test-kit/packed.js';
import { projectRoot, seedOperations } from '../helpers/sources.js';

describe('the package', () => {
  it('exports createCloudClient and the operation index by its name, from dist/', async () => {
    expect(import.meta.resolve('cloud-platform-api')).toMatch(/\/dist\/src\/index\.js$/);
    expect(operationIndex).toHaveLength(seedOperations().length);
    const server = await startServer((_r, res) => res.writeHead(204).end());
    try {
      const client = createCloudClient({ apiKey: 'k', baseUrl: server.url });
      const { response } = await client.DELETE('/fastedge/v1/apps/{id}', { params: { path: { id: 5 } } });
      expect(response.status).toBe(204);
    } finally {
      await server.close();
    }
  });

  it('exports the bundled document as ./openapi.json', async () => {
    const { default: document } = await import('cloud-platform-api/openapi.json', { with: { type: 'json' } });
    expect(document.openapi).toBe('3.1.0');
  });

  it('ships the library, its types once, the bundled document, the toolbox and the LICENSE; no docs page, no checker, no emulator', () => {
    const files = packedFiles(projectRoot);
    for (const file of [
      'dist/src/index.js',
      'dist/src/index.d.ts',
      'dist/generated/schema.d.ts',
      'dist/generated/key-header.d.ts',
      'dist/src/contract/toolbox.js',
      'generated/openapi.json',
      'generated/openapi.yaml',
      'LICENSE',
    ]) {
      expect(files, file).toContain(file);
    }
    // The types once (dist/generated/schema.d.ts is what dist/src/*.d.ts import), and neither 2.7 MB docs page.
    for (const absent of ['generated/schema.d.ts', 'dist/docs/index.html', 'dist/site/index.html'])
      expect(files, absent).not.toContain(absent);
    expect(
      files.some(
        (f) =>
          f.startsWith('test/') ||
          f.startsWith('node_modules/') ||
          f.startsWith('bin/') ||
          /(^|\/)(check|emulator)\//.test(f),
      ),
    ).toBe(false);
  }, 60_000);

  it('bundles for the browser with nothing Node-only on the client path', async () => {
    const code = await browserBundle(path.join(projectRoot, 'src', 'index.ts'));
    expect(code).not.toMatch(nodeOnly(['fs', 'http', 'net', 'path', 'crypto']));
  });
});

describe('the default base URL', () => {
  it("is the document's first server with its variables at their defaults, read through generated/", async () => {
    const document = JSON.parse(readFileSync(path.join(projectRoot, 'generated', 'openapi.json'), 'utf8')) as {
      servers: { url: string; variables: Record<string, { default: string }> }[];
    };
    const [server] = document.servers;
    const expected = server!.url.replace(/\{(\w+)\}/g, (_, name: string) => server!.variables[name]!.default);
    const { DEFAULT_BASE_URL } = await import('../../src/index.js');
    expect(DEFAULT_BASE_URL).toBe(expected);
    expect(JSON.parse(readFileSync(path.join(projectRoot, 'generated', 'client-defaults.json'), 'utf8'))).toMatchObject(
      { baseUrl: expected },
    );
  });
});
