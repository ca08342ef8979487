// Walks a list page by page: `page` = 1, 2, ... until a page comes back empty. How the streams list
// ends is documented nowhere (neither the seed nor the live service's description says): stopping at
// the first empty page is this client's own choice. listAllStreams walks it for the path form; the
// resource layer's paged methods (client.streaming.streams.list()) walk with the same loop.
import type { components, operations } from '../../generated/schema.js';
import { operationById } from '../operations.js';
import type { CloudClient, ThrowingCloudClient } from './client-types.js';
import { CloudClientOptionError } from './option-error.js';
import { unwrap } from './unwrap.js';

type LiveStream = components['schemas']['LiveStream'];

/** The list's query parameters (the document's), but `page`, which the walk sets, and where to start and how to stop. */
export type StreamPagesOptions = Omit<NonNullable<operations['listStreams']['parameters']['query']>, 'page'> & {
  /** The first page to read; 1 by default. */
  startPage?: number;
  signal?: AbortSignal;
};

/**
 * Yields each item of pages `startPage`, `startPage + 1`, ... read by `readPage`, and stops at the
 * first empty page. A server that ignores `page` and sends the same page again would make this loop
 * forever, so that is an error instead, naming `path`.
 */
export async function* walkPages<Item>(
  readPage: (page: number) => Promise<Item[]>,
  startPage: number,
  path: string,
): AsyncGenerator<Item, void, undefined> {
  if (!Number.isInteger(startPage)) {
    throw new CloudClientOptionError(
      `The first page of ${path} must be a whole number, got ${JSON.stringify(startPage)}`,
    );
  }
  let previous: string | undefined;
  for (let page = startPage; ; page++) {
    const items = await readPage(page);
    if (items.length === 0) return;
    // Items are told apart by their id where they have one: a page of the same ids is the same page.
    const fingerprint = JSON.stringify(items.map((item) => (item as { id?: unknown } | null)?.id ?? item));
    if (fingerprint === previous)
      throw new Error(`Page ${page} of ${path} repeats page ${page - 1}; the server seems to ignore \`page\``);
    previous = fingerprint;
    yield* items;
  }
}

/**
 * Yields every live stream, page by page. Stops at the first empty page (the client's own rule: how
 * the list ends is not documented); a page that repeats the one before is an error, not a loop.
 */
export function listAllStreams(
  client: CloudClient | ThrowingCloudClient,
  options: StreamPagesOptions = {},
): AsyncGenerator<LiveStream, void, undefined> {
  const { path } = operationById('listStreams');
  const { startPage = 1, signal, ...filters } = options;
  const readPage = (page: number) =>
    unwrap(client.GET(path, { params: { query: { page, ...filters } }, ...(signal ? { signal } : {}) }));
  return walkPages(readPage, startPage, path);
}
