// The built docs in a real browser (Debian's Chromium through playwright-core), offline: every
// request that is not file: or data: is aborted and counted. Skipped, saying so, where no Chromium is
// installed; with CI=true a missing Chromium fails instead.
import { existsSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chromiumFound, launchChromium, requireChromium } from '../../test-kit/chromium.js';
import { bundled, documentOperations } from '../../test-kit/document.js';
import { projectRoot } from '../helpers/sources.js';

const docs = path.join(projectRoot, 'dist', 'docs', 'index.html');
const screenshot = path.join(projectRoot, 'test-results', 'docs.png');

requireChromium('Browser test of the docs');

describe.skipIf(!chromiumFound)('the docs in Chromium, offline', () => {
  let browser: Browser;
  let page: Page;
  const external: string[] = [];
  const consoleErrors: string[] = [];

  beforeAll(async () => {
    expect(existsSync(docs), 'dist/docs/index.html is built (npm run build:docs)').toBe(true);
    browser = await launchChromium();
    page = await browser.newPage({ viewport: { width: 1400, height: 1000 } });
    // Playwright's actions wait without end by default: a locator that never matches fails the test instead.
    page.setDefaultTimeout(15_000);
    await page.route('**/*', (route) => {
      const url = route.request().url();
      if (url.startsWith('file:') || url.startsWith('data:')) return route.continue();
      external.push(url);
      return route.abort();
    });
    page.on('console', (message) => {
      if (message.type() === 'error') consoleErrors.push(message.text());
    });
    page.on('pageerror', (error) => consoleErrors.push(String(error)));
    await page.goto(`file://${docs}`);
    await page.waitForSelector('.menu-content', { timeout: 30_000 });
  });
  afterAll(async () => {
    await browser?.close();
  });

  // Redoc renders a group's operations only while it is expanded, and a click on an expanded group
  // folds it: click only a folded group. React may paint the list a frame after the click returns,
  // so callers poll or let Playwright's actions wait.
  async function expandGroup(tagName: string): Promise<Locator> {
    const group = page
      .locator('.menu-item-type-group')
      .filter({ has: page.locator(':scope > a', { hasText: new RegExp(`^${tagName}$`) }) });
    const links = group.locator('.menu-item-type-operation a');
    if ((await links.count()) === 0) await group.locator(':scope > a').click();
    return links;
  }

  it('groups the areas by product, as x-tagGroups says', async () => {
    const separators = await page.locator('.menu-item-type-separator-primary').allInnerTexts();
    expect(separators.map((s) => s.trim())).toEqual(bundled['x-tagGroups'].map((g: { name: string }) => g.name));
  });

  it('lists every operation of the document under its tag', async () => {
    const listed: string[] = [];
    for (const tag of bundled.tags as { name: string }[]) {
      const links = await expandGroup(tag.name);
      const operationIds = async () =>
        (await links.evaluateAll((all) => all.map((a) => a.getAttribute('href') ?? '')))
          .map((h) => h.split('/').pop() ?? '')
          .sort();
      const expected = documentOperations()
        .filter((o) => o.operation.tags[0] === tag.name)
        .map((o) => (o.operation.operationId as string).toLowerCase());
      await expect.poll(operationIds, { message: tag.name, timeout: 10_000 }).toEqual(expected.sort());
      listed.push(...(await operationIds()));
    }
    expect(listed).toHaveLength(documentOperations().length);
  });

  it("shows an operation's request body and responses when it is clicked", async () => {
    await (await expandGroup('Bare metal')).first().click();
    const operation = documentOperations().find((o) => o.operation.operationId === 'checkBareMetalQuota')!.operation;
    await expect.poll(() => page.url()).toMatch(/#\/bare-metal\/checkbaremetalquota$/);
    // The clicked operation is scrolled to the top of the page.
    const heading = page.locator('h2', { hasText: operation.summary });
    await expect.poll(async () => (await heading.boundingBox())?.y ?? -1).toBeGreaterThanOrEqual(0);
    expect((await heading.boundingBox())!.y).toBeLessThan(300);
    const text = (await page.locator('[data-testid="middle-panel"]').allInnerTexts()).join('\n');
    const section = text.slice(text.indexOf(operation.summary));
    expect(section).toMatch(/Request\s+Expand all/);
    expect(section).toContain('flavor');
    expect(section).toContain('interfaces');
    // Every response the document declares for it, in its order: 200, the cloud codes, 4XX.
    expect(section).toMatch(new RegExp(`Responses\\s*${Object.keys(operation.responses).join('\\s*')}`));
  });

  it('finds check_limits with search', async () => {
    await page.locator('[data-testid="search-trigger"]').click();
    await page.locator('input[placeholder^="Search"]').fill('check_limits');
    const result = page
      .locator('[data-component-name="Search/SearchItem"]')
      .filter({ hasText: '/cloud/v1/bminstances/{project_id}/{region_id}/check_limits' });
    await expect.poll(() => result.count(), { timeout: 10_000 }).toBeGreaterThan(0);
    await page.keyboard.press('Escape');
  });

  const operations = documentOperations().map(({ path: route, operation }) => ({
    operationId: operation.operationId as string,
    route,
    tag: operation.tags[0] as string,
  }));

  it.each(operations)(
    'shows $operationId with its operationId, and offers a TypeScript sample calling $route',
    async ({ operationId, route, tag }) => {
      const id = `/${tag.toLowerCase().replace(/\s+/g, '-')}/${operationId.toLowerCase()}`;
      await page.goto(`file://${docs}#${id}`);
      const section = page.locator(`[data-section-id="${id}"]`);
      await section.waitFor({ timeout: 15_000 });
      await expect.poll(() => section.innerText()).toContain(`operationId: ${operationId}`);
      // The menu is named by the language shown, and Redoc keeps a reader's choice from one operation to the next.
      await section.getByRole('button', { name: /^(curl|TypeScript|Payload)$/ }).click();
      await page
        .locator('li')
        .filter({ hasText: /^TypeScript$/ })
        .first()
        .click();
      const sample = section.locator('pre').first();
      await expect.poll(() => sample.innerText()).toContain('createCloudClient');
      expect(await sample.innerText()).toContain(`'${route}'`);
    },
  );

  it('makes no request off the machine and logs no console error; a screenshot is saved', async () => {
    mkdirSync(path.dirname(screenshot), { recursive: true });
    await page.screenshot({ path: screenshot });
    expect(existsSync(screenshot)).toBe(true);
    expect(external).toEqual([]);
    expect(consoleErrors).toEqual([]);
  });
});
