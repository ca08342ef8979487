// The MSW adapter in a real browser: a page served from 127.0.0.1 starts MSW's service worker with
// the emulator's handlers, and the project's client creates a logs uploader config and patches it.
// No server answers those calls: the emulator runs in the page.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { chromiumFound, requireChromium } from '../../../test-kit/chromium.js';
import { pageInChromium, runPage, servePage } from '../helpers/browser-page.js';

const emulatorRoot = path.resolve('emulator');

/** The page's script: the emulator and its MSW handlers, the worker, and the client, as an app would use them. */
const PAGE_SCRIPT = `
import { setupWorker } from 'msw/browser';
import { createCloudClient, unwrap } from 'cloud-platform-api';
import { createEmulator } from ${JSON.stringify(path.join(emulatorRoot, 'src', 'index.ts'))};
import { createMswHandlers } from ${JSON.stringify(path.join(emulatorRoot, 'src', 'adapters', 'msw.ts'))};

(async () => {
  const emulator = await createEmulator();
  const worker = setupWorker(...createMswHandlers(emulator));
  await worker.start({ quiet: true, onUnhandledRequest: 'bypass' });
  const client = createCloudClient({ apiKey: 'browser-key', maxRetries: 0, dangerouslyAllowBrowser: true });
  const created = await unwrap(client.POST('/cdn/logs_uploader/configs', { body: { name: 'made in the browser', policy: 1, target: 2 } }));
  const patched = await unwrap(client.PATCH('/cdn/logs_uploader/configs/{config_id}', { params: { path: { config_id: created.id } }, body: { enabled: false } }));
  const other = await client.PATCH('/cdn/logs_uploader/configs/{config_id}', { params: { path: { config_id: 999 } }, body: { enabled: false } });
  window.result = { created, patched, otherStatus: other.response.status };
})().catch((error) => (window.failure = String(error && error.stack || error)));
`;

requireChromium('MSW adapter browser test');

describe.skipIf(!chromiumFound)('the MSW adapter in Chromium (setupWorker)', () => {
  const setup = pageInChromium(async () => {
    const worker = readFileSync(
      createRequire(path.join(emulatorRoot, 'package.json')).resolve('msw/mockServiceWorker.js'),
      'utf8',
    );
    return { page: await servePage(PAGE_SCRIPT, { '/mockServiceWorker.js': ['text/javascript', worker] }) };
  });

  it('creates a config and patches it through the client, with the emulator in the page', async () => {
    const { result, failure, errors } = await runPage(setup.browser, setup.page.url);
    expect(failure).toBeUndefined();
    expect(errors).toEqual([]);
    expect(result).toMatchObject({
      created: { id: 1, name: 'made in the browser', enabled: true, client_id: 1000 },
      patched: { id: 1, name: 'made in the browser', enabled: false },
      otherStatus: 404,
    });
  }, 60_000);
});
