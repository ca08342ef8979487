// The emulator's interactive reference at /docs in Debian's Chromium, used as a reader would: it loads with no
// request outside the emulator; its try-it console reads a video, creates a logs uploader config and patches it,
// and shows the emulator's 400 for an invalid body. A screenshot of each step goes to test-results/docs-console/.
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chromiumFound, launchChromium, requireChromium } from '../../../test/helpers/chromium.js';
import { projectRoot } from '../../../test/helpers/sources.js';
import type { RunningServer } from '../../src/server.js';
import { startEmulator } from '../helpers/emulator.js';

const shots = path.join(projectRoot, 'test-results', 'docs-console');

requireChromium("Browser test of the emulator's /docs console");

describe.skipIf(!chromiumFound)("the emulator's /docs console in Chromium", () => {
  let server: RunningServer;
  let browser: Browser;
  let page: Page;
  const elsewhere: string[] = [];

  beforeAll(async () => {
    mkdirSync(shots, { recursive: true });
    server = await startEmulator();
    browser = await launchChromium();
    page = await browser.newPage({ viewport: { width: 1400, height: 1000 } });
    // Playwright's actions wait without end by default: a locator that never matches fails the test instead.
    page.setDefaultTimeout(15_000);
    await page.route('**/*', (route) => {
      const url = route.request().url();
      if (url.startsWith(`${server.url}/`) || url.startsWith('data:')) return route.continue();
      elsewhere.push(url);
      return route.abort();
    });
  });
  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  /** Opens an operation in the console and fills in what the reader types: a token and the fields given. */
  async function open(operationId: string, fields: Record<string, string> = {}, body?: unknown): Promise<void> {
    await page.goto(`${server.url}/docs#/operations/${operationId}`);
    await page.getByRole('button', { name: 'Send API Request' }).waitFor({ timeout: 30_000 });
    await page.getByRole('textbox', { name: 'Authorization' }).fill('apikey any-token');
    for (const [name, value] of Object.entries(fields))
      await page.getByRole('textbox', { name, exact: true }).fill(value);
    if (body !== undefined)
      await page
        .locator('textarea')
        .first()
        .fill(JSON.stringify(body, null, 2));
  }

  /** Sends the request and reads the answer the console shows: its status line and its body. */
  async function send(screenshot: string): Promise<{ status: number; body: string }> {
    await page.getByRole('button', { name: 'Send API Request' }).click();
    const shown = page.getByText(/^\d{3} [A-Za-z ]+$/).first();
    await shown.waitFor({ timeout: 10_000 });
    await page.screenshot({ path: path.join(shots, screenshot), fullPage: false });
    const status = Number((await shown.innerText()).slice(0, 3));
    const text = await page.locator('body').innerText();
    return { status, body: text.slice(text.indexOf(await shown.innerText())) };
  }

  it('sends GET /streaming/videos/1444 and shows the 200 body', async () => {
    await open('getVideo', { video_id: '1444' });
    const answer = await send('1-get-video.png');
    expect(answer.status).toBe(200);
    expect(answer.body).toContain('"name": "Product launch"');
  });

  it('creates a logs uploader config, patches it, and shows the change', async () => {
    await open('createLogsUploaderConfig', {}, { name: 'Console logs', policy: 1, target: 2 });
    const created = await send('2-create-config.png');
    expect(created.status).toBe(200);
    const id = /"id": (\d+)/.exec(created.body)?.[1];
    expect(id, created.body).toBeDefined();

    await open('updateLogsUploaderConfig', { config_id: id! }, { name: 'Console logs, renamed', enabled: false });
    const patched = await send('3-patch-config.png');
    expect(patched.status).toBe(200);
    expect(patched.body).toContain('"name": "Console logs, renamed"');
    expect(patched.body).toContain('"enabled": false');
    expect(
      server.emulator.requests.list({ operationId: 'updateLogsUploaderConfig' }).map((entry) => entry.path),
    ).toEqual([`/cdn/logs_uploader/configs/${id}`]);
  });

  it("sends an invalid body and sees the emulator's 400 naming the field", async () => {
    await open('createLogsUploaderConfig', {}, { name: 'Broken', policy: 'every day', target: 2 });
    const refused = await send('4-invalid-body.png');
    expect(refused.status).toBe(400);
    expect(refused.body).toContain('body.policy: must be integer');
  });

  it('made no request outside the emulator', () => {
    expect(elsewhere).toEqual([]);
  });
});
