// Which attempts listen to the request's signal: an attempt listens only where the signal can abort (the
// call was given one, or middleware may hand on another request), and there a mid-flight abort ends the
// call at once with the caller's reason, whichever way the signal came.
import { describe, expect, it } from 'vitest';
import { createCloudClient } from '../../src/index.js';

type Attempt = (request: Request, init: { signal: AbortSignal }) => Promise<Response>;

/** A server that never answers: the attempt ends only when its signal aborts, as fetch's does. */
const hanging: Attempt = (_request, { signal }) =>
  new Promise((_, reject) => signal.addEventListener('abort', () => reject(signal.reason), { once: true }));

const reason = new Error('the caller gave up');

const ways = [
  {
    way: 'a signal given to the call',
    call(client: ReturnType<typeof createCloudClient>, signal: AbortSignal) {
      return client.GET('/streaming/videos/{video_id}', { params: { path: { video_id: 1 } }, signal });
    },
  },
  {
    way: 'a signal a middleware put on the request',
    call(client: ReturnType<typeof createCloudClient>, signal: AbortSignal) {
      client.use({ onRequest: ({ request }) => new Request(request, { signal }) });
      return client.GET('/streaming/videos/{video_id}', { params: { path: { video_id: 1 } } });
    },
  },
  {
    way: 'a signal a middleware put on the request, in a call with its own timeout',
    call(client: ReturnType<typeof createCloudClient>, signal: AbortSignal) {
      client.use({ onRequest: ({ request }) => new Request(request, { signal }) });
      return client.GET('/streaming/videos/{video_id}', { params: { path: { video_id: 1 } }, timeoutMs: 60_000 });
    },
  },
];

describe('a caller that aborts during an attempt', () => {
  it.each(ways)('ends the call at once through $way', async ({ call }) => {
    let sent!: () => void;
    const sending = new Promise<void>((resolve) => {
      sent = resolve;
    });
    const client = createCloudClient({
      apiKey: 'abort',
      baseUrl: 'http://abort.local',
      maxRetries: 0,
      fetch: (request, init) => {
        sent();
        return hanging(request, init);
      },
    });
    const controller = new AbortController();
    const outcome = call(client, controller.signal).then(
      () => 'answered',
      (error: unknown) => error,
    );
    await sending;
    controller.abort(reason);
    expect(await outcome).toBe(reason);
  });
});
