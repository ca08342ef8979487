// Walks the pages of the streams list: `page` = 1, 2, ... until a page comes back empty. How the list
// ends is documented nowhere (neither the seed nor the live service's description says): stopping at
// the first empty page is this client's own choice.
import type { components, operations } from '../../generated/schema.js';
import { operationById } from '../operations.js';
import type { CloudClient, ThrowingCloudClient } from './client-types.js';
import { unwrap } from './unwrap.js';

type LiveStream = components['schemas']['LiveStream'];

/** The list's query parameters (the document's), but `page`, which the walk sets, and where to start and how to stop. */
export type StreamPagesOptions = Omit<NonNullable<operations['listStreams']['parameters']['query']>, 'page'> & {
  /** The first page to read; 1 by default. */
  startPage?: number;
  signal?: AbortSignal;
};

/**
 * Yields every live stream, page by page. Stops at the first empty page (the client's own rule: how
 * the list ends is not documented). A server that ignores
 * `page` and sends the same page again would make this loop forever, so that is an error instead.
 */
export async function* listAllStreams(
  client: CloudClient | ThrowingCloudClient,
  options: StreamPagesOptions = {},
): AsyncGenerator<LiveStream, void, undefined> {
  const { path } = operationById('listStreams');
  const { startPage = 1, signal, ...filters } = options;
  let previous: string | undefined;
  for (let page = startPage; ; page++) {
    const query = { page, ...filters };
    const streams = await unwrap(client.GET(path, { params: { query }, ...(signal ? { signal } : {}) }));
    if (streams.length === 0) return;
    const fingerprint = JSON.stringify(streams.map((s) => s.id));
    if (fingerprint === previous)
      throw new Error(`Page ${page} of ${path} repeats page ${page - 1}; the server seems to ignore \`page\``);
    previous = fingerprint;
    yield* streams;
  }
}
