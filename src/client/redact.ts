// Removes the API key from what a server sends back, in every form a server could echo it in: as
// sent, JSON-escaped (`\"`, `\\`, `\/`), `\u00e9`- or `\xe9`-escaped, and percent-encoded (UTF-8 or
// Latin-1 bytes), in any mix and with hex digits in either case.
//
// The rule: a key of LONG_KEY or more characters is redacted wherever it appears. A shorter key is
// redacted only where it stands alone, not touching a letter or digit on either side: inside a word
// it identifies nothing, and redacting it there would garble ordinary text ("k" in "key").

export const REDACTED = '[redacted]';
const LONG_KEY = 8;
const LETTER_OR_DIGIT = '[\\p{L}\\p{N}]';

const hex = (n: number, width: number) => n.toString(16).padStart(width, '0');
/** A pattern for hex digits in either case. */
const anyCase = (digits: string) => digits.replace(/[a-f]/g, (d) => `[${d}${d.toUpperCase()}]`);

/** Every way one character of the key can be written in an echoed body, as one pattern. */
function formsOf(char: string): string {
  const code = char.charCodeAt(0);
  const forms = [`\\u{${hex(code, 1)}}`, `\\\\u${anyCase(hex(code, 4))}`];
  if (code <= 0xff) forms.push(`\\\\x${anyCase(hex(code, 2))}`);
  if (char === '"' || char === '\\' || char === '/') forms.push(`\\\\\\u{${hex(code, 1)}}`);
  forms.push([...new TextEncoder().encode(char)].map((byte) => `%${anyCase(hex(byte, 2))}`).join(''));
  if (code > 0x7f && code <= 0xff) forms.push(`%${anyCase(hex(code, 2))}`);
  return `(?:${forms.join('|')})`;
}

export function createRedactor(secret: string): (text: string) => string {
  const key = [...secret].map(formsOf).join('');
  const pattern = new RegExp(secret.length >= LONG_KEY ? key : `(?<!${LETTER_OR_DIGIT})${key}(?!${LETTER_OR_DIGIT})`, 'gu');
  return (text) => text.replace(pattern, REDACTED);
}

/**
 * A copy of a parsed JSON value with the key redacted from every string in it, keys included; the
 * value of a field named in `secretFields` (other than null) is replaced whole, at any depth.
 */
export function redactJson(value: unknown, redact: (text: string) => string, secretFields: ReadonlySet<string> = new Set()): unknown {
  if (typeof value === 'string') return redact(value);
  if (Array.isArray(value)) return value.map((item) => redactJson(item, redact, secretFields));
  if (value === null || typeof value !== 'object') return value;
  return Object.fromEntries(Object.entries(value).map(([name, item]) => [redact(name), secretFields.has(name) && item !== null ? REDACTED : redactJson(item, redact, secretFields)]));
}
