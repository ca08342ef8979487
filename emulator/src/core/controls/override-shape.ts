// What an override's answer must be before the document is asked about it: an object of the known keys
// only (a typo such as `header` would be dropped without a word), headers that are well-formed HTTP
// fields (RFC 9110) and leave the framing of the message to the adapter, a body no deeper than
// MAX_NESTING and no larger than a request body may be, all within bounds. An answer past these could
// break the connection it is sent on, kill the server that sends it, or overflow the document's checks.
// Each field's type is checked before anything reads it.
import { readAnswerBody } from 'cloud-platform-check/contract';
import { shownValue, quoted } from '../common/shown-value.js';
import { BODY_LIMIT_BYTES, overLimit } from '../document/request-body.js';
import { MAX_NESTING, nestingDepth } from '../document/nesting.js';

/** The answer an override gives: a status the operation declares, and its body and headers. */
export interface OverrideAnswer {
  status: number;
  body?: unknown;
  headers?: Record<string, string>;
}

/** The keys an override's answer may have. */
export const ANSWER_KEYS: readonly string[] = ['status', 'body', 'headers'];

/** The most headers one override answer may set. */
export const MAX_OVERRIDE_HEADERS = 32;
/** The most bytes the names and values of one override answer's headers may take, in all. */
export const MAX_OVERRIDE_HEADER_BYTES = 8 * 1024;

// RFC 9110 5.1 and 5.5: a name is a token; a value is visible ASCII with spaces or tabs only inside it.
// obs-text (bytes past ASCII) is left out: clients read it in different encodings.
const TOKEN = /^[!#$%&'*+\-.^_`|~0-9A-Za-z]+$/;
const FIELD_VALUE = /^(?:[\x21-\x7e](?:[\t\x20-\x7e]*[\x21-\x7e])?)?$/;

/**
 * Headers the adapter sets from the body it sends and the connection it sends it on (Content-Length,
 * Transfer-Encoding), or that belong to one hop, not to the answer (RFC 9110 7.6.1): set by a test, they
 * would contradict the adapter's.
 */
const FRAMING_HEADERS = new Set([
  'content-length',
  'transfer-encoding',
  'content-encoding',
  'connection',
  'keep-alive',
  'proxy-connection',
  'upgrade',
  'te',
  'trailer',
  'host',
  'http2-settings',
]);

/** An object made as a literal or by JSON.parse: a Map, a Headers or a class instance would lose its entries. */
export const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' &&
  value !== null &&
  [Object.prototype, null].includes(Object.getPrototypeOf(value) as object | null);

/** `field: unknown key "k"; the keys are ...`, for the first key of `given` that is not one of `keys`. */
export function unknownKeyProblem(given: object, keys: readonly string[], field: string): string | undefined {
  const unknown = Object.keys(given).find((key) => !keys.includes(key));
  return unknown === undefined
    ? undefined
    : `${field}: unknown key ${shownValue(unknown)}; the keys are ${quoted(keys)} (unknown-key)`;
}

/** Each way the headers break a rule, as `field: message (rule)`. */
function headerProblems(headers: unknown): string[] {
  if (headers === undefined) return [];
  if (!isPlainObject(headers))
    return [`headers: must be a plain object of names and string values, got ${shownValue(headers)} (type)`];
  const entries = Object.entries(headers);
  if (entries.length > MAX_OVERRIDE_HEADERS)
    return [`headers: at most ${MAX_OVERRIDE_HEADERS} (MAX_OVERRIDE_HEADERS), got ${entries.length} (limit)`];
  // A value that is not a string counts nothing here: its type is refused below, before anything reads it.
  const bytes = entries.reduce(
    (sum, [name, value]) => sum + name.length + (typeof value === 'string' ? value.length : 0),
    0,
  );
  if (bytes > MAX_OVERRIDE_HEADER_BYTES)
    return [
      `headers: at most ${MAX_OVERRIDE_HEADER_BYTES} bytes of names and values (MAX_OVERRIDE_HEADER_BYTES) (limit)`,
    ];
  const seen = new Set<string>();
  return entries.flatMap(([name, value]) => {
    const lower = name.toLowerCase();
    const field = `headers.${lower}`;
    if (!TOKEN.test(name))
      return [`headers: ${JSON.stringify(name)} is not a header name: letters, digits and !#$%&'*+-.^_\`|~ (token)`];
    if (seen.has(lower)) return [`${field}: given twice, in different cases (duplicate)`];
    seen.add(lower);
    if (FRAMING_HEADERS.has(lower))
      return [`${field}: the emulator frames the answer; ${name} cannot be set by an override (framing)`];
    if (typeof value !== 'string') return [`${field}: must be a string, got ${shownValue(value)} (type)`];
    if (!FIELD_VALUE.test(value))
      return [`${field}: must be visible ASCII, with spaces or tabs only inside; no CR, LF or NUL (field-value)`];
    return [];
  });
}

const TOO_DEEP = { problem: `body: nested deeper than ${MAX_NESTING} levels (MAX_NESTING)` };
const TOO_LARGE = { problem: `body: must be at most ${BODY_LIMIT_BYTES} bytes (BODY_LIMIT_BYTES)` };
const NOT_JSON = { problem: 'body: must be JSON data (type)' };

/** The JSON text of a value, or undefined for one that has none (a function, a bigint, a throwing toJSON). */
function jsonText(value: unknown): string | undefined {
  try {
    return JSON.stringify(value);
  } catch {
    return undefined;
  }
}

/**
 * The body as the core sends it and its text as the document's checks read it, or why it cannot be:
 * nested past MAX_NESTING (checked before anything serializes it, as a deeper value could overflow the
 * stack of what reads it next), or larger than BODY_LIMIT_BYTES. A string labelled JSON is parsed and held
 * to the same nesting limit, as the app under test will parse it; it is sent as the JSON it holds.
 */
function answerBody(
  body: unknown,
  contentType: string | undefined,
): { sent: unknown; text: string } | { problem: string } {
  if (typeof body === 'string') {
    if (overLimit(body)) return TOO_LARGE;
    const read = readAnswerBody(body, contentType);
    if (read.parseError) return { problem: `body: ${read.parseError} (json)` };
    return nestingDepth(read.body) > MAX_NESTING ? TOO_DEEP : { sent: read.body, text: body };
  }
  if (body === undefined) return { sent: undefined, text: '' };
  if (nestingDepth(body) > MAX_NESTING) return TOO_DEEP;
  const text = jsonText(body);
  if (text === undefined) return NOT_JSON;
  // A copy of what is sent: a caller changing its object later cannot get past these checks.
  return overLimit(text) ? TOO_LARGE : { sent: JSON.parse(text), text };
}

/**
 * The answer as the core sends it (its headers under their lower-case names, so none is sent twice beside
 * the core's) and its body's text, or each way its shape breaks a rule, as `field: message (rule)`.
 */
export function shapedAnswer(given: unknown): { answer: OverrideAnswer; text: string } | { problems: string[] } {
  if (!isPlainObject(given))
    return { problems: [`answer: must be an object of ${quoted(ANSWER_KEYS)}, got ${shownValue(given)} (type)`] };
  const unknownKey = unknownKeyProblem(given, ANSWER_KEYS, 'answer');
  if (unknownKey) return { problems: [unknownKey] };
  const { status, body, headers } = given;
  if (!Number.isInteger(status))
    return { problems: [`status: must be a whole number, got ${shownValue(status)} (type)`] };
  const shape = headerProblems(headers);
  if (shape.length > 0) return { problems: shape };
  const own = headers === undefined ? undefined : lowerCased(headers as Record<string, string>);
  const sent = answerBody(body, own?.['content-type']);
  if ('problem' in sent) return { problems: [sent.problem] };
  return {
    answer: { status: status as number, body: sent.sent, ...(own ? { headers: own } : {}) },
    text: sent.text,
  };
}

/** The headers under their lower-case names: how the core and the checks read them, each sent once. */
const lowerCased = (headers: Record<string, string>) =>
  Object.fromEntries(Object.entries(headers).map(([name, value]) => [name.toLowerCase(), value]));
