// The checks of createCloudClient's options and of a call's own: each value is checked where the client
// takes it, and a bad one is a CloudClientOptionError naming the option and the rule, never quoting the key.
import { httpUrl, notHttpUrl } from '../contract/http-url.js';
import { isLogLevel, LOG_LEVELS, type LogLevel } from './log.js';
import { CloudClientOptionError } from './option-error.js';

export function checkedApiKey(apiKey: string | undefined): string {
  if (apiKey === undefined || apiKey.trim() === '') {
    throw new CloudClientOptionError('apiKey is required: pass { apiKey } or set GCORE_API_KEY');
  }
  // The key goes into a header: a character a header cannot hold would make fetch throw an error
  // that quotes the whole header value, key included. Refuse it here, without quoting it. Spaces
  // inside are sent as they are, as the official SDKs send a key (their tests use `My API Key`); at
  // either end fetch would trim them, sending another key than the one given.
  if (/[^\u0020-\u007e\u00a1-\u00ff]/.test(apiKey) || apiKey !== apiKey.trim()) {
    throw new CloudClientOptionError(
      'apiKey must not contain control or non-Latin-1 characters, nor begin or end with whitespace',
    );
  }
  return apiKey;
}

export function checkedBaseUrl(baseUrl: string): string {
  if (!httpUrl(baseUrl)) throw new CloudClientOptionError(notHttpUrl('baseUrl', baseUrl));
  return baseUrl.replace(/\/+$/, '');
}

/**
 * A call's URL, made from a baseUrl the call set for itself (openapi-fetch takes one per call): refused
 * where that base breaks the rule the client's own keeps. openapi-fetch encodes every query value, so the
 * call's query holds no `/`: a `?` or `#` with one after it is the base's.
 */
export function checkedCallUrl(url: string): void {
  if (!httpUrl(url.replace(/[?#][^/]*$/, ''))) throw new CloudClientOptionError(notHttpUrl('baseUrl of a call', url));
}

/** The largest delay a timer can hold (2^31 - 1 ms, about 24.8 days): above it, it fires at once. */
const MAX_TIMER_MS = 2 ** 31 - 1;

function checkedNumber(name: string, value: unknown, rule: (n: number) => boolean, wanted: string): number {
  if (typeof value !== 'number' || !rule(value)) {
    throw new CloudClientOptionError(
      `${name} must be ${wanted}, got ${typeof value === 'number' ? value : (JSON.stringify(value) ?? String(value))}`,
    );
  }
  return value;
}

export function checkedLogLevel(level: unknown): LogLevel {
  if (!isLogLevel(level))
    throw new CloudClientOptionError(
      `logLevel (or GCORE_LOG) must be one of ${LOG_LEVELS.join(', ')}, got ${JSON.stringify(level)}`,
    );
  return level;
}

export const checkedTimeout = (name: string, value: unknown) =>
  checkedNumber(
    name,
    value,
    (n) => Number.isFinite(n) && n > 0 && n <= MAX_TIMER_MS,
    `a number of milliseconds above 0 and at most ${MAX_TIMER_MS}`,
  );

export const checkedRetries = (name: string, value: unknown) =>
  checkedNumber(name, value, (n) => Number.isInteger(n) && n >= 0 && n <= 10, 'a whole number from 0 to 10');
