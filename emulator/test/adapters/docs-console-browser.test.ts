// The emulator's interactive reference at /docs in Debian's Chromium, used as a reader would: it loads with no
// request outside the emulator; its try-it console reads a video, creates a logs uploader config and patches it,
// and shows the emulator's 400 for an invalid body. It says where requests go: to this emulator, whose key field
// works as the page loads (for a document's own schemes too: bearer, OAuth2, basic, a key in the query), or, in
// proxy mode, to the upstream with the key typed, which no storage keeps. A screenshot of each step goes to
// test-results/docs-console/.
import { mkdirSync } from 'node:fs';
import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { chromiumFound, launchChromium, requireChromium } from '../../../test-kit/chromium.js';
import { openOperation, sendRequest, type Typed } from '../../../test-kit/elements-console.js';
import { projectRoot } from '../../../test-kit/project-root.js';
import type { RunningServer, ServerEmulatorOptions } from '../../src/server.js';
import { startEmulator } from '../helpers/emulator.js';

const shots = path.join(projectRoot, 'test-results', 'docs-console');

requireChromium("Browser test of the emulator's /docs console");

/**
 * An emulator started with the options `optionsOf` gives once the file's other setup has run, one console tab for
 * the block's tests, and the requests the tab made anywhere else (refused). Before each test the tab's storage is
 * emptied (from a page of the same origin without the console's script): each test opens the console afresh, with
 * nothing kept from an earlier one. A tab of its own for each test cost a second and a half more per test.
 */
function consoleOn(optionsOf: () => ServerEmulatorOptions): {
  server: RunningServer;
  page: Page;
  elsewhere: string[];
} {
  const setup = { elsewhere: [] as string[] } as { server: RunningServer; page: Page; elsewhere: string[] };
  let browser: Browser;
  let context: BrowserContext;
  beforeAll(async () => {
    mkdirSync(shots, { recursive: true });
    setup.server = await startEmulator(optionsOf());
    browser = await launchChromium();
    context = await browser.newContext({ viewport: { width: 1400, height: 1000 } });
    setup.page = await context.newPage();
    // Playwright's actions wait without end by default: a locator that never matches fails the test instead.
    setup.page.setDefaultTimeout(15_000);
    await setup.page.route('**/*', (route) => {
      const url = route.request().url();
      if (url.startsWith(`${setup.server.url}/`) || url.startsWith('data:')) return route.continue();
      setup.elsewhere.push(url);
      return route.abort();
    });
  });
  beforeEach(async () => {
    await context.clearCookies();
    await setup.page.goto(`${setup.server.url}/openapi.json`);
    await setup.page.evaluate(() => {
      localStorage.clear();
      sessionStorage.clear();
    });
  });
  afterAll(async () => {
    await browser?.close();
    await setup.server?.close();
  });
  return setup;
}

/** Opens an operation in the emulator's console and fills in what the reader types. */
const open = (page: Page, server: RunningServer, operationId: string, typed: Typed = {}) =>
  openOperation(page, `${server.url}/docs#/operations/${operationId}`, typed);

/** Sends the request and reads the answer the console shows; its screenshot goes to test-results/docs-console/. */
const send = (page: Page, screenshot: string) => sendRequest(page, path.join(shots, screenshot));

/** The page's banner, as a reader sees it. */
const bannerOf = (page: Page) => page.getByRole('banner').innerText();

describe.skipIf(!chromiumFound)("the emulator's /docs console in Chromium", () => {
  const on = consoleOn(() => ({}));
  const key = 'apikey any-token';

  it('sends GET /streaming/videos/1444 and shows the 200 body', async () => {
    await open(on.page, on.server, 'getVideo', { key, fields: { video_id: '1444' } });
    const answer = await send(on.page, '1-get-video.png');
    expect(answer.status).toBe(200);
    expect(answer.body).toContain('"name": "Product launch"');
  });

  it('creates a logs uploader config, patches it, and shows the change', async () => {
    await open(on.page, on.server, 'createLogsUploaderConfig', {
      key,
      body: { name: 'Console logs', policy: 1, target: 2 },
    });
    const created = await send(on.page, '2-create-config.png');
    expect(created.status).toBe(200);
    const id = /"id": (\d+)/.exec(created.body)?.[1];
    expect(id, created.body).toBeDefined();

    await open(on.page, on.server, 'updateLogsUploaderConfig', {
      key,
      fields: { config_id: id! },
      body: { name: 'Console logs, renamed', enabled: false },
    });
    const patched = await send(on.page, '3-patch-config.png');
    expect(patched.status).toBe(200);
    expect(patched.body).toContain('"name": "Console logs, renamed"');
    expect(patched.body).toContain('"enabled": false');
    expect(
      on.server.emulator.requests.list({ operationId: 'updateLogsUploaderConfig' }).map((entry) => entry.path),
    ).toEqual([`/cdn/logs_uploader/configs/${id}`]);
  });

  it("sends an invalid body and sees the emulator's 400 naming the field", async () => {
    await open(on.page, on.server, 'createLogsUploaderConfig', {
      key,
      body: { name: 'Broken', policy: 'every day', target: 2 },
    });
    const refused = await send(on.page, '4-invalid-body.png');
    expect(refused.status).toBe(400);
    expect(refused.body).toContain('body.policy: must be integer');
  });

  it('says requests go to this emulator, and sends with the key field as the page fills it', async () => {
    await open(on.page, on.server, 'getVideo', { fields: { video_id: '1444' } });
    expect(await bannerOf(on.page)).toContain('every request you send here goes to this local emulator');
    expect(await on.page.getByRole('textbox', { name: 'Authorization' }).inputValue()).toBe(key);
    const answer = await send(on.page, '5-key-as-filled.png');
    expect(answer.status).toBe(200);
  });

  it('sends its first request with the path parameter filled from the document example', async () => {
    await open(on.page, on.server, 'getVideo');
    expect(await on.page.getByRole('textbox', { name: 'video_id', exact: true }).inputValue()).toBe('1444');
    const answer = await send(on.page, '5-first-send.png');
    expect(answer.status).toBe(200);
    expect(answer.body).toContain('"id": 1444');
  });

  it('shows curl samples that call the emulator serving the page', async () => {
    await open(on.page, on.server, 'getVideo');
    const text = await on.page.locator('body').innerText();
    expect(text).toContain(`curl -X GET '${on.server.url}/streaming/videos/1444'`);
    expect(text).not.toContain('https://api.gcore.com');
  });

  it('made no request outside the emulator', () => {
    expect(on.elsewhere).toEqual([]);
  });
});

/** A stand-in for the live service on 127.0.0.1: it answers every request with a 200 and keeps what it was sent. */
function recordingUpstream(): { url: string; seen: { method: string; path: string; headers: IncomingHttpHeaders }[] } {
  const upstream = { url: '', seen: [] as { method: string; path: string; headers: IncomingHttpHeaders }[] };
  const server = createServer((req, res) => {
    upstream.seen.push({ method: req.method ?? '', path: req.url ?? '', headers: req.headers });
    res.writeHead(200, { 'content-type': 'application/json' }).end('{"id":1444,"name":"From the upstream"}');
  });
  beforeAll(async () => {
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    upstream.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));
  return upstream;
}

describe.skipIf(!chromiumFound)('the /docs console of an emulator started with --proxy, in Chromium', () => {
  const upstream = recordingUpstream();
  const on = consoleOn(() => ({ proxy: { baseUrl: upstream.url } }));
  const typedKey = 'apikey console-typed-secret';

  it('says in its banner that requests, with the key typed, go to the upstream', async () => {
    await open(on.page, on.server, 'getVideo');
    const banner = await bannerOf(on.page);
    expect(banner).toContain(`Proxy to ${upstream.url}`);
    expect(banner).toContain('with the key you type');
    expect(banner).not.toContain('local emulator');
    expect(await on.page.getByRole('textbox', { name: 'Authorization' }).inputValue()).toBe('');
  });

  it('sends the typed key to the upstream, and no storage keeps it', async () => {
    await open(on.page, on.server, 'getVideo', { key: typedKey, fields: { video_id: '1444' } });
    const answer = await send(on.page, '6-proxy-get-video.png');
    expect(answer.status).toBe(200);
    expect(answer.body).toContain('"name": "From the upstream"');
    expect(upstream.seen.map(({ method, path, headers }) => [method, path, headers.authorization])).toEqual([
      ['GET', '/streaming/videos/1444', typedKey],
    ]);
    // A page of the same origin in the same tab, without the console's script: what the browser itself stored.
    await on.page.goto(`${on.server.url}/openapi.json`);
    const stored = await on.page.evaluate(() => JSON.stringify([{ ...localStorage }, { ...sessionStorage }]));
    expect(stored).not.toContain('console-typed-secret');
  });

  it('made no request outside the emulator', () => {
    expect(on.elsewhere).toEqual([]);
  });
});

/** A document of one's own whose four operations each take one kind of credential, none of them an `apikey` header. */
function documentOfSchemes(): ServerEmulatorOptions['document'] {
  const answer = {
    '200': {
      description: 'The thing.',
      content: { 'application/json': { schema: { type: 'object', properties: { id: { type: 'integer' } } } } },
    },
    '401': { description: 'No credentials.' },
  };
  const operation = (operationId: string, scheme: string) => ({
    get: { operationId, security: [{ [scheme]: [] }], responses: answer },
  });
  return {
    openapi: '3.1.0',
    info: { title: 'Schemes', version: '1.0.0' },
    paths: {
      '/bearer': operation('getWithBearer', 'token'),
      '/oauth': operation('getWithOAuth', 'oauth'),
      '/basic': operation('getWithBasic', 'login'),
      '/query': operation('getWithQueryKey', 'queryKey'),
    },
    components: {
      securitySchemes: {
        oauth: {
          type: 'oauth2',
          flows: { clientCredentials: { tokenUrl: 'https://auth.example.test/token', scopes: {} } },
        },
        token: { type: 'http', scheme: 'bearer' },
        login: { type: 'http', scheme: 'basic' },
        queryKey: { type: 'apiKey', in: 'query', name: 'api_key' },
      },
    },
  } as ServerEmulatorOptions['document'];
}

describe.skipIf(!chromiumFound)("the /docs console of a document's own security schemes, in Chromium", () => {
  // Only the key the page fills works: Elements' own default (`Bearer 123`) or an empty field is a 401.
  const on = consoleOn(() => ({ document: documentOfSchemes(), apiKeys: ['any-token', 'emulator:any-token'] }));

  it("says in its banner what the key field holds for the first scheme, OAuth2's: Bearer and the token", async () => {
    await open(on.page, on.server, 'getWithOAuth');
    expect(await bannerOf(on.page)).toContain('The key field holds Bearer any-token, which it accepts');
  });

  it.each([
    ['getWithBearer', 'bearer'],
    ['getWithOAuth', 'oauth2'],
    ['getWithBasic', 'basic'],
    ['getWithQueryKey', 'query'],
  ])('sends %s with the key field as the page fills it (%s): 200, not 401', async (operationId, kind) => {
    await open(on.page, on.server, operationId);
    const answer = await send(on.page, `7-scheme-${kind}.png`);
    expect(answer.status).toBe(200);
  });

  it('made no request outside the emulator', () => {
    expect(on.elsewhere).toEqual([]);
  });
});
