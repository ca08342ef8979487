// /docs/console.json, which tells the /docs page where its requests go: null when the emulator emulates, the
// upstream (its origin and path; a URL with credentials is refused at start) when it is a proxy. Nothing a
// request carries changes it.
import { describe, expect, it } from 'vitest';
import { useEmulator } from '../helpers/emulator.js';

const emulating = useEmulator();
// Nothing listens there: the route is served by the emulator itself, never forwarded.
const proxying = useEmulator({ proxy: { baseUrl: 'http://127.0.0.1:9/base/' } });

describe('/docs/console.json', () => {
  it.each([
    ['emulating', emulating, { upstream: null }],
    ['as a proxy', proxying, { upstream: 'http://127.0.0.1:9/base' }],
  ])('says where the page sends requests: %s', async (_mode, running, expected) => {
    const answer = await fetch(`${running.url}/docs/console.json`);
    expect(answer.headers.get('content-type')).toMatch(/^application\/json/);
    const text = await answer.text();
    expect(JSON.parse(text)).toEqual(expected);
  });

  it.each([
    ['a query naming another upstream', '/docs/console.json?upstream=https://attacker.test', {}],
    ['a header naming another upstream', '/docs/console.json', { headers: { 'x-forwarded-host': 'attacker.test' } }],
    ['a key', '/docs/console.json', { headers: { authorization: 'apikey console-secret' } }],
    ['an encoded path', '/docs/console%2Ejson', {}],
    ['a trailing slash', '/docs/console.json/', {}],
  ])('answers a request with %s as it answers any other, never with what it sent', async (_what, target, init) => {
    const answer = await fetch(`${emulating.url}${target}`, init as RequestInit);
    const text = await answer.text();
    expect(text).not.toMatch(/attacker|console-secret/);
    if (answer.status === 200) expect(JSON.parse(text)).toEqual({ upstream: null });
    else expect(answer.status).toBe(404);
  });

  it.each(['POST', 'PUT', 'DELETE'])('is not changed by %s: the emulator answers 404', async (method) => {
    const answer = await fetch(`${emulating.url}/docs/console.json`, {
      method,
      headers: { 'content-type': 'application/json' },
      body: '{"upstream":"https://attacker.test"}',
    });
    expect(answer.status).toBe(404);
    expect(await (await fetch(`${emulating.url}/docs/console.json`)).json()).toEqual({ upstream: null });
  });
});
