// The fetch createCloudClient hands openapi-fetch (its `fetch` option): the one loop of a call's attempts.
// Most calls are one attempt that ends in a 2xx with a JSON body, and need no log, no error class and no
// key redactor. Whatever else a call needs (the log, judging an attempt that did not end so, the wait
// before a retry, the error a call ends with) is failure-path.ts, loaded the first time a call needs it,
// so that an app which never fails does not load (nor, bundled, ship in its first chunk) the code for
// failing.
import { createAttemptClock } from './attempt-clock.js';
import type { FetchFunction } from '../contract/fetch-function.js';
import { sendAttempt } from './attempt.js';
import { CallRequest } from './call-request.js';
import type { FailurePath, FailurePathOptions } from './failure-path.js';
import { callRecordFor, okResponse } from './read-response.js';

/** The client's fetch: a call's Request, with what the call sets for itself where it is a CallRequest. */
export type ClientFetch = (request: Request) => Promise<Response>;

export interface ClientFetchOptions extends Omit<FailurePathOptions, 'apiKey'> {
  /** The key, or what it stands for; read when the failure path is loaded where another document says. */
  apiKey: FailurePathOptions['apiKey'] | (() => Promise<readonly string[]>);
  fetch: FetchFunction;
  timeoutMs: number;
  maxRetries: number;
  /**
   * Load the failure path now, in the background, instead of with the first failure: in a page, a
   * failure may be the network itself going down, when a chunk could no longer be fetched.
   */
  preload?: boolean;
}

/**
 * The failure path, loaded once, on first need (with what the key stands for, where that is read from
 * another document); a load that failed is tried again by the next call that needs it.
 */
function onDemand(options: ClientFetchOptions): () => Promise<FailurePath> {
  let loading: Promise<FailurePath> | undefined;
  const { apiKey } = options;
  return () =>
    (loading ??= import('./failure-path.js')
      .then(async (module) =>
        module.createFailurePath({ ...options, apiKey: typeof apiKey === 'function' ? await apiKey() : apiKey }),
      )
      .catch((error: unknown) => {
        loading = undefined;
        throw error;
      }));
}

export function createClientFetch(options: ClientFetchOptions): ClientFetch {
  const clock = createAttemptClock();
  const failurePath = onDemand(options);
  if (options.preload) failurePath().catch(() => undefined);
  const logging = options.logLevel !== 'off';

  return async function clientFetch(request) {
    const call = CallRequest.overridesOf(request);
    const timeoutMs = call.timeoutMs ?? options.timeoutMs;
    const maxRetries = call.maxRetries ?? options.maxRetries;
    const record = callRecordFor(request);
    // With a log, every attempt is the failure path's to log; without, it is loaded only when needed.
    let careful = logging ? await failurePath() : undefined;
    // Not `await careful?.logRequest()`: awaiting the undefined of a call without a log costs it a turn.
    if (careful) await careful.logRequest(request);
    for (let retry = 0; ; retry++) {
      const started = careful ? performance.now() : 0;
      const another = retry < maxRetries;
      const result = await sendAttempt(clock, options.fetch, request, timeoutMs, another, call.callerMayAbort === true);
      if (!careful && result.kind === 'answer' && result.response.ok) {
        const answer = okResponse(result.response, result.text, record);
        if (answer) return answer;
      }
      careful ??= await failurePath();
      const answer = await careful.settle(request, result, { retry, maxRetries, timeoutMs, started, call: record });
      if (answer) return answer;
    }
  };
}
