// A call run on fake timers: its timeouts and retry waits pass when the clock is moved, not in real time.
import { vi } from 'vitest';

/**
 * Runs the fake clock from timer to timer until the promise settles, letting real I/O turns through between.
 * Give it a promise that does not reject (map an error to a value first): one that rejects while the clock
 * runs has no handler until the loop ends, and Node reports it as unhandled.
 */
export async function onFakeClock<T>(pending: Promise<T>): Promise<T> {
  let settled = false;
  const watched = pending.finally(() => {
    settled = true;
  });
  while (!settled) {
    await vi.advanceTimersToNextTimerAsync();
    await new Promise((resolve) => setImmediate(resolve));
  }
  return watched;
}
