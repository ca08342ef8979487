// A page of another origin, in Chromium, tries every control route of the emulator (reset, faults, and
// any added later: the list comes from the emulator), with requests that need no preflight (no-cors)
// and with ones that do (JSON): none reaches it, and the state stays as it was.
import { describe, expect, it } from 'vitest';
import { chromiumFound, requireChromium } from '../../../test-kit/chromium.js';
import { createEmulator, type Emulator } from '../../src/index.js';
import { startEmulatorServer } from '../../src/server.js';
import { pageInChromium, runPage, servePage } from '../helpers/browser-page.js';

const pageScript = (emulatorUrl: string, routes: { path: string; methods: string[] }[]) => `
const rule = JSON.stringify({ operationId: 'getVideo', status: 503 });
const tries = [];
for (const { path, methods } of ${JSON.stringify(routes)}) {
  for (const method of methods) {
    // No preflight: a no-cors request, as a page of any origin may send (GET and POST only), with a text body.
    if (method === 'GET' || method === 'POST') {
      const bodies = method === 'POST' ? [undefined, rule] : [undefined];
      for (const body of bodies) {
        const plain = await fetch(${JSON.stringify(emulatorUrl)} + path, { method, mode: 'no-cors', body }).then(() => 'sent', (e) => 'failed: ' + e.name);
        tries.push({ path, method, kind: body ? 'no preflight, text body' : 'no preflight, no body', outcome: plain });
      }
    }
    // With a preflight: JSON and a key.
    const cors = await fetch(${JSON.stringify(emulatorUrl)} + path, { method, headers: { 'content-type': 'application/json', authorization: 'apikey page' }, body: method === 'POST' ? rule : undefined })
      .then((r) => 'answered ' + r.status, (e) => 'failed: ' + e.name);
    tries.push({ path, method, kind: 'preflight', outcome: cors });
  }
}
window.result = tries;
`;

requireChromium('control routes browser test');

describe.skipIf(!chromiumFound)('a page of another origin and the control routes, in Chromium', () => {
  let emulator: Emulator;
  const setup = pageInChromium(async () => {
    emulator = await createEmulator();
    const server = await startEmulatorServer(emulator, { port: 0 });
    // 127.0.0.2 is loopback too, but not an origin the default CORS rule allows.
    return {
      page: await servePage(pageScript(server.url, emulator.controlRoutes()), {}, '127.0.0.2'),
      stop: () => server.close(),
    };
  });

  it('reaches none of them, with or without a preflight, and changes nothing', async () => {
    const created = await emulator.fetch('http://emulator.local/cdn/logs_uploader/configs', {
      method: 'POST',
      headers: { authorization: 'apikey owner', 'content-type': 'application/json' },
      body: '{"name":"kept","policy":1,"target":2}',
    });
    expect(created.status).toBe(200);
    const routes = emulator.controlRoutes();
    expect(routes.map((r) => r.path).sort()).toEqual(
      expect.arrayContaining(['/__emulator/faults', '/__emulator/reset']),
    );

    const { result, failure } = await runPage(setup.browser, setup.page.url);
    expect(failure).toBeUndefined();
    const tries = result as { path: string; method: string; kind: string; outcome: string }[];
    const noPreflight = (m: string) => (m === 'POST' ? 2 : m === 'GET' ? 1 : 0);
    expect(tries.length).toBe(routes.reduce((n, r) => n + r.methods.reduce((k, m) => k + noPreflight(m) + 1, 0), 0));
    // A no-cors request is sent (the page cannot read the answer); the server refused it, as the state shows.
    for (const attempt of tries.filter((t) => t.kind === 'preflight'))
      expect(attempt.outcome, `${attempt.method} ${attempt.path}`).toBe('failed: TypeError');
    expect(emulator.store.tables.configs.size()).toBe(1);
    expect(emulator.faults.list()).toEqual([]);
  }, 60_000);
});
