// The auth scheme is the document's: the header's scheme word is read from its security scheme
// (x-authorization-scheme) by the emulator, the client (through generated/) and the checker's report,
// so a document that names another word changes what each sends and accepts.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { createCloudClient } from 'cloud-platform-api';
import { curlCommand } from 'cloud-platform-check';
import { authSchemeOf, type OpenApiDocument } from 'cloud-platform-api/toolbox';
import bundled from 'cloud-platform-api/openapi.json' with { type: 'json' };
import { startDivergentServer, type Divergence } from '../../../test-kit/divergent-server.js';
import { createEmulator } from '../../src/index.js';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..', '..');
const source = parse(
  readFileSync(path.join(root, 'openapi', 'components', 'securitySchemes', 'ApiKeyAuth.yaml'), 'utf8'),
) as Record<string, string>;
const document = bundled as unknown as OpenApiDocument;

function withScheme(change: (scheme: Record<string, unknown>, document: OpenApiDocument) => void): OpenApiDocument {
  const copy = structuredClone(document);
  const name = Object.keys(copy.security[0])[0]!;
  change(copy.components.securitySchemes![name]!, copy);
  return copy;
}

describe('the scheme, read from the document', () => {
  it("is the source file's header name and x-authorization-scheme word", () => {
    expect(authSchemeOf(document)).toEqual({ header: source.name, scheme: source['x-authorization-scheme'] });
  });

  it.each([
    ['no top-level security', (_: unknown, copy: OpenApiDocument) => delete copy.security],
    ['no scheme word', (scheme: Record<string, unknown>) => delete scheme['x-authorization-scheme']],
    ['a scheme in the query', (scheme: Record<string, unknown>) => (scheme.in = 'query')],
    ['an http scheme', (scheme: Record<string, unknown>) => (scheme.type = 'http')],
  ])('refuses a document with %s, naming security', (_what, change) => {
    expect(() => authSchemeOf(withScheme(change))).toThrow(
      /^security: the document's first scheme \(\w+\) must be an apiKey in a header with an x-authorization-scheme word$/,
    );
  });
});

describe('what each tool sends and accepts follows the word', () => {
  it('the emulator of a document with another word accepts it, and names it when refusing', async () => {
    const emulator = await createEmulator({
      document: withScheme((scheme) => (scheme['x-authorization-scheme'] = 'token')),
    });
    const get = (authorization: string) =>
      emulator.fetch('http://emulator.local/streaming/videos/1444', { headers: { authorization } });
    expect((await get('token some-key')).status).toBe(200);
    expect((await get('TOKEN some-key')).status).toBe(200);
    const refused = await get(`${source['x-authorization-scheme']} some-key`);
    expect(refused.status).toBe(401);
    expect(await refused.text()).toContain(`${source.name}: token <token>`);
    await emulator.close();
  });

  it('the emulator of a document that names another header reads the key from that header', async () => {
    const emulator = await createEmulator({ document: withScheme((scheme) => (scheme.name = 'X-Api-Key')) });
    const get = (headers: Record<string, string>) =>
      emulator.fetch('http://emulator.local/streaming/videos/1444', { headers });
    const word = source['x-authorization-scheme'];
    expect((await get({ 'x-api-key': `${word} some-key` })).status).toBe(200);
    const refused = await get({ authorization: `${word} some-key` });
    expect(refused.status).toBe(401);
    expect(await refused.text()).toContain(`X-Api-Key: ${word} <token>`);
    await emulator.close();
  });

  describe('a document whose key goes in X-Api-Key: what is kept holds no key', () => {
    const xApiKey = withScheme((scheme) => (scheme.name = 'X-Api-Key'));
    const key = 'x-api-key-secret-5f2e8a1c';
    const headers = { 'x-api-key': `${source['x-authorization-scheme']} ${key}`, 'content-type': 'application/json' };

    it('the journal scrubs the key from the bodies it keeps', async () => {
      const emulator = await createEmulator({ document: xApiKey });
      const created = await emulator.fetch('http://emulator.local/cdn/logs_uploader/configs', {
        method: 'POST',
        headers,
        body: JSON.stringify({ name: `config of ${key}`, policy: 1, target: 2 }),
      });
      expect(created.status).toBe(200);
      const [entry] = emulator.requests.list({ operationId: 'createLogsUploaderConfig' });
      expect(entry?.body).toMatchObject({ name: 'config of [redacted]' });
      await emulator.close();
    });

    it("the proxy's recording scrubs the key an upstream echoes", async () => {
      const echoing: Divergence = (_request, answer) =>
        answer.status === 200 ? { ...answer, body: JSON.stringify({ ...JSON.parse(answer.body), name: key }) } : answer;
      const upstream = await startDivergentServer(echoing, { document: xApiKey });
      const saved: Record<string, unknown>[] = [];
      const proxy = await createEmulator({
        document: xApiKey,
        proxy: { baseUrl: upstream.url, recording: { initial: {}, save: (fixtures) => saved.push(fixtures) } },
      });
      const answer = await proxy.fetch('http://emulator.local/streaming/videos/1444', { headers });
      expect(answer.status).toBe(200);
      await proxy.close();
      await upstream.close();
      const recorded = JSON.stringify(saved);
      expect(recorded).not.toContain(key);
      expect(recorded).toContain('[redacted]');
    });
  });

  it("the client and the checker's reproduce command send the package document's word", async () => {
    const sent: string[] = [];
    const client = createCloudClient({
      apiKey: 'k-1',
      baseUrl: 'http://emulator.local',
      maxRetries: 0,
      fetch: async (request) => {
        sent.push(request.headers.get(source.name!)!);
        return new Response('{}', { headers: { 'content-type': 'application/json' } });
      },
    });
    await client.GET('/streaming/videos/{video_id}', { params: { path: { video_id: 1 } } });
    expect(sent).toEqual([`${source['x-authorization-scheme']} k-1`]);
    const command = curlCommand({
      method: 'GET',
      url: 'http://x.test/',
      body: undefined,
      auth: authSchemeOf(document),
    });
    expect(command).toContain(`-H "${source.name}: ${source['x-authorization-scheme']} $GCORE_API_KEY"`);
  });
});
