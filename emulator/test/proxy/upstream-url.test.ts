// The proxy's upstream URL through the API (the CLI has its own table): one a path cannot follow is refused
// at creation, and the message never quotes the credentials it carries.
import { describe, expect, it } from 'vitest';
import { createEmulator, EmulatorOptionError } from '../../src/index.js';

describe('createEmulator({ proxy }) with an upstream a path cannot follow', () => {
  it.each([
    ['credentials', 'http://user:s3cr3tpw@127.0.0.1:1/base', 'http://***@127.0.0.1:1/base'],
    ['a query', 'http://127.0.0.1:1/base?token=QSECRET', 'http://127.0.0.1:1/base?token=QSECRET'],
    ['a fragment', 'http://127.0.0.1:1/base#frag', 'http://127.0.0.1:1/base#frag'],
    ['not http', 'ftp://127.0.0.1:1/', 'ftp://127.0.0.1:1/'],
  ])('refuses %s, naming the option', async (_what, baseUrl, shown) => {
    const created = createEmulator({ proxy: { baseUrl } });
    await expect(created).rejects.toThrow(EmulatorOptionError);
    await expect(created).rejects.toThrow(`proxy.baseUrl must`);
    await expect(created).rejects.toThrow(`got "${shown}"`);
    await expect(created).rejects.not.toThrow('s3cr3tpw');
  });
});

describe('createEmulator({ proxy }) with a timeout the upstream cannot be given', () => {
  it.each([0, -1, 1.5, 600_001, Number.NaN, '30000'])('refuses %s, naming proxy.timeoutMs', async (timeoutMs) => {
    const created = createEmulator({ proxy: { baseUrl: 'http://127.0.0.1:9', timeoutMs: timeoutMs as number } });
    await expect(created).rejects.toThrow(EmulatorOptionError);
    await expect(created).rejects.toThrow('proxy.timeoutMs: must be a whole number of milliseconds from 1 to 600000');
  });
});

describe('createEmulator({ proxy }) given options of the wrong shape', () => {
  it.each<[string, unknown, string]>([
    ['a URL alone (the old server option)', 'http://127.0.0.1:9', 'proxy: must be an object of baseUrl'],
    ['an array', ['http://127.0.0.1:9'], 'proxy: must be an object of baseUrl'],
    ['no baseUrl', {}, 'proxy.baseUrl: must be an http(s) URL, got undefined'],
    ['a baseUrl that is a number', { baseUrl: 9 }, 'proxy.baseUrl: must be an http(s) URL, got 9'],
    ['a fetch that is a string', { baseUrl: 'http://127.0.0.1:9', fetch: 'fetch' }, 'proxy.fetch: must be a function'],
  ])('refuses %s, naming the option', async (_what, proxy, message) => {
    const created = createEmulator({ proxy: proxy as never });
    await expect(created).rejects.toThrow(EmulatorOptionError);
    await expect(created).rejects.toThrow(message);
  });
});

describe('createEmulator({ proxy: { fetch } })', () => {
  it('calls it as every package calls a fetch option: fetch(request, { signal })', async () => {
    const calls: { request: Request; init: unknown; body: string }[] = [];
    const emulator = await createEmulator({
      proxy: {
        baseUrl: 'http://upstream.test/base',
        fetch: async (request, init) => {
          calls.push({ request, init, body: await request.text() });
          return new Response('{}', { status: 201, headers: { 'content-type': 'application/json' } });
        },
      },
      warn: () => {},
    });
    const answer = await emulator.fetch('http://emulator.local/cdn/logs_uploader/configs', {
      method: 'POST',
      headers: { authorization: 'apikey k', 'content-type': 'application/json' },
      body: '{"name":"n"}',
    });
    expect(answer.status).toBe(201);
    expect(calls).toHaveLength(1);
    const [{ request, init, body }] = calls as [(typeof calls)[number]];
    expect(request).toBeInstanceOf(Request);
    expect([request.method, request.url, body]).toEqual([
      'POST',
      'http://upstream.test/base/cdn/logs_uploader/configs',
      '{"name":"n"}',
    ]);
    expect(request.headers.get('authorization')).toBe('apikey k');
    expect(request.redirect).toBe('manual');
    expect(Object.keys(init as object)).toEqual(['signal']);
    expect((init as { signal: unknown }).signal).toBeInstanceOf(AbortSignal);
  });
});
