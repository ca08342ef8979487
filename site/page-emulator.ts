// The emulator in the page: the console's requests to EMULATOR_BASE are answered by cloud-platform-emulator
// through its in-process fetch (window.fetch is taken over before Elements loads), and its state is kept for
// the tab in sessionStorage, so a reload, or a visit to the reference and back, finds it as it was left.
import { createEmulator, type Emulator, type StateSnapshot } from 'cloud-platform-emulator';

/**
 * Where the console sends what the emulator in the page answers. A `.invalid` name never resolves (RFC 2606):
 * a request that escaped the page would fail, never reach a host.
 */
export const EMULATOR_BASE = 'https://emulator-in-this-page.invalid';
const STATE_KEY = 'cloud-platform-api:console-state';

/** How the page's emulator started: from the fixtures, from the state this tab kept, or from the fixtures because that state could not be read. */
export type Start = 'fixtures' | 'restored' | 'unreadable';

export interface PageEmulator {
  ready: Promise<{ emulator: Emulator; start: Start }>;
  /** Whether state is kept for the tab (sessionStorage can be refused, as some browsers do for file://). */
  keptForTab: boolean;
  /** Restores the fixtures and forgets the state kept for the tab. */
  reset(): Promise<void>;
}

/** The tab's session storage, or undefined where the browser refuses it. */
function tabStorage(): Storage | undefined {
  try {
    window.sessionStorage.setItem(STATE_KEY, window.sessionStorage.getItem(STATE_KEY) ?? '');
    return window.sessionStorage;
  } catch {
    return undefined;
  }
}

function restore(emulator: Emulator, storage: Storage | undefined): Start {
  const saved = storage?.getItem(STATE_KEY);
  if (!saved) return 'fixtures';
  try {
    emulator.importState(JSON.parse(saved) as StateSnapshot, 'The state kept for this tab');
    return 'restored';
  } catch {
    storage?.removeItem(STATE_KEY);
    return 'unreadable';
  }
}

/**
 * Keeps the emulator's state for the tab. A state the storage refuses (over its quota) must not cost the
 * reader the answer, nor leave an older state to come back on a reload: the tab then keeps none.
 */
function keep(storage: Storage | undefined, emulator: Emulator): void {
  try {
    storage?.setItem(STATE_KEY, JSON.stringify(emulator.store.snapshot()));
  } catch {
    storage?.removeItem(STATE_KEY);
  }
}

/**
 * Answers the page's requests to EMULATOR_BASE with an emulator made here; any other request goes out as
 * before. `preferred()` is the status the reader asked for, sent as `Prefer: code=NNN`.
 */
export function answerInPage(preferred: () => string | undefined): PageEmulator {
  const storage = tabStorage();
  const ready = createEmulator().then((emulator) => ({ emulator, start: restore(emulator, storage) }));
  const pageFetch = window.fetch.bind(window);
  window.fetch = async (input, init) => {
    const request = new Request(input, init);
    if (!request.url.startsWith(`${EMULATOR_BASE}/`)) return pageFetch(request);
    const { emulator } = await ready;
    const headers = new Headers(request.headers);
    const code = preferred();
    if (code) headers.set('Prefer', `code=${code}`);
    const answer = await emulator.fetch(new Request(request, { headers }));
    keep(storage, emulator);
    return answer;
  };
  return {
    ready,
    keptForTab: storage !== undefined,
    async reset() {
      (await ready).emulator.reset();
      storage?.removeItem(STATE_KEY);
    },
  };
}
