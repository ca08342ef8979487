// When the client loads its failure path (failure-path.ts): not for a call that ends in a 2xx, but
// with the first call that needs it; at creation where asked (in a page); and again after a load that
// failed. The module is mocked around the real one to count its loads.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ClientFetchOptions } from '../../src/client/client-fetch.js';

const loads = { count: 0, failNext: false };

beforeEach(() => {
  Object.assign(loads, { count: 0, failNext: false });
  vi.resetModules();
  vi.doMock('../../src/client/failure-path.js', async () => {
    loads.count++;
    if (loads.failNext) {
      loads.failNext = false;
      throw new Error('the chunk could not be fetched');
    }
    return vi.importActual('../../src/client/failure-path.js');
  });
});
// The unit lane keeps a worker's modules from file to file: the client that loaded the counting mock
// leaves the cache with it.
afterEach(() => {
  vi.doUnmock('../../src/client/failure-path.js');
  vi.resetModules();
});

const answering = (status: number) => async () =>
  new Response(JSON.stringify({ status }), { status, headers: { 'content-type': 'application/json' } });

async function clientFetch(transport: ClientFetchOptions['fetch'], preload = false) {
  const { createClientFetch } = await import('../../src/client/client-fetch.js');
  return createClientFetch({
    fetch: transport,
    timeoutMs: 1_000,
    maxRetries: 0,
    apiKey: 'load-key',
    logLevel: 'off',
    logger: console,
    preload,
  });
}
const get = () => new Request('https://api.example.test/streaming/videos/1');

describe('loading the failure path', () => {
  it('loads nothing for calls that end in a 2xx, and loads it once with the first error status', async () => {
    const ok = await clientFetch(answering(200));
    await expect((await ok(get())).json()).resolves.toEqual({ status: 200 });
    expect(loads.count).toBe(0);
    const failing = await clientFetch(answering(500));
    expect((await failing(get())).status).toBe(500);
    expect((await failing(get())).status).toBe(500);
    expect(loads.count).toBe(1);
  });

  it('loads it at creation when asked to preload, before any call', async () => {
    await clientFetch(answering(200), true);
    await vi.waitFor(() => expect(loads.count).toBe(1));
  });

  it('tries a failed load again with the next call that needs it', async () => {
    loads.failNext = true;
    const failing = await clientFetch(answering(503));
    // Vitest wraps the factory's error in its own; the cause is the load's.
    await expect(failing(get())).rejects.toMatchObject({ cause: new Error('the chunk could not be fetched') });
    expect((await failing(get())).status).toBe(503);
    expect(loads.count).toBe(2);
  });
});
