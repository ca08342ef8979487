// The retry policy as a table: which outcomes each kind of method may retry, and the waits.
import { describe, expect, it } from 'vitest';
import { isRetryable, retryDelayMs, type AttemptOutcome } from '../../src/index.js';

const response = (status: number, headers: Record<string, string> = {}): AttemptOutcome => ({
  kind: 'response',
  status,
  headers: new Headers(headers),
});

// [outcome, GET/DELETE may retry, POST/PATCH may retry]
const table: [string, AttemptOutcome, boolean, boolean][] = [
  ['408', response(408), true, false],
  ['409', response(409), false, false],
  ['429', response(429), true, true],
  ['500', response(500), true, false],
  ['502', response(502), true, false],
  // A 503 may come from a proxy in front of a server that acted (the emulator's `after` fault shows it).
  ['503', response(503), true, false],
  ['503 with x-should-retry: true', response(503, { 'x-should-retry': 'true' }), true, true],
  ['429 with Retry-After', response(429, { 'retry-after': '1' }), true, true],
  ['504', response(504), true, false],
  ['400', response(400), false, false],
  ['404', response(404), false, false],
  ['connection refused', { kind: 'network', refused: true }, true, true],
  ['connection reset', { kind: 'network', refused: false }, true, false],
  ['timeout', { kind: 'timeout' }, true, false],
  ['500 with x-should-retry: false', response(500, { 'x-should-retry': 'false' }), false, false],
  ['400 with x-should-retry: true', response(400, { 'x-should-retry': 'true' }), true, true],
];

describe('isRetryable', () => {
  it.each(table)('%s: GET/DELETE %s, POST/PATCH %s', (_name, outcome, idempotent, unsafe) => {
    expect(isRetryable('GET', outcome)).toBe(idempotent);
    expect(isRetryable('DELETE', outcome)).toBe(idempotent);
    expect(isRetryable('POST', outcome)).toBe(unsafe);
    expect(isRetryable('PATCH', outcome)).toBe(unsafe);
  });
});

describe('retryDelayMs', () => {
  const now = Date.parse('2026-11-22T10:00:00Z');
  const noJitter = () => 0;
  const fullJitter = () => 1;

  it('backs off 0.5 s x 2^n, capped at 8 s', () => {
    expect([0, 1, 2, 3, 4, 5, 9].map((n) => retryDelayMs(n, undefined, now, noJitter))).toEqual([
      500, 1000, 2000, 4000, 8000, 8000, 8000,
    ]);
  });

  it('takes off at most 25 % as jitter', () => {
    expect(retryDelayMs(0, undefined, now, fullJitter)).toBe(375);
    expect(retryDelayMs(4, undefined, now, fullJitter)).toBe(6000);
  });

  it.each([
    ['retry-after-ms', { 'retry-after-ms': '250' }, 250],
    ['retry-after-ms before Retry-After', { 'retry-after-ms': '250', 'retry-after': '3' }, 250],
    ['Retry-After in seconds', { 'retry-after': '3' }, 3000],
    ['Retry-After as an HTTP date', { 'retry-after': new Date(now + 7000).toUTCString() }, 7000],
    ['Retry-After of 0', { 'retry-after': '0' }, 0],
  ])('honours %s', (_name, headers, wait) => {
    expect(retryDelayMs(1, new Headers(headers), now, noJitter)).toBe(wait);
  });

  it.each([
    ['over 60 s', { 'retry-after': '61' }],
    ['a date in the past', { 'retry-after': new Date(now - 5000).toUTCString() }],
    ['negative ms', { 'retry-after-ms': '-5' }],
    ['garbage', { 'retry-after': 'soon', 'retry-after-ms': 'x' }],
  ])('falls back to backoff for a hint that is %s', (_name, headers) => {
    expect(retryDelayMs(1, new Headers(headers), now, noJitter)).toBe(1000);
  });
});
