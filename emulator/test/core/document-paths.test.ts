// Path templates shaped like public documents' are routed as written: the template's text is literal, any
// `{name}` is a parameter, and a request reaches its operation percent-encoded or not. The same reading
// holds in the journal's coverage (which operation an exchange went to) and in fault rules.
import { describe, expect, it } from 'vitest';
import { createEmulator } from '../../src/index.js';
import { bundled } from '../helpers/emulator.js';

const TEMPLATES = {
  getZone: '/zones/{zone-name}',
  getFile: '/files/{name}.json',
  getItem: '/v1.0/items/{id}',
  getWeather: '/météo/{ville}',
  getPlain: '/météo/aujourd’hui',
};

/** The package's document with one GET more per template, each answering its parameters' example. */
function withTemplates() {
  const document = structuredClone(bundled);
  for (const [operationId, template] of Object.entries(TEMPLATES)) {
    const names = [...template.matchAll(/\{([^}]+)\}/g)].map((m) => m[1]!);
    document.paths[template] = {
      get: {
        operationId,
        summary: operationId,
        parameters: names.map((name) => ({ name, in: 'path', required: true, schema: { type: 'string' } })),
        responses: {
          '200': {
            description: 'Found.',
            content: { 'application/json': { schema: { type: 'object' }, example: { operationId } } },
          },
        },
      },
    };
  }
  return document;
}

const emulator = await createEmulator({ document: withTemplates(), warn: () => {} });
const AUTH = { authorization: 'apikey paths' };
const send = (path: string, method = 'GET') =>
  emulator.fetch(`http://emulator.local${path}`, { method, headers: AUTH });

describe('a template shaped like a public one', () => {
  it.each([
    ['/zones/example.com', 200, 'getZone'],
    ['/files/report.json', 200, 'getFile'],
    ['/files/reportXjson', 404, undefined],
    ['/v1.0/items/5', 200, 'getItem'],
    ['/v1x0/items/5', 404, undefined],
    ['/météo/paris', 200, 'getWeather'],
    ['/m%C3%A9t%C3%A9o/paris', 200, 'getWeather'],
    ['/m%c3%a9t%c3%a9o/l%C3%A9on', 200, 'getWeather'],
    ['/météo/aujourd’hui', 200, 'getPlain'],
    ['/meteo/paris', 404, undefined],
  ])('GET %s is %d', async (path, status, operationId) => {
    const answer = await send(path);
    expect(answer.status).toBe(status);
    if (operationId) expect(await answer.json()).toEqual({ operationId });
  });

  it.each([['/zones/example.com'], ['/m%C3%A9t%C3%A9o/paris'], ['/files/report.json']])(
    'POST %s is a 405 naming GET',
    async (path) => {
      const answer = await send(path, 'POST');
      expect(answer.status).toBe(405);
      expect(answer.headers.get('allow')).toContain('GET');
    },
  );

  it('journals each request under its operation, and coverage counts it there', async () => {
    emulator.requests.clear();
    await send('/zones/example.com');
    await send('/m%C3%A9t%C3%A9o/paris');
    expect(emulator.requests.list().map((entry) => entry.operationId)).toEqual(['getZone', 'getWeather']);
    expect(emulator.requests.list({ path: '/zones/{zone-name}' })).toHaveLength(1);
    expect(emulator.requests.list({ path: '/météo/paris' })).toHaveLength(1);
    const seen = (id: string) => emulator.coverage().operations.find((op) => op.operationId === id);
    expect(seen('getZone')).toMatchObject({ requests: 1 });
    expect(seen('getWeather')).toMatchObject({ requests: 1 });
  });

  it.each([
    ['/zones/{zone-name}', '/zones/example.com'],
    ['/météo/paris', '/m%C3%A9t%C3%A9o/paris'],
    ['/m%C3%A9t%C3%A9o/paris', '/météo/paris'],
  ])('a fault rule for %s fires on GET %s', async (rulePath, path) => {
    emulator.faults.add({ method: 'GET', path: rulePath, status: 503 });
    expect((await send(path)).status).toBe(503);
    emulator.faults.clear();
  });
});
