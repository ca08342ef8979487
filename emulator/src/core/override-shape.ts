// What an override's answer must be before the document is asked about it: headers that are well-formed
// HTTP fields (RFC 9110) and leave the framing of the message to the adapter, a body no deeper than
// MAX_NESTING and no larger than a request body may be, all within bounds. An answer past these could
// break the connection it is sent on, kill the server that sends it, or overflow the document's checks.
import { BODY_LIMIT_BYTES, overLimit } from './request-body.js';
import { MAX_NESTING, nestingDepth } from './nesting.js';

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

/** Each way the headers break a rule, as `field: message (rule)`. */
export function headerProblems(headers: unknown): string[] {
  if (headers === undefined) return [];
  if (typeof headers !== 'object' || headers === null || Array.isArray(headers))
    return ['headers: must be an object of names and values (type)'];
  const entries = Object.entries(headers);
  if (entries.length > MAX_OVERRIDE_HEADERS)
    return [`headers: at most ${MAX_OVERRIDE_HEADERS} (MAX_OVERRIDE_HEADERS), got ${entries.length} (limit)`];
  const bytes = entries.reduce((sum, [name, value]) => sum + name.length + String(value).length, 0);
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
    if (typeof value !== 'string') return [`${field}: must be a string (type)`];
    if (!FIELD_VALUE.test(value))
      return [`${field}: must be visible ASCII, with spaces or tabs only inside; no CR, LF or NUL (field-value)`];
    return [];
  });
}

/**
 * The body's text as it will be sent, or why it cannot be: nested past MAX_NESTING (checked first, as a
 * deeper value could overflow the stack of what reads it next), or larger than BODY_LIMIT_BYTES.
 */
export function bodyText(body: unknown): { text: string } | { problem: string } {
  if (nestingDepth(body) > MAX_NESTING)
    return { problem: `body: nested deeper than ${MAX_NESTING} levels (MAX_NESTING)` };
  const text = body === undefined ? '' : typeof body === 'string' ? body : JSON.stringify(body);
  return overLimit(text) ? { problem: `body: must be at most ${BODY_LIMIT_BYTES} bytes (BODY_LIMIT_BYTES)` } : { text };
}

/** The headers under their lower-case names: how the core and the checks read them, each sent once. */
export const lowerCased = (headers: Record<string, string>) =>
  Object.fromEntries(Object.entries(headers).map(([name, value]) => [name.toLowerCase(), value]));
