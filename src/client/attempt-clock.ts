// The deadlines of one client's attempts in flight, kept by one timer. Setting and clearing a timer of
// its own for each attempt made a local call about 2% to 8% slower (bench:client); an attempt here is
// an entry in a set, and the timer is moved only for a deadline earlier than the one it waits for.

/** One attempt's deadline: its controller is aborted with a TimeoutError once the deadline passes. */
export interface Deadline {
  readonly controller: AbortController;
  readonly at: number;
  timedOut: boolean;
}

export interface AttemptClock {
  /** A deadline `timeoutMs` from now, watched until `stop`. */
  start(timeoutMs: number): Deadline;
  stop(deadline: Deadline): void;
}

/** Ends the deadlines due at `now`, and returns the earliest of those left (Infinity for none). */
function expireDue(pending: Set<Deadline>, now: number): number {
  let next = Number.POSITIVE_INFINITY;
  for (const deadline of pending) {
    // Less than a millisecond out is due now: timers keep whole milliseconds, as one per attempt did, and
    // two attempts started in the same millisecond end together rather than a timer apart.
    if (deadline.at - now >= 1) {
      next = Math.min(next, deadline.at);
      continue;
    }
    pending.delete(deadline);
    deadline.timedOut = true;
    deadline.controller.abort(new DOMException('The attempt timed out', 'TimeoutError'));
  }
  return next;
}

export function createAttemptClock(): AttemptClock {
  const pending = new Set<Deadline>();
  let timer: ReturnType<typeof setTimeout> | undefined;
  let firesAt = Number.POSITIVE_INFINITY;
  // The timers the timer was set with: a test that swaps in fake timers (or back) runs only its own,
  // so a timer set with the others would never fire.
  let armedWith = { setTimeout, clearTimeout };

  // When the timer is due to fire, on its own clock: a timer that fired means at least its delay went by,
  // whatever performance.now reads (fake timers on a real performance.now, as vitest 2's default and
  // `toFake: ['setTimeout', 'clearTimeout']` make them, advance the one and not the other).
  let timerDue = 0;

  function arm(at: number, now: number): void {
    if (timer !== undefined) armedWith.clearTimeout(timer);
    armedWith = { setTimeout, clearTimeout };
    firesAt = at;
    // Whole milliseconds, to the nearest: a deadline less than 1 ms out when the timer fires is due
    // (expire), so rounding up would end an attempt a millisecond late where the deadlines were set a
    // fraction apart; at least 1 ms, so that time goes by.
    const delay = Math.max(1, Math.round(at - now));
    timerDue = now + delay;
    timer = setTimeout(expire, delay);
    // An attempt in flight holds the process open by its socket; the clock alone must not (Node only).
    (timer as { unref?: () => void }).unref?.();
  }

  function expire(): void {
    timer = undefined;
    firesAt = Number.POSITIVE_INFINITY;
    // Later than the timer was due when it fired late (an event loop held up); never earlier.
    const now = Math.max(performance.now(), timerDue);
    const next = expireDue(pending, now);
    if (next !== Number.POSITIVE_INFINITY) arm(next, now);
  }

  return {
    start(timeoutMs) {
      const now = performance.now();
      const deadline: Deadline = { controller: new AbortController(), at: now + timeoutMs, timedOut: false };
      pending.add(deadline);
      if (deadline.at < firesAt) arm(deadline.at, now);
      // Timers swapped since (a test's fake ones, or back) run only their own: the timer is set again on
      // them, for the earliest deadline, which may be one set before the swap.
      else if (setTimeout !== armedWith.setTimeout) arm(firesAt, now);
      return deadline;
    },
    stop(deadline) {
      pending.delete(deadline);
    },
  };
}
