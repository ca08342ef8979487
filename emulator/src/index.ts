// `cloud-platform-emulator`: createEmulator gives the emulator's core with a store (in memory unless
// told otherwise) and an in-process `fetch` for it: no server, no port, in Node and in browsers.
//
//   const emulator = await createEmulator();
//   const client = createCloudClient({ apiKey: 'any', baseUrl: 'http://emulator.local', fetch: emulator.fetch });
import { createContractValidator, type OpenApiDocument } from 'cloud-platform-api/contract';
import bundled from 'cloud-platform-api/openapi.json' with { type: 'json' };
import { toCoreRequest, toWebResponse } from './adapters/web.js';
import { createCore, type CoreRequest, type CoreResponse } from './core/create-core.js';
import { createFixtureLoader, type Fixtures } from './core/fixtures.js';
import { initialSnapshot, prepareState } from './core/state.js';
import { createMemoryStore, type Store } from './store/store.js';

export { FixtureError, type Fixtures } from './core/fixtures.js';
export { StateFileError, StatePersistError, type StateSnapshot, type Store } from './store/store.js';
export type { CoreRequest, CoreResponse } from './core/create-core.js';

export interface EmulatorOptions {
  /** Fixtures to use instead of the built-in set (validated against the document), and what names them in errors. */
  fixtures?: { value: unknown; source: string } | undefined;
  /** Where state is kept. Default: in memory. */
  store?: Store | undefined;
  /** Accept only these tokens; any token when empty or absent. */
  apiKeys?: readonly string[] | undefined;
}

export interface Emulator {
  /** A fetch answered by the emulator in process; any origin, the path decides. */
  fetch(input: RequestInfo | URL, init?: RequestInit): Promise<Response>;
  /** The core itself: a request as plain data in, the answer as plain data out. */
  handle(request: CoreRequest): CoreResponse;
  /** The answer for a request a transport refused before it could reach `handle` (HTTP's parser errors). */
  refuse(method: string, path: string, status: number, message: string): CoreResponse;
  /** Restores the fixtures' state (POST /__emulator/reset does the same over HTTP). */
  reset(): void;
  readonly store: Store;
  readonly fixtures: Fixtures;
  readonly document: OpenApiDocument;
  /** Releases the store (closes a state file). */
  close(): Promise<void>;
}

export async function createEmulator(options: EmulatorOptions = {}): Promise<Emulator> {
  const document = bundled as unknown as OpenApiDocument;
  const loader = createFixtureLoader(document, createContractValidator(document));
  const fixtures = options.fixtures ? loader.checked(options.fixtures.value, options.fixtures.source) : loader.builtIn();
  const store = options.store ?? createMemoryStore();
  prepareState(store, fixtures);
  const core = createCore({ document, fixtures, store, apiKeys: options.apiKeys });
  return {
    async fetch(input, init) {
      const request = new Request(input, init);
      request.signal.throwIfAborted();
      return toWebResponse(core.handle(await toCoreRequest(request)));
    },
    handle: core.handle,
    refuse: core.refuse,
    reset: () => store.replace(initialSnapshot(fixtures)),
    store,
    fixtures,
    document,
    close: async () => store.close(),
  };
}
