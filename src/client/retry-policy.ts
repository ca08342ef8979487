// When a failed attempt may be sent again, and how long to wait first. Pure functions, so the policy
// is tested on its own, without a server.

/** What one attempt ended with. */
export type AttemptOutcome =
  | { kind: 'response'; status: number; headers: Headers }
  /** The request failed on the network. `refused`: the connection was refused, so nothing was sent. */
  | { kind: 'network'; refused: boolean }
  | { kind: 'timeout' };

// Methods that the server may receive twice with the same effect as once.
const IDEMPOTENT = new Set(['GET', 'HEAD', 'OPTIONS', 'PUT', 'DELETE']);

const MAX_HINTED_WAIT_MS = 60_000;
const BACKOFF_BASE_MS = 500;
const BACKOFF_CAP_MS = 8_000;
const MAX_JITTER = 0.25;

/**
 * Whether the client retries an attempt that ended so. The server's `x-should-retry` wins; else an
 * idempotent method (GET, HEAD, OPTIONS, PUT, DELETE) on a network error, a timeout, 408, 429 or a 5xx,
 * and a POST or PATCH only on 429 or a refused connection, where the server cannot have acted.
 */
export function isRetryable(method: string, outcome: AttemptOutcome): boolean {
  const idempotent = IDEMPOTENT.has(method.toUpperCase());
  switch (outcome.kind) {
    case 'response': {
      // The server's own word wins over the table below, either way.
      const hint = outcome.headers.get('x-should-retry');
      if (hint === 'true') return true;
      if (hint === 'false') return false;
      if (idempotent) return outcome.status === 408 || outcome.status === 429 || outcome.status >= 500;
      // A create or change is only repeated when the server cannot have acted on it. A 503 does not
      // prove that: a proxy answers it for a server that did act (after a restart, a timeout upstream).
      return outcome.status === 429;
    }
    case 'network':
      return idempotent || outcome.refused;
    case 'timeout':
      return idempotent;
  }
}

function hintedWaitMs(headers: Headers | undefined, now: number): number | undefined {
  const inRange = (ms: number) => (Number.isFinite(ms) && ms >= 0 && ms <= MAX_HINTED_WAIT_MS ? ms : undefined);
  const ms = headers?.get('retry-after-ms');
  if (ms != null && ms.trim() !== '') {
    const wait = inRange(Number(ms));
    if (wait !== undefined) return wait;
  }
  const after = headers?.get('retry-after')?.trim();
  if (!after) return undefined;
  if (/^\d+(\.\d+)?$/.test(after)) return inRange(Number(after) * 1000);
  const date = Date.parse(after);
  return Number.isNaN(date) ? undefined : inRange(date - now);
}

/**
 * The wait before retry number `retry` (0 for the first retry): the server's `retry-after-ms` or
 * `Retry-After` (seconds or an HTTP date) when between 0 and 60 s, else 0.5 s x 2^retry capped at
 * 8 s, less up to 25 % jitter so that many clients do not retry in step.
 */
export function retryDelayMs(
  retry: number,
  headers?: Headers,
  now = Date.now(),
  random: () => number = Math.random,
): number {
  const hinted = hintedWaitMs(headers, now);
  if (hinted !== undefined) return hinted;
  const backoff = Math.min(BACKOFF_BASE_MS * 2 ** retry, BACKOFF_CAP_MS);
  return backoff * (1 - MAX_JITTER * random());
}
