// One attempt of a call: the request sent and its whole body read under the attempt's own timeout, or
// the failure it ended with. The one loop of a call's attempts (client-fetch.ts) sends each through it.
import { BodyTooLargeError, readBoundedText } from '../contract/bounded-body.js';
import type { FetchFunction } from '../contract/fetch-function.js';
import type { AttemptClock } from './attempt-clock.js';

export type AttemptResult =
  | { kind: 'answer'; response: Response; text: string }
  | { kind: 'failed'; error: unknown; timedOut: boolean; sent: boolean; tooLarge?: true };

/**
 * Sends one attempt and reads its body under the attempt's timeout, up to PEER_BODY_LIMIT_BYTES decoded
 * (asking again would get as much). Where `anotherMayFollow`, a request with a body is sent as a copy,
 * since a body can be read once and the next attempt needs the original unread. A caller who has
 * aborted (before the call, or during a wait between attempts) gets its reason, and nothing is sent.
 */
export async function sendAttempt(
  clock: AttemptClock,
  fetch: FetchFunction,
  request: Request,
  timeoutMs: number,
  anotherMayFollow: boolean,
  callerMayAbort: boolean,
): Promise<AttemptResult> {
  const caller = request.signal;
  if (caller.aborted) throw caller.reason;
  const sending = anotherMayFollow && request.body !== null ? request.clone() : request;
  // Aborted at its deadline (the client's clock), or by the caller where it can abort: no closure or
  // listener is made for an attempt nothing else can abort, which is most.
  const deadline = clock.start(timeoutMs);
  const { controller } = deadline;
  const onAbort = callerMayAbort ? () => controller.abort(caller.reason) : undefined;
  if (onAbort) caller.addEventListener('abort', onAbort, { once: true });
  let sent = false;
  try {
    const response = await fetch(sending, { signal: controller.signal });
    sent = true;
    return { kind: 'answer', response, text: await readBoundedText(response) };
  } catch (error) {
    if (error instanceof BodyTooLargeError) return { kind: 'failed', error, timedOut: false, sent, tooLarge: true };
    return { kind: 'failed', error, timedOut: deadline.timedOut, sent };
  } finally {
    clock.stop(deadline);
    if (onAbort) caller.removeEventListener('abort', onAbort);
  }
}
