// The client's attempt clock: one timer for every attempt in flight. Each deadline aborts its attempt
// then and not before, a stopped one never, a shorter deadline moves the timer earlier, and a clock made
// under real timers still keeps time when a test switches to fake ones (and back).
import { setTimeout as delay } from 'node:timers/promises';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createAttemptClock } from '../../src/client/attempt-clock.js';
import { ApiTimeoutError, createCloudClient } from '../../src/index.js';

const FAKE: Parameters<typeof vi.useFakeTimers>[0] = { toFake: ['setTimeout', 'clearTimeout', 'performance'] };
// Fake timers on a real performance.now, as vitest 2's default and `toFake: ['setTimeout', 'clearTimeout']`
// make them: the clock must keep the timers' time, as a timer per attempt did.
const TIMERS_ONLY: Parameters<typeof vi.useFakeTimers>[0] = { toFake: ['setTimeout', 'clearTimeout'] };

afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe.each([
  ['timers and performance.now faked', FAKE],
  ['timers faked, performance.now real', TIMERS_ONLY],
] as const)('createAttemptClock, %s', (_, fake) => {
  it.each([
    {
      case: 'one deadline',
      timeouts: [1_000],
      stopped: [],
      aborted: [
        [999, []],
        [1_000, [0]],
      ],
    },
    {
      case: 'a shorter deadline after a longer one moves the timer earlier',
      timeouts: [5_000, 1_000],
      stopped: [],
      aborted: [
        [1_000, [1]],
        [4_999, [1]],
        [5_000, [0, 1]],
      ],
    },
    { case: 'a stopped deadline is never aborted', timeouts: [1_000, 2_000], stopped: [0], aborted: [[2_000, [1]]] },
    { case: 'equal deadlines fire together', timeouts: [300, 300], stopped: [], aborted: [[300, [0, 1]]] },
  ] as const)('$case', async ({ timeouts, stopped, aborted }) => {
    vi.useFakeTimers(fake);
    const clock = createAttemptClock();
    const deadlines = timeouts.map((ms) => clock.start(ms));
    for (const index of stopped) clock.stop(deadlines[index]!);
    let now = 0;
    for (const [at, expected] of aborted) {
      await vi.advanceTimersByTimeAsync(at - now);
      now = at;
      const abortedNow = deadlines.flatMap((deadline, index) => (deadline.controller.signal.aborted ? [index] : []));
      expect(abortedNow, `at ${at} ms`).toEqual(expected);
    }
    for (const index of aborted.at(-1)![1]) {
      expect(deadlines[index]!.timedOut).toBe(true);
      expect((deadlines[index]!.controller.signal.reason as DOMException).name).toBe('TimeoutError');
    }
  });

  it('a deadline set before a test swaps in other fake timers still fires at its time', async () => {
    vi.useFakeTimers(fake);
    const clock = createAttemptClock();
    const first = clock.start(1_000);
    vi.useRealTimers();
    vi.useFakeTimers(fake);
    const second = clock.start(5_000);
    await vi.advanceTimersByTimeAsync(1_000);
    expect([first, second].map((deadline) => deadline.controller.signal.aborted)).toEqual([true, false]);
    await vi.advanceTimersByTimeAsync(4_000);
    expect(second.controller.signal.aborted).toBe(true);
  });
});

describe('createAttemptClock', () => {
  it('a timer that fires late (the event loop held up) ends every deadline passed by then, and no other', async () => {
    vi.useFakeTimers(TIMERS_ONLY);
    const clock = createAttemptClock();
    // performance.now held still while the deadlines start: real time going by between them (a loaded
    // machine) would move the last one by a fraction, and its timer a millisecond.
    const started = performance.now();
    const now = vi.spyOn(performance, 'now').mockReturnValue(started);
    const deadlines = [1_000, 3_000, 9_000].map((ms) => clock.start(ms));
    // The timer set for 1 s runs when 5 s have gone by on performance.now.
    now.mockReturnValue(started + 5_000);
    await vi.advanceTimersByTimeAsync(1_000);
    expect(deadlines.map((deadline) => deadline.timedOut)).toEqual([true, true, false]);
    await vi.advanceTimersByTimeAsync(3_999);
    expect(deadlines[2]!.timedOut).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(deadlines[2]!.timedOut).toBe(true);
  });

  it('sets a timer that does not hold the process open (an attempt in flight does, by its socket)', () => {
    const setTimer = vi.spyOn(globalThis, 'setTimeout');
    const clock = createAttemptClock();
    const deadline = clock.start(60_000);
    clock.stop(deadline);
    const timer = setTimer.mock.results[0]!.value as NodeJS.Timeout;
    setTimer.mockRestore();
    expect(timer.hasRef()).toBe(false);
    clearTimeout(timer);
  });

  it('keeps time when a test swaps in other fake timers between calls of one client', async () => {
    // Answers the first call at once; never answers the second, which ends only when its signal aborts.
    let calls = 0;
    const server = (_request: Request, { signal }: { signal: AbortSignal }) =>
      ++calls === 1
        ? Promise.resolve(Response.json({ id: 1 }))
        : new Promise<Response>((_, reject) => signal.addEventListener('abort', () => reject(signal.reason)));
    const client = createCloudClient({ apiKey: 'clock', baseUrl: 'http://clock.local', maxRetries: 0, fetch: server });
    const video = (timeoutMs: number) =>
      client.GET('/streaming/videos/{video_id}', { params: { path: { video_id: 1 } }, timeoutMs }).then(
        () => 'answered',
        (error: unknown) => (error instanceof ApiTimeoutError ? 'timed out' : String(error)),
      );

    // The first call leaves the clock's timer set, 500 ms out, on fake timers the second call no longer runs.
    vi.useFakeTimers(FAKE);
    expect(await video(500)).toBe('answered');
    vi.useRealTimers();
    vi.useFakeTimers(FAKE);
    const second = video(1_000);
    await vi.advanceTimersByTimeAsync(1_000);
    vi.useRealTimers();
    // The failure path loads on demand (real I/O): a timed-out call settles in milliseconds of real time.
    expect(await Promise.race([second, delay(2_000).then(() => 'still waiting')])).toBe('timed out');
  });
});
