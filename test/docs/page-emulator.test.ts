// The site console's emulator in the page (site/page-emulator.ts), without a browser: a window with only
// what the module uses (fetch and sessionStorage), so the storage's failures can be staged.
import { createEmulator } from 'cloud-platform-emulator';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { answerInPage, EMULATOR_BASE } from '../../site/page-emulator.js';

/** A tab's sessionStorage holding at most `quota` characters, which refuses more as browsers do. */
function tabStorage(quota: number): Storage {
  const kept = new Map<string, string>();
  const used = () => [...kept].reduce((sum, [name, value]) => sum + name.length + value.length, 0);
  return {
    getItem: (name) => kept.get(name) ?? null,
    setItem(name, value) {
      const before = kept.get(name);
      kept.set(name, value);
      if (used() <= quota) return;
      if (before === undefined) kept.delete(name);
      else kept.set(name, before);
      throw new DOMException('The quota has been exceeded.', 'QuotaExceededError');
    },
    removeItem: (name) => void kept.delete(name),
    clear: () => kept.clear(),
    key: (index) => [...kept.keys()][index] ?? null,
    get length() {
      return kept.size;
    },
  };
}

afterEach(() => {
  vi.unstubAllGlobals();
});

const STATE_KEY = 'cloud-platform-api:console-state';

/** A window whose fetch goes nowhere (the emulator answers its own base) and whose tab storage is `storage`. */
const stubWindow = (storage: Storage) =>
  vi.stubGlobal('window', { fetch: () => Promise.reject(new Error('off the page')), sessionStorage: storage });

const create = (name: string) =>
  window.fetch(`${EMULATOR_BASE}/cdn/logs_uploader/configs`, {
    method: 'POST',
    headers: { authorization: 'apikey any-token', 'content-type': 'application/json' },
    body: JSON.stringify({ name, policy: 1, target: 2 }),
  });

describe('the emulator in the page, when the tab storage is full', () => {
  it('still answers, and keeps no state older than the answer', async () => {
    const storage = tabStorage(200_000);
    stubWindow(storage);
    const page = answerInPage(() => undefined);
    await page.ready;
    const first = await create('Fits');
    expect(first.status).toBe(200);
    const kept = storage.getItem(STATE_KEY);
    // A snapshot too large for the storage: the answer still comes, and the older state is not left behind
    // to come back on a reload as if it were this tab's.
    const big = await create('x'.repeat(300_000));
    expect(big.status).toBe(200);
    const after = storage.getItem(STATE_KEY);
    expect(kept).not.toBeNull();
    expect(after).toBeNull();
  });
});

/** A snapshot of the fixtures with a config row the document refuses (its id is not an integer). */
const withRefusedRow = async () => {
  const snapshot = (await createEmulator()).store.snapshot();
  return JSON.stringify({ ...snapshot, tables: { ...snapshot.tables, configs: [['1', { id: 'one' }]] } });
};

// What the tab's storage may hold when the page loads: written by another version of the site, or by hand.
// The browser test shows what the reader sees for one of them.
describe('the state kept for the tab, when it cannot be read', () => {
  it.each([
    ['not JSON', async () => '{"format":'],
    ['JSON null', async () => 'null'],
    ['not a snapshot', async () => '{"format":"something else","version":1,"tables":{}}'],
    ['a snapshot with a row the document refuses', withRefusedRow],
  ])('%s: starts from the fixtures as unreadable, and forgets it', async (_what, kept) => {
    const storage = tabStorage(1_000_000);
    storage.setItem(STATE_KEY, await kept());
    stubWindow(storage);
    const page = answerInPage(() => undefined);
    expect((await page.ready).start).toBe('unreadable');
    expect(storage.getItem(STATE_KEY)).toBeNull();
    const video = await window.fetch(`${EMULATOR_BASE}/streaming/videos/1444`, {
      headers: { authorization: 'apikey any-token' },
    });
    expect(video.status).toBe(200);
  });
});
