// The coverage page cloud-platform-check writes, in Chromium: a run against the emulator, its page
// opened from disk with every request that is not file: or data: aborted and counted. The tables are
// visible, one per operation, and nothing leaves the machine. Skipped, saying so, without Chromium.
import { mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { createEmulator } from 'cloud-platform-emulator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkContract } from '../../src/check/check-contract.js';
import { coverageHtml } from '../../src/check/coverage/html.js';
import { chromiumFound, launchChromium, requireChromium } from '../../../test-kit/chromium.js';

requireChromium('Browser test of the coverage page');

describe.skipIf(!chromiumFound)('the coverage page in Chromium, offline', () => {
  let browser: Browser;
  let page: Page;
  let operations: string[];
  const offMachine: string[] = [];
  const consoleErrors: string[] = [];

  beforeAll(async () => {
    const emulator = await createEmulator();
    const result = await checkContract({
      baseUrl: 'http://127.0.0.1:4010',
      apiKey: 'any-token',
      seed: 1,
      maxRequests: 150,
      fetch: emulator.fetch,
    });
    await emulator.close();
    operations = result.coverage.operations.map((op) => op.operationId);
    const file = path.join(mkdtempSync(path.join(os.tmpdir(), 'coverage-page-')), 'coverage.html');
    writeFileSync(file, coverageHtml(result.coverage, `Coverage of ${result.baseUrl}`));
    browser = await launchChromium();
    page = await browser.newPage();
    page.setDefaultTimeout(15_000);
    await page.route('**/*', (route) => {
      const url = route.request().url();
      if (url.startsWith('file:') || url.startsWith('data:')) return route.continue();
      offMachine.push(url);
      return route.abort();
    });
    page.on('console', (message) => {
      if (message.type() === 'error') consoleErrors.push(message.text());
    });
    await page.goto(`file://${file}`);
  }, 120_000);
  afterAll(async () => {
    await browser?.close();
  });

  it('shows a visible table per operation, headed by its operationId', async () => {
    await expect(page.locator('table').first().isVisible()).resolves.toBe(true);
    expect(await page.locator('section table').count()).toBe(operations.length);
    expect(await page.locator('section h2 code:first-child').allTextContents()).toEqual(operations);
  });

  it('colours rows by what was met, and says it in words', async () => {
    const seen = page.locator('tr.full', { hasText: 'seen' }).first();
    const colour = await seen.evaluate((row) => getComputedStyle(row).backgroundColor);
    expect(colour).toBe('rgb(232, 245, 233)');
    expect(await page.locator('tr.fault').first().textContent()).toContain('only by an injected fault');
  });

  it('sends no request off the machine and logs no error', () => {
    expect(offMachine).toEqual([]);
    expect(consoleErrors).toEqual([]);
  });
});
