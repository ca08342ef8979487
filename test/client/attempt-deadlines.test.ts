// Every attempt's deadline, through a whole client: each path an attempt can end by (an answer, an error
// status, a failed send, a body that fails or is too long, a timeout, the caller's abort) leaves no
// deadline behind in the client's clock, and calls in flight together each end at their own timeoutMs.
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { AttemptClock, Deadline } from '../../src/client/attempt-clock.js';
import { ApiConnectionError, ApiTimeoutError, createCloudClient } from '../../src/index.js';
import { onFakeClock } from '../../test-kit/fake-clock.js';

// The deadlines started and not stopped, across the clocks of every client made here.
const { live } = vi.hoisted(() => ({ live: new Set<object>() }));
vi.mock('../../src/client/attempt-clock.js', async (importOriginal) => {
  const actual = await importOriginal<typeof import('../../src/client/attempt-clock.js')>();
  return {
    createAttemptClock(): AttemptClock {
      const clock = actual.createAttemptClock();
      return {
        start(timeoutMs: number): Deadline {
          const deadline = clock.start(timeoutMs);
          live.add(deadline);
          return deadline;
        },
        stop(deadline: Deadline) {
          live.delete(deadline);
          clock.stop(deadline);
        },
      };
    },
  };
});

type Attempt = (request: Request, init: { signal: AbortSignal }) => Promise<Response>;

const json = (status: number, body: unknown = { id: 1 }) => Promise.resolve(Response.json(body, { status }));
/** Never answers; ends only when the attempt's signal aborts, as fetch does. */
const hang: Attempt = (_request, { signal }) =>
  new Promise((_, reject) => signal.addEventListener('abort', () => reject(signal.reason), { once: true }));
/** Answers 200 with a body that fails part-way, as a connection dropped mid-answer does. */
const brokenBody: Attempt = () => {
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      controller.enqueue(new TextEncoder().encode('{"id":'));
      controller.error(new TypeError('terminated'));
    },
  });
  return Promise.resolve(new Response(body, { status: 200, headers: { 'content-type': 'application/json' } }));
};
/** Answers 200 with 16 MiB and one byte more: past the most a client reads. */
const tooLarge: Attempt = () => Promise.resolve(new Response(new Uint8Array(16 * 1024 * 1024 + 1), { status: 200 }));
const refused: Attempt = () => Promise.reject(new TypeError('fetch failed', { cause: { code: 'ECONNREFUSED' } }));
const throwsAtOnce: Attempt = () => {
  throw new TypeError('not a fetch');
};

const clientWith = (script: Attempt[], extra: { timeoutMs?: number; maxRetries?: number } = {}) => {
  let n = 0;
  return createCloudClient({
    apiKey: 'deadlines',
    baseUrl: 'http://deadlines.local',
    fetch: (request, init) => script[Math.min(n++, script.length - 1)]!(request, init),
    ...extra,
  });
};

const outcomeOf = (error: unknown) =>
  error instanceof ApiTimeoutError
    ? 'timed out'
    : error instanceof ApiConnectionError
      ? 'connection error'
      : error instanceof DOMException
        ? error.name
        : String(error);

beforeAll(async () => {
  // The failure path, loaded once now: its import is real I/O, which fake timers do not run.
  await import('../../src/client/failure-path.js');
});
afterEach(() => {
  vi.useRealTimers();
  live.clear();
});

// Date is faked in both, to measure the fake time by: the second is vitest 2's default set.
describe.each([
  ['timers and performance.now faked', ['setTimeout', 'clearTimeout', 'Date', 'performance']],
  ['timers faked, performance.now real', ['setTimeout', 'clearTimeout', 'Date']],
] as const)('attempt deadlines, %s', (_, toFake) => {
  it.each([
    { case: 'an answer', script: [() => json(200)], retries: 0, outcome: 200 },
    { case: 'a 503, then an answer', script: [() => json(503), () => json(200)], retries: 1, outcome: 200 },
    { case: 'a 503 given up on', script: [() => json(503)], retries: 0, outcome: 503 },
    { case: 'a refused send, then an answer', script: [refused, () => json(200)], retries: 1, outcome: 200 },
    { case: 'a transport that throws at once', script: [throwsAtOnce], retries: 0, outcome: 'connection error' },
    { case: 'a body that fails part-way', script: [brokenBody], retries: 0, outcome: 'connection error' },
    { case: 'a body too long', script: [tooLarge], retries: 1, outcome: 'connection error' },
    { case: 'a timeout on every attempt', script: [hang], retries: 2, outcome: 'timed out' },
    { case: 'a timeout, then an answer', script: [hang, () => json(200)], retries: 1, outcome: 200 },
  ] as const)('$case leaves no deadline behind', async ({ script, retries, outcome }) => {
    vi.useFakeTimers({ toFake: [...toFake] });
    const client = clientWith([...script], { timeoutMs: 1_000, maxRetries: retries });
    const result = await onFakeClock(
      client
        .GET('/streaming/videos/{video_id}', { params: { path: { video_id: 1 } } })
        .then(({ response }) => response.status, outcomeOf),
    );
    expect(result).toBe(outcome);
    expect(live.size).toBe(0);
  });

  it.each([
    ['before the attempt ends', 400],
    ['during the wait before a retry', 1_200],
  ])("the caller's abort %s ends the call with its reason and leaves no deadline", async (_, abortAt) => {
    vi.useFakeTimers({ toFake: [...toFake] });
    const client = clientWith([hang], { timeoutMs: 1_000, maxRetries: 2 });
    const controller = new AbortController();
    setTimeout(() => controller.abort(new DOMException('stop', 'AbortError')), abortAt);
    const result = await onFakeClock(
      client
        .GET('/streaming/videos/{video_id}', { params: { path: { video_id: 1 } }, signal: controller.signal })
        .then(({ response }) => response.status, outcomeOf),
    );
    expect(result).toBe('AbortError');
    expect(live.size).toBe(0);
  });

  it('calls in flight together end each at its own timeoutMs, and one answered among them is not aborted', async () => {
    vi.useFakeTimers({ toFake: [...toFake] });
    const started = Date.now();
    let n = 0;
    // The third request is answered at 500 ms; the others never are.
    const client = createCloudClient({
      apiKey: 'deadlines',
      baseUrl: 'http://deadlines.local',
      maxRetries: 0,
      fetch: (request, init) =>
        ++n === 3
          ? new Promise((resolve) => setTimeout(() => resolve(Response.json({ id: 3 })), 500))
          : hang(request, init),
    });
    const ended: Record<string, number> = {};
    const call = (name: string, timeoutMs: number) =>
      client
        .GET('/streaming/videos/{video_id}', { params: { path: { video_id: 1 } }, timeoutMs })
        .then(({ response }) => response.status, outcomeOf)
        .then((outcome) => {
          ended[name] = Date.now() - started;
          return outcome;
        });
    const outcomes = await onFakeClock(Promise.all([call('long', 3_000), call('short', 300), call('answered', 2_000)]));
    expect(outcomes).toEqual(['timed out', 'timed out', 200]);
    // Where performance.now is real, the real time the calls took to start moves a deadline by a fraction, and
    // the clock ends what is less than a millisecond out (attempt-clock.ts): up to 1 ms early, never late.
    const early = (toFake as readonly string[]).includes('performance') ? [0] : [0, 1];
    const due = { short: 300, answered: 500, long: 3_000 };
    expect(Object.keys(ended).sort()).toEqual(Object.keys(due).sort());
    for (const [name, ms] of Object.entries(due)) expect(ms - ended[name]!, name).toBeOneOf(early);
    expect(live.size).toBe(0);
  });
});
