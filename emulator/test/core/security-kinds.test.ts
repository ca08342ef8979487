// The emulator on a document of each security kind: a request without the key is refused with what to
// send, a key --api-key does not list is refused, the right one acts; `security: []` asks for nothing and
// `[{}, {scheme}]` lets a request without a key through. What the emulator keeps (the journal, the proxy's
// violations and recordings) and what it answers hold no secret of the key, wherever it travelled.
import { describe, expect, it } from 'vitest';
import { startDivergentServer, type Divergence } from '../../../test-kit/divergent-server.js';
import { keyEchoes, keyFormIn } from '../../../test-kit/key-forms.js';
import {
  carriedRequest,
  OPEN_OPERATION,
  OPTIONAL_OPERATION,
  SECURITY_KINDS,
  withSecurity,
} from '../../../test-kit/security-kinds.js';
import { createEmulator, EmulatorOptionError, type Emulator } from '../../src/index.js';
import { startEmulatorServer } from '../../src/server.js';

const BASE = 'http://emulator.local';
const CREATE = '/cdn/logs_uploader/configs';

/** Every secret of the key that `text` holds in any form, by name: none, where nothing leaked. */
const leaks = (text: string, secrets: readonly string[]) =>
  secrets.flatMap((secret) => {
    const form = keyFormIn(text, secret);
    return form ? [`${secret} ${form}`] : [];
  });

const call = (emulator: Emulator, path: string, headers: Record<string, string>, init: RequestInit = {}) =>
  emulator.fetch(`${BASE}${path}`, { ...init, headers });

describe.each(SECURITY_KINDS)('a document whose scheme is $kind', (kind) => {
  const document = withSecurity(kind);
  const { url: createUrl, headers: createHeaders } = carriedRequest(CREATE, kind.carry(kind.key), {
    'content-type': 'application/json',
  });

  it('refuses a request without the key with a 401 that says what to send, and takes it otherwise', async () => {
    const emulator = await createEmulator({ document, apiKeys: [kind.key] });
    const refused = await call(
      emulator,
      CREATE,
      { 'content-type': 'application/json' },
      { method: 'POST', body: '{}' },
    );
    expect(refused.status).toBe(401);
    expect((await refused.json()).message).toContain(`"${kind.hint}"`);
    const body = JSON.stringify({ name: 'logs', policy: 1, target: 2 });
    expect((await call(emulator, createUrl, createHeaders, { method: 'POST', body })).status).toBe(200);
    await emulator.close();
  });

  it('refuses a key --api-key does not list, without quoting it', async () => {
    const emulator = await createEmulator({ document, apiKeys: ['another-key:listed'] });
    const { url, headers } = carriedRequest(CREATE, kind.carry(kind.key), { 'content-type': 'application/json' });
    const refused = await call(emulator, url, headers, { method: 'POST', body: '{}' });
    expect(refused.status).toBe(401);
    const text = await refused.text();
    expect(text).toContain('Unknown API key');
    expect(leaks(text, kind.secrets)).toEqual([]);
    await emulator.close();
  });

  it('lets `security: []` through without a key, and `[{}, {scheme}]` without one but not with a wrong one', async () => {
    const emulator = await createEmulator({ document, apiKeys: [kind.key] });
    expect((await call(emulator, OPEN_OPERATION.path, {})).status).toBe(200);
    expect((await call(emulator, OPTIONAL_OPERATION.path, {})).status).toBe(200);
    const wrong = carriedRequest(OPTIONAL_OPERATION.path, kind.carry('alice:wrong-key-0'));
    expect((await call(emulator, wrong.url, wrong.headers)).status).toBe(401);
    const right = carriedRequest(OPTIONAL_OPERATION.path, kind.carry(kind.key));
    expect((await call(emulator, right.url, right.headers)).status).toBe(200);
    await emulator.close();
  });

  it("guards the emulator's own routes with the document's scheme when keys are required", async () => {
    const emulator = await createEmulator({ document, apiKeys: [kind.key] });
    expect((await call(emulator, '/__emulator/requests', {})).status).toBe(401);
    const { url, headers } = carriedRequest('/__emulator/requests', kind.carry(kind.key));
    expect((await call(emulator, url, headers)).status).toBe(200);
    await emulator.close();
  });

  it('keeps no secret of the key in the journal: not its query, not a body that echoes it in any form', async () => {
    const emulator = await createEmulator({ document });
    const echoed = kind.secrets.flatMap((secret) => keyEchoes(secret).map(({ text }) => text)).join(' ');
    const body = JSON.stringify({ name: echoed, policy: 1, target: 2 });
    await call(emulator, createUrl, createHeaders, { method: 'POST', body });
    await call(emulator, `${createUrl}`, createHeaders, { method: 'POST', body: `not JSON: ${echoed}` });
    const kept = JSON.stringify(emulator.requests.list());
    expect(kept).toContain('[redacted]');
    expect(leaks(kept, kind.secrets)).toEqual([]);
    await emulator.close();
  });

  it("keeps no secret of the key in the proxy's violations and recording, whatever the upstream echoes", async () => {
    // A valid answer (so that it is recorded) with the secrets in a declared field and in an undeclared one.
    const echoing: Divergence = (_request, answer) =>
      answer.status === 200
        ? {
            ...answer,
            body: JSON.stringify({ ...JSON.parse(answer.body), name: kind.secrets.join(' '), extra: kind.key }),
          }
        : answer;
    const upstream = await startDivergentServer(echoing, { document });
    const saved: unknown[] = [];
    const proxy = await createEmulator({
      document,
      proxy: { baseUrl: upstream.url, recording: { initial: {}, save: (fixtures) => saved.push(fixtures) } },
      warn: () => {},
    });
    const { url, headers } = carriedRequest('/streaming/streams?page=1', kind.carry(kind.key));
    await call(proxy, url, headers);
    const video = carriedRequest('/streaming/videos/1444', kind.carry(kind.key));
    await call(proxy, video.url, video.headers);
    const kept = JSON.stringify([proxy.violations.list(), proxy.violations.report(), saved, proxy.requests.list()]);
    await proxy.close();
    await upstream.close();
    expect(kept).toContain('[redacted]');
    expect(leaks(kept, kind.secrets)).toEqual([]);
  });
});

describe("the HTTP server's CORS", () => {
  it.each(SECURITY_KINDS.filter((kind) => Object.keys(kind.carry('k').headers).some((name) => name !== 'cookie')))(
    'lets a page send the header a key of $kind goes in',
    async (kind) => {
      const server = await startEmulatorServer(await createEmulator({ document: withSecurity(kind) }), { port: 0 });
      const preflight = await fetch(`${server.url}${CREATE}`, {
        method: 'OPTIONS',
        headers: { origin: 'http://localhost:5173', 'access-control-request-method': 'POST' },
      });
      const allowed = preflight.headers.get('access-control-allow-headers')!.split(', ');
      await server.close();
      expect(allowed).toEqual([...Object.keys(kind.carry('k').headers), 'content-type', 'prefer']);
    },
  );
});

describe('a document whose security the emulator cannot serve', () => {
  it.each([
    [
      'an HTTP digest scheme',
      { type: 'http', scheme: 'digest' },
      'HTTP scheme "digest" is not supported (bearer and basic are)',
    ],
    ['mutual TLS', { type: 'mutualTLS' }, '"mutualTLS" is not a scheme this toolkit serves'],
  ])('is refused at creation, in one line naming the scheme: %s', async (_, scheme, why) => {
    const document = withSecurity({ ...SECURITY_KINDS[0]!, scheme });
    const created = createEmulator({ document }).catch((error: unknown) => error);
    await expect(created).resolves.toBeInstanceOf(EmulatorOptionError);
    const { message } = (await created) as Error;
    expect(message).toContain(`document: #/components/securitySchemes/testAuth: ${why}`);
    expect(message).not.toContain('\n');
  });
});
