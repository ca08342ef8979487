// The fetch createCloudClient hands openapi-fetch. Most calls are one attempt that ends in a 2xx with
// a JSON body, and need no log, no retry, no error class and no key redactor: those go the quick path
// here. Everything else (a log asked for, a failed attempt, an error status, a body that is not JSON)
// goes on in retrying-fetch.ts, loaded the first time a call needs it, so that an app which never
// fails does not load (nor, bundled, ship in its first chunk) the code for failing.
import { createAttemptClock } from './attempt-clock.js';
import { type CallOverrides, sendAttempt } from './attempt.js';
import { callRecordFor, okResponse } from './read-response.js';
import type { RetryingFetch, RetryingFetchOptions } from './retrying-fetch.js';

/** The client's fetch: a call's Request, and what the call changes of the client's settings. */
export type ClientFetch = (request: Request, call?: CallOverrides) => Promise<Response>;

/** The retry loop's options (it is made from them when loaded), and when to load it. */
export interface ClientFetchOptions extends Omit<RetryingFetchOptions, 'clock'> {
  /**
   * Load the failure path now, in the background, instead of with the first failure: in a page, a
   * failure may be the network itself going down, when a chunk could no longer be fetched.
   */
  preload?: boolean;
}

/** The client's fetch: the quick path for a call that ends in a 2xx, the retry loop (loaded once) for the rest. */
export function createClientFetch(options: ClientFetchOptions): ClientFetch {
  const clock = createAttemptClock();
  let careful: Promise<RetryingFetch> | undefined;
  const retrying = (): Promise<RetryingFetch> =>
    (careful ??= import('./retrying-fetch.js').then(
      (module) => module.createRetryingFetch({ ...options, clock }),
      (error: unknown) => {
        careful = undefined; // a load that failed is tried again by the next call that needs it
        throw error;
      },
    ));
  if (options.preload) retrying().catch(() => undefined);
  const quiet = options.logLevel === 'off';

  return async function clientFetch(request, call = {}) {
    if (!quiet) return (await retrying())(request, call);
    const maxRetries = call.maxRetries ?? options.maxRetries;
    const timeoutMs = call.timeoutMs ?? options.timeoutMs;
    const first = await sendAttempt(
      clock,
      options.fetch,
      request,
      timeoutMs,
      maxRetries > 0,
      call.callerMayAbort === true,
    );
    if (first.kind === 'answer' && first.response.ok) {
      const answer = okResponse(first.response, first.text, callRecordFor(request));
      if (answer) return answer;
    }
    return (await retrying())(request, call, first);
  };
}
