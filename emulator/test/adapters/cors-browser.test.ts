// CORS in a real browser: a page served from one loopback port calls the emulator's HTTP server on
// another through createCloudClient, in Chromium, with the emulator's default CORS policy.
import { describe, expect, it } from 'vitest';
import { chromiumFound, requireChromium } from '../../../test-kit/chromium.js';
import { createServerEmulator, startEmulatorServer, type RunningServer } from '../../src/server.js';
import { pageInChromium, runPage, servePage } from '../helpers/browser-page.js';

/** The page's script; EMULATOR_URL is the server's address, on another port than the page's. */
const pageScript = (emulatorUrl: string) => `
import { createCloudClient, unwrap } from 'cloud-platform-api';

(async () => {
  // Without the flag, the client refuses to run in a page: the key would reach every visitor.
  let refused;
  try {
    createCloudClient({ apiKey: 'cors-key', baseUrl: ${JSON.stringify(emulatorUrl)} });
  } catch (error) {
    refused = error.message;
  }
  const client = createCloudClient({ apiKey: 'cors-key', baseUrl: ${JSON.stringify(emulatorUrl)}, maxRetries: 0, dangerouslyAllowBrowser: true });
  const created = await unwrap(client.POST('/cdn/logs_uploader/configs', { body: { name: 'from another port', policy: 1, target: 2 } }));
  const deleted = await client.DELETE('/cloud/v2/inference/deployments/{instance_id}', { params: { path: { instance_id: 'sdxl-turbo' } } });
  window.result = { refused, created, deletedStatus: deleted.response.status, deprecation: deleted.response.headers.get('deprecation') };
})().catch((error) => (window.failure = String(error && error.stack || error)));
`;

requireChromium('CORS browser test');

describe.skipIf(!chromiumFound)('a page on one loopback port calling the emulator on another, in Chromium', () => {
  let emulator: RunningServer;
  const setup = pageInChromium(async () => {
    emulator = await startEmulatorServer(await createServerEmulator(), { port: 0 });
    return { page: await servePage(pageScript(emulator.url)), stop: () => emulator.close() };
  });

  it('passes the preflight, and the page reads the answers and the exposed Deprecation header (the client made with dangerouslyAllowBrowser, refused without it)', async () => {
    expect(new URL(setup.page.url).port).not.toBe(new URL(emulator.url).port);
    const { result, failure, errors } = await runPage(setup.browser, setup.page.url);
    expect(failure).toBeUndefined();
    expect(errors).toEqual([]);
    expect(result).toEqual({
      refused: expect.stringMatching(
        /^createCloudClient refuses to run in a browser: the API key would be sent to every visitor of the page\..*dangerouslyAllowBrowser: true/,
      ),
      created: expect.objectContaining({ id: 1, name: 'from another port' }),
      deletedStatus: 204,
      deprecation: '@1751328000',
    });
  }, 60_000);
});
