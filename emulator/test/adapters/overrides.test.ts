// Per-test overrides, the same through each adapter: an operation answers as the test says (made from
// the request), the request still goes through auth, the checks and the journal, the override ends after
// its count, and an answer the document does not declare is refused, never sent as if the service said it.
import { afterEach, describe, expect, it } from 'vitest';
import { builtInFixtures, OverrideError } from '../../src/index.js';
import { ADAPTER_NAMES, ADAPTERS, type Target } from '../helpers/adapters.js';

const TOKEN = 'override-token';
const video = builtInFixtures.videos[0]!;

let target: Target | undefined;
afterEach(async () => {
  await target?.close();
  target = undefined;
});

const getVideo = ({ baseUrl, fetch }: Target, id: number | string, token = TOKEN) =>
  fetch(`${baseUrl}/streaming/videos/${id}`, token ? { headers: { authorization: `apikey ${token}` } } : {});

describe.each(ADAPTER_NAMES)('overrides through the %s', (adapter) => {
  it('answers as the override says, from the request, for its count; the journal has the request', async () => {
    target = await ADAPTERS[adapter]!();
    target.emulator.override(
      'getVideo',
      ({ path }) => ({ status: 200, body: { ...video, id: path.video_id, status: 'pending' as const } }),
      { count: 1 },
    );
    const overridden = await getVideo(target, 77);
    expect(overridden.status).toBe(200);
    expect(await overridden.json()).toMatchObject({ id: 77, status: 'pending', name: video.name });
    expect(target.emulator.requests.list({ operationId: 'getVideo' })).toEqual([
      expect.objectContaining({ path: '/streaming/videos/77', status: 200 }),
    ]);
    // Spent: the fixtures answer again (no video 77).
    expect((await getVideo(target, 77)).status).toBe(404);
    expect(target.emulator.overrides.list()).toEqual([]);
  });

  it('still refuses a request without a key, or one the document does not allow, before the override', async () => {
    target = await ADAPTERS[adapter]!();
    target.emulator.override('getVideo', { status: 200, body: video });
    expect((await getVideo(target, 1444, '')).status).toBe(401);
    expect((await getVideo(target, 'not-a-number')).status).toBe(400);
    expect((await getVideo(target, 1444)).status).toBe(200);
  });

  it('refuses an answer off the document: a fixed one when set, a made one with a 500 that names the field', async () => {
    target = await ADAPTERS[adapter]!();
    const { emulator } = target;
    expect(() => emulator.override('getVideo', { status: 201, body: video } as never)).toThrow(
      /answers what the document does not declare: status: 201 is not a status getVideo declares/,
    );
    expect(() => emulator.override('getVideo', { status: 200, body: { ...video, id: 'one' } } as never)).toThrow(
      OverrideError,
    );
    expect(() => emulator.override('getVidoe' as never, { status: 200, body: video })).toThrow(
      /operationId: must be one of .*"getVideo".*, got "getVidoe"/,
    );
    emulator.override('getVideo', () => ({ status: 200, body: { ...video, views: 'many' } }) as never);
    const refused = await getVideo(target, 1444);
    expect(refused.status).toBe(500);
    expect(await refused.text()).toMatch(
      /The override of getVideo answers what the document does not declare: \$\.views: must be integer \(type\)/,
    );
  });

  it('ends an override when removed', async () => {
    target = await ADAPTERS[adapter]!();
    const handle = target.emulator.override('getVideo', { status: 404, body: { error: 'gone' } });
    expect((await getVideo(target, 1444)).status).toBe(404);
    expect(handle.remove()).toBe(true);
    expect((await getVideo(target, 1444)).status).toBe(200);
    expect(handle.remove()).toBe(false);
  });
});

describe('overrides over HTTP, for a server a test suite shares: /__emulator/overrides', () => {
  it('adds (POST), lists (GET) and clears (DELETE) a fixed answer; refuses one off the document with a 400', async () => {
    target = await ADAPTERS['HTTP server']!();
    const { baseUrl } = target;
    const post = (rule: unknown) =>
      fetch(`${baseUrl}/__emulator/overrides`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(rule),
      });
    const added = await post({ operationId: 'getVideo', status: 200, body: { ...video, name: 'Shared' }, count: 2 });
    expect(added.status).toBe(201);
    expect(await added.json()).toMatchObject({ id: 1, operationId: 'getVideo', remaining: 2 });
    expect(await (await getVideo(target, 1444)).json()).toMatchObject({ name: 'Shared' });
    expect(await (await fetch(`${baseUrl}/__emulator/overrides`)).json()).toEqual({
      overrides: [expect.objectContaining({ id: 1, remaining: 1 })],
    });
    const refused = await post({ operationId: 'getVideo', status: 200, body: { ...video, views: -1.5 } });
    expect(refused.status).toBe(400);
    expect(((await refused.json()) as { message: string }).message).toMatch(/\$\.views: must be integer/);
    expect((await post('no')).status).toBe(400);
    expect((await fetch(`${baseUrl}/__emulator/overrides`, { method: 'DELETE' })).status).toBe(204);
    expect(await (await getVideo(target, 1444)).json()).toMatchObject({ name: video.name });
  });
});
