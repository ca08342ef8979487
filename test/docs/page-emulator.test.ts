// The site console's emulator in the page (site/page-emulator.ts), without a browser: a window with only
// what the module uses (fetch and sessionStorage), so the storage's failures can be staged.
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

const create = (name: string) =>
  window.fetch(`${EMULATOR_BASE}/cdn/logs_uploader/configs`, {
    method: 'POST',
    headers: { authorization: 'apikey any-token', 'content-type': 'application/json' },
    body: JSON.stringify({ name, policy: 1, target: 2 }),
  });

describe('the emulator in the page, when the tab storage is full', () => {
  it('still answers, and keeps no state older than the answer', async () => {
    const storage = tabStorage(200_000);
    vi.stubGlobal('window', { fetch: () => Promise.reject(new Error('off the page')), sessionStorage: storage });
    const page = answerInPage(() => undefined);
    await page.ready;
    const first = await create('Fits');
    expect(first.status).toBe(200);
    const kept = storage.getItem('cloud-platform-api:console-state');
    // A snapshot too large for the storage: the answer still comes, and the older state is not left behind
    // to come back on a reload as if it were this tab's.
    const big = await create('x'.repeat(300_000));
    expect(big.status).toBe(200);
    const after = storage.getItem('cloud-platform-api:console-state');
    expect(kept).not.toBeNull();
    expect(after).toBeNull();
  });
});
