// Walks the pages of the streams list: `page` = 1, 2, ... until a page comes back empty. How the list
// ends is documented nowhere (neither the seed nor the live service's description says): stopping at
// the first empty page is this client's own choice.
import type { components } from '../../generated/schema.js';
import { operationById } from '../operations.js';
import type { CloudClient, ThrowingCloudClient } from './client-types.js';
import { unwrap } from './unwrap.js';

type LiveStream = components['schemas']['LiveStream'];

export interface StreamPagesOptions {
  /** 1 adds the broadcasts of each stream (what that adds is not documented). */
  with_broadcasts?: number;
  /** The first page to read; 1 by default. */
  startPage?: number;
  signal?: AbortSignal;
}

/**
 * Yields every live stream, page by page. Stops at the first empty page (the client's own rule: how
 * the list ends is not documented). A server that ignores
 * `page` and sends the same page again would make this loop forever, so that is an error instead.
 */
export async function* listAllStreams(client: CloudClient | ThrowingCloudClient, options: StreamPagesOptions = {}): AsyncGenerator<LiveStream, void, undefined> {
  const { path } = operationById('listStreams');
  let previous: string | undefined;
  for (let page = options.startPage ?? 1; ; page++) {
    const query = { page, ...(options.with_broadcasts === undefined ? {} : { with_broadcasts: options.with_broadcasts }) };
    const streams = await unwrap(client.GET(path, { params: { query }, ...(options.signal ? { signal: options.signal } : {}) }));
    if (streams.length === 0) return;
    const fingerprint = JSON.stringify(streams.map((s) => s.id));
    if (fingerprint === previous) throw new Error(`Page ${page} of ${path} repeats page ${page - 1}; the server seems to ignore \`page\``);
    previous = fingerprint;
    yield* streams;
  }
}
