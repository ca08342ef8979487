// Removes the API key from what a server sends back, in every form a server could echo it in. Each
// character of the key may be written as sent, JSON-escaped (`\"`, `\\`, `\/`), `\u00e9`- or
// `\xe9`-escaped, percent-encoded (UTF-8 or Latin-1 bytes), as an HTML character reference (`&#233;`,
// `&#xe9;`) or as the hex digits of its UTF-8 bytes, in any mix and either case of hex digits; and the
// whole key in base64 (standard or URL-safe, at any of the three alignments a prefix can give it).
// One redactor serves the client's log and errors, the checker's report, and everything the emulator
// and its proxy keep: the forms listed here are the ones the docs promise.
//
// The rule: a key of LONG_KEY or more characters is redacted wherever it appears. A shorter key is
// redacted only where it stands alone, not touching a letter or digit on either side: inside a word
// it identifies nothing, and redacting it there would garble ordinary text ("k" in "key").

/** What stands where the key was. */
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
  forms.push(`&#0*${code};`, `&#[xX]0*${anyCase(hex(code, 1))};`);
  forms.push([...new TextEncoder().encode(char)].map((byte) => anyCase(hex(byte, 2))).join(''));
  return `(?:${forms.join('|')})`;
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * The runs of base64 (standard and URL-safe) that encode the key whatever falls before it: for each of
 * the three alignments, the characters that depend on the key's bytes alone (eight at least, so that a
 * short run matches no ordinary text).
 */
function base64Forms(secret: string): string[] {
  // Web APIs only (TextEncoder, btoa): the client and the in-process emulator run in browsers too.
  const bytes = new TextEncoder().encode(secret);
  const forms: string[] = [];
  for (const offset of [0, 1, 2]) {
    const encoded = btoa(String.fromCharCode(...new Uint8Array(offset), ...bytes));
    const run = encoded.slice(offset === 0 ? 0 : offset + 1, Math.floor((offset + bytes.length) / 3) * 4);
    if (run.length >= 8) forms.push(run, run.replaceAll('+', '-').replaceAll('/', '_'));
  }
  return forms.map(escapeRegExp);
}

/** The patterns of one secret: every form listed above. */
function secretForms(secret: string): string[] {
  const key = [...secret].map(formsOf).join('');
  const echoed = secret.length >= LONG_KEY ? key : `(?<!${LETTER_OR_DIGIT})${key}(?!${LETTER_OR_DIGIT})`;
  return [echoed, ...base64Forms(secret)];
}

/**
 * A function that replaces the key in a text, in every form listed above, with REDACTED; given several
 * secrets (HTTP basic's pair and its password), each of them, the longest first.
 */
export function createRedactor(secret: string | readonly string[]): (text: string) => string {
  const secrets = (typeof secret === 'string' ? [secret] : [...secret])
    .filter((one) => one !== '')
    .sort((a, b) => b.length - a.length);
  if (secrets.length === 0) return (text) => text;
  const pattern = new RegExp(secrets.flatMap(secretForms).join('|'), 'gu');
  return (text) => text.replace(pattern, REDACTED);
}

/**
 * A copy of a parsed JSON value with the key redacted from every string in it, keys included; the
 * value of a field named in `secretFields` (other than null) is replaced whole, at any depth.
 */
export function redactJson(
  value: unknown,
  redact: (text: string) => string,
  secretFields: ReadonlySet<string> = new Set(),
): unknown {
  if (typeof value === 'string') return redact(value);
  if (Array.isArray(value)) return value.map((item) => redactJson(item, redact, secretFields));
  if (value === null || typeof value !== 'object') return value;
  return Object.fromEntries(
    Object.entries(value).map(([name, item]) => [
      redact(name),
      secretFields.has(name) && item !== null ? REDACTED : redactJson(item, redact, secretFields),
    ]),
  );
}

/**
 * A body as text fit to keep: JSON parsed and each of its strings scrubbed (a key escaped inside a JSON
 * string is escaped twice in the raw text, past what scrubbing the text finds), other text scrubbed whole.
 */
export function redactedBodyText(text: string, redact: (text: string) => string): string {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return redact(text);
  }
  return JSON.stringify(redactJson(value, redact));
}
