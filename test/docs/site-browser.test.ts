// The published site (dist/site/) in Debian's Chromium, as a reader uses it: served by a plain static file
// server under a sub-path as GitHub Pages serves a project, and opened from a file:// path. Nothing else
// listens: the console's answers come from the emulator in the page. Every request off the page's origin is
// counted and refused. The bytes of each page's first view are held to a budget (docs/benchmarks.md).
import { existsSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chromiumFound, launchChromium, requireChromium } from '../../test-kit/chromium.js';
import { openOperation, sendRequest, type Typed } from '../../test-kit/elements-console.js';
import { documentOperations } from '../../test-kit/document.js';
import { projectRoot } from '../helpers/sources.js';
import { serveStatic, type StaticSite } from '../helpers/static-site.js';

const siteDir = path.join(projectRoot, 'dist', 'site');
const shots = path.join(projectRoot, 'test-results', 'site');
const SUB_PATH = '/cloud-platform-api/';

/**
 * Bytes of each page's first view (every file it loads), held here and measured in docs/benchmarks.md. The
 * console's grew by re2js, the linear-time pattern engine the emulator checks a document's patterns with.
 */
export const FIRST_VIEW_BUDGET = { reference: 2_900_000, console: 3_150_000 };

requireChromium('Browser test of the published site');

/** One Chromium for the file, launched when first asked for: each walk reads in a context of its own. */
let launched: Promise<Browser> | undefined;
const sharedBrowser = () => (launched ??= launchChromium());
afterAll(async () => {
  await (await launched)?.close();
});

interface Reader {
  page: Page;
  /** Requests the page made off its origin (refused). */
  elsewhere: string[];
  errors: string[];
}

/** A tab of its own, refusing and counting every request that is not for `own`. */
async function readerOn(browser: Browser, own: (url: string) => boolean): Promise<Reader> {
  const context = await browser.newContext({ viewport: { width: 1400, height: 1000 } });
  const reader: Reader = { page: await context.newPage(), elsewhere: [], errors: [] };
  reader.page.setDefaultTimeout(15_000);
  await context.route('**/*', (route) => {
    const url = route.request().url();
    if (own(url) || url.startsWith('data:')) return route.continue();
    reader.elsewhere.push(url);
    return route.abort();
  });
  reader.page.on('console', (message) => {
    if (message.type() === 'error') reader.errors.push(message.text());
  });
  reader.page.on('pageerror', (error) => reader.errors.push(String(error)));
  return reader;
}

/**
 * The walk the issue names, on a site whose root is `root` (ending in a slash), its reference opened at
 * `home` (the root itself on a server, index.html from a folder).
 */
function readerWalk(name: string, root: () => string, home: string, open: () => Reader) {
  const shot = (file: string) => path.join(shots, `${name}-${file}`);
  const operation = (operationId: string, typed?: Typed) =>
    openOperation(open().page, `${root()}console.html#/operations/${operationId}`, typed);
  const send = (file: string) => sendRequest(open().page, shot(file));
  let created = '';

  it('opens the reference and follows its link to the console, which says where answers come from', async () => {
    const { page } = open();
    await page.goto(`${root()}${home}`);
    await page.waitForSelector('.menu-content', { timeout: 30_000 });
    await page.getByRole('link', { name: 'the console' }).first().click();
    await page.waitForURL(/console\.html/);
    await expect
      .poll(() => page.locator('#where').innerText())
      .toContain('Answers come from an emulator running in your browser');
    await expect.poll(() => page.locator('#state').innerText()).toContain('Starting from the fixtures');
    expect(await page.getByRole('link', { name: 'Reference' }).getAttribute('href')).toBe('index.html');
  });

  it('sends getVideo 1444 as the page fills it: 200', async () => {
    await operation('getVideo');
    const answer = await send('1-get-video.png');
    expect(answer.status).toBe(200);
    expect(answer.body).toContain('"name": "Product launch"');
  });

  it('creates a logs uploader config (200) and reads it back by its new id, after a reload too', async () => {
    await operation('createLogsUploaderConfig', { body: { name: 'Made in the site', policy: 1, target: 2 } });
    const made = await send('2-create-config.png');
    expect(made.status).toBe(200);
    created = /"id": (\d+)/.exec(made.body)?.[1] ?? '';
    expect(created, made.body).not.toBe('');
    await open().page.reload();
    await operation('updateLogsUploaderConfig', { fields: { config_id: created }, body: { enabled: false } });
    const read = await send('3-read-back.png');
    expect(read.status).toBe(200);
    expect(read.body).toContain('"name": "Made in the site"');
    expect(read.body).toContain(`"id": ${created}`);
    expect(await open().page.locator('#state').innerText()).toContain('Restored the state this tab kept');
  });

  it('shows the documented 404 for a config that does not exist', async () => {
    await operation('updateLogsUploaderConfig', { fields: { config_id: '999999' }, body: { enabled: false } });
    const missing = await send('4-not-found.png');
    expect(missing.status).toBe(404);
    expect(missing.body).toMatch(/"message": ".*999999/);
  });

  it('asks for the documented 409 with "Answer with" and shows its body', async () => {
    await operation('checkBareMetalQuota');
    await open().page.locator('#answer').selectOption('409');
    const conflict = await send('5-conflict.png');
    expect(conflict.status).toBe(409);
    expect(conflict.body).toMatch(/"message": "/);
  });

  it('resets: the fixtures are back and the config made is gone', async () => {
    const { page } = open();
    await page.locator('#reset').click();
    await expect.poll(() => page.locator('#state').innerText()).toContain('The fixtures again');
    await operation('updateLogsUploaderConfig', { fields: { config_id: created }, body: { enabled: false } });
    expect((await send('6-after-reset.png')).status).toBe(404);
    await operation('getVideo');
    expect((await send('7-fixture-after-reset.png')).status).toBe(200);
  });

  it('made no request off the page and logged no error', () => {
    expect(open().elsewhere).toEqual([]);
    expect(open().errors).toEqual([]);
  });
}

describe.skipIf(!chromiumFound)(`the site served under ${SUB_PATH} by a plain static server`, () => {
  let browser: Browser;
  let site: StaticSite;
  let reader: Reader;
  const onSite = (url: string) => url.startsWith(`${new URL(site.url).origin}/`);
  beforeAll(async () => {
    expect(existsSync(path.join(siteDir, 'console.js')), 'dist/site is built (npm run build:site)').toBe(true);
    mkdirSync(shots, { recursive: true });
    site = await serveStatic(siteDir, SUB_PATH);
    browser = await sharedBrowser();
    reader = await readerOn(browser, onSite);
  });
  afterAll(async () => {
    await reader?.page.context().close();
    await site?.close();
  });

  readerWalk(
    'http',
    () => site.url,
    '',
    () => reader,
  );

  // Elements moves between operations with history.pushState, not a hash change the page would hear.
  it('"Answer with" follows a move inside the console: a status picked for one operation is dropped', async () => {
    const { page } = reader;
    await openOperation(page, `${site.url}console.html#/operations/checkBareMetalQuota`);
    await page.locator('#answer').selectOption('409');
    await page.locator('a[href="#/"]').first().click();
    await page.waitForURL(/#\/$/);
    await expect.poll(() => page.locator('#answer option').count()).toBe(1);
    expect(await page.locator('#answer').inputValue()).toBe('');
  });

  it('offers the live service as a second target; the key typed is kept in no storage', async () => {
    const { page } = reader;
    await openOperation(page, `${site.url}console.html#/operations/getVideo`);
    await page.locator('#target').selectOption('live');
    await expect.poll(() => page.locator('#where').innerText()).toContain('The live service, https://api.gcore.com');
    expect(await page.locator('#answer').isDisabled()).toBe(true);
    const key = page.getByRole('textbox', { name: 'Authorization' });
    await expect.poll(() => key.inputValue()).toBe('');
    await key.fill('apikey site-typed-secret');
    await expect.poll(() => page.locator('body').innerText()).toContain('https://api.gcore.com/streaming/videos/1444');
    // A page of the same origin in the same tab, without the console's script: what the browser itself stored.
    await page.goto(`${site.url}llms.txt`);
    const stored = await page.evaluate(() =>
      JSON.stringify([{ ...localStorage }, { ...sessionStorage }, document.cookie]),
    );
    expect(stored).not.toContain('site-typed-secret');
  });

  // What the reader sees when the tab's storage holds a state the page cannot read (written by another
  // version of the site, or by hand). Each kind of such state is a case of test/docs/page-emulator.test.ts.
  it('starts from the fixtures, saying so, when the state kept for the tab is not JSON', async () => {
    const { page } = reader;
    await page.goto(`${site.url}console.html`);
    await page.evaluate(() => sessionStorage.setItem('cloud-platform-api:console-state', '{"format":'));
    await page.reload();
    await openOperation(page, `${site.url}console.html#/operations/getVideo`);
    await expect
      .poll(() => page.locator('#state').innerText())
      .toContain('could not be read: starting from the fixtures');
    expect((await sendRequest(page, path.join(shots, 'kept-state-refused.png'))).status).toBe(200);
  });

  it('serves llms.txt at the root, and each page it links', async () => {
    const index = await (await fetch(`${site.url}llms.txt`)).text();
    const links = [...index.matchAll(/\]\(([^)]+)\)/g)].map(([, link]) => link!);
    expect(links.filter((link) => link.startsWith('operations/'))).toHaveLength(documentOperations().length);
    for (const link of links) expect((await fetch(`${site.url}${link}`)).status, link).toBe(200);
  });

  it.each(['reference', 'console'] as const)('keeps the first view of the %s within its budget', async (which) => {
    const fresh = await readerOn(browser, onSite);
    site.takeSent();
    await fresh.page.goto(`${site.url}${which === 'reference' ? '' : 'console.html'}`, { waitUntil: 'networkidle' });
    const { bytes, files } = site.takeSent();
    process.stdout.write(`first view of the ${which}: ${bytes} bytes (${files.join(', ')})\n`);
    expect(bytes).toBeGreaterThan(0);
    expect(bytes).toBeLessThanOrEqual(FIRST_VIEW_BUDGET[which]);
    await fresh.page.context().close();
  });
});

describe.skipIf(!chromiumFound)('the site opened from a file:// path', () => {
  let reader: Reader;
  beforeAll(async () => {
    reader = await readerOn(await sharedBrowser(), (url) => url.startsWith('file:'));
  });
  afterAll(async () => {
    await reader?.page.context().close();
  });

  readerWalk(
    'file',
    () => pathToFileURL(`${siteDir}/`).href,
    'index.html',
    () => reader,
  );
});
