// A page for browser tests: a script bundled for the browser with esbuild, served with any other files
// from a loopback address (127.0.0.1 unless told) on a port the OS picks. The script sets
// window.result, or window.failure.
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { build } from 'esbuild';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll } from 'vitest';
import { launchChromium } from '../../../test-kit/chromium.js';

export interface ServedPage {
  url: string;
  close(): void;
}

export async function servePage(
  script: string,
  extraFiles: Record<string, [type: string, text: string]> = {},
  host = '127.0.0.1',
): Promise<ServedPage> {
  const bundle = await build({
    stdin: { contents: script, resolveDir: path.resolve('emulator'), loader: 'ts' },
    bundle: true,
    platform: 'browser',
    format: 'esm',
    write: false,
    logLevel: 'silent',
  });
  const files: Record<string, [string, string]> = {
    '/': [
      'text/html; charset=utf-8',
      '<!doctype html><title>emulator test</title><script type="module" src="/app.js"></script>',
    ],
    '/app.js': ['text/javascript', bundle.outputFiles[0]!.text],
    ...extraFiles,
  };
  const server = createServer((req, res) => {
    const file = files[(req.url ?? '/').split('?')[0]!];
    if (!file) return void res.writeHead(404).end();
    res.writeHead(200, { 'content-type': file[0] }).end(file[1]);
  });
  await new Promise<void>((resolve) => server.listen(0, host, resolve));
  return { url: `http://${host}:${(server.address() as AddressInfo).port}/`, close: () => server.close() };
}

/** Opens the page and waits for its script to finish: its result, or the error it failed with, and any page errors. */
export async function runPage(
  browser: Browser,
  url: string,
): Promise<{ result: unknown; failure: string | undefined; errors: string[] }> {
  const page = await browser.newPage();
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(String(error)));
  await page.goto(url);
  await page.waitForFunction(
    () => (window as { result?: unknown }).result ?? (window as { failure?: unknown }).failure,
    undefined,
    { timeout: 30_000 },
  );
  const { result, failure } = await page.evaluate(() => ({
    result: (window as { result?: unknown }).result,
    failure: (window as { failure?: string }).failure,
  }));
  await page.close();
  return { result, failure, errors };
}

/** A served page and the Chromium to open it in, for the tests of one describe block. */
export interface PageInChromium {
  page: ServedPage;
  browser: Browser;
}

/**
 * Called in a describe block: before its tests, `serve` serves the page (starting first whatever the page
 * calls, and saying how to stop it) and Chromium is launched; after them, the browser, the page and what
 * `stop` stops are closed, in that order. The fields are set once the block's tests run.
 */
export function pageInChromium(serve: () => Promise<{ page: ServedPage; stop?: () => Promise<void> }>): PageInChromium {
  const setup = {} as PageInChromium;
  let stop: (() => Promise<void>) | undefined;
  beforeAll(async () => {
    ({ page: setup.page, stop } = await serve());
    setup.browser = await launchChromium();
  });
  afterAll(async () => {
    await setup.browser?.close();
    setup.page?.close();
    await stop?.();
  });
  return setup;
}
