// The forms in which a server (or an upstream, or a client of the emulator) could echo an API key, one
// row each as docs/client.md lists them, and a check that finds the key in any of them in a text: what
// every test of a place the key could land (error, log, report, JUnit, recording, violations, journal)
// asserts against. The base64 check decodes what it finds rather than matching the scrubber's patterns,
// so it does not share the scrubber's mistakes.

const hex = (n: number, width: number) => n.toString(16).padStart(width, '0');
const utf8 = (text: string) => [...new TextEncoder().encode(text)];
const eachChar = (key: string, form: (code: number, char: string) => string) =>
  [...key].map((char) => form(char.codePointAt(0)!, char)).join('');
const base64 = (key: string, pad: string) => Buffer.from(pad + key, 'utf8').toString('base64');

/** Each form by the name docs/client.md gives it, and the texts a server would write the key as in it. */
export const KEY_FORMS: Record<string, (key: string) => string[]> = {
  'as sent': (key) => [key],
  'JSON-escaped': (key) => [JSON.stringify(key).slice(1, -1), JSON.stringify(key).slice(1, -1).replaceAll('/', '\\/')],
  '\\u-escaped': (key) => [
    eachChar(key, (code) => `\\u${hex(code, 4)}`),
    eachChar(key, (code) => `\\u${hex(code, 4).toUpperCase()}`),
  ],
  '\\x-escaped': (key) =>
    [...key].every((c) => c.charCodeAt(0) <= 0xff) ? [eachChar(key, (code) => `\\x${hex(code, 2)}`)] : [],
  'percent-encoded (UTF-8)': (key) => [
    utf8(key)
      .map((b) => `%${hex(b, 2).toUpperCase()}`)
      .join(''),
    encodeURIComponent(key),
    encodeURIComponent(key).replace(/%[0-9A-F]{2}/g, (p) => p.toLowerCase()),
  ],
  'percent-encoded (Latin-1)': (key) =>
    [...key].every((c) => c.charCodeAt(0) <= 0xff) ? [eachChar(key, (code) => `%${hex(code, 2).toUpperCase()}`)] : [],
  'HTML character references': (key) => [
    eachChar(key, (code) => `&#${code};`),
    eachChar(key, (code) => `&#x${hex(code, 1)};`),
    eachChar(key, (code) => `&#X${hex(code, 4).toUpperCase()};`),
  ],
  'hex of the UTF-8 bytes': (key) => [
    utf8(key)
      .map((b) => hex(b, 2))
      .join(''),
    utf8(key)
      .map((b) => hex(b, 2).toUpperCase())
      .join(''),
  ],
  base64: (key) => ['', 'a', 'ab'].map((pad) => base64(key, pad)),
  'URL-safe base64': (key) =>
    ['', 'a', 'ab'].map((pad) => base64(key, pad).replaceAll('+', '-').replaceAll('/', '_').replace(/=+$/, '')),
};

/** Every text a server could echo `key` as, with the name of its form. */
export const keyEchoes = (key: string): { form: string; text: string }[] =>
  Object.entries(KEY_FORMS).flatMap(([form, texts]) => texts(key).map((text) => ({ form, text })));

/** Whether any run of base64 in `text`, decoded at any alignment, holds the key. */
function base64Holds(text: string, key: string): boolean {
  for (const [run] of text.matchAll(/[A-Za-z0-9+/_-]{8,}/g)) {
    const standard = run.replaceAll('-', '+').replaceAll('_', '/');
    for (let skip = 0; skip < 4; skip++)
      if (Buffer.from(standard.slice(skip), 'base64').toString('utf8').includes(key)) return true;
  }
  return false;
}

/** The name of a form of `key` that `text` holds, or undefined where it holds none. */
export function keyFormIn(text: string, key: string): string | undefined {
  const found = keyEchoes(key).find(({ form, text: echo }) => !form.includes('base64') && text.includes(echo));
  if (found) return found.form;
  return base64Holds(text, key) ? 'base64' : undefined;
}
