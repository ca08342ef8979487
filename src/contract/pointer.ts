// JSON Pointers (RFC 6901) into the document: made from path segments, and read back into tokens. A
// module of its own, with no import: the client reaches it through document.ts without loading Ajv.

/** A fragment's token, percent-decoded (`%7Bid%7D` is `{id}`); one that is no valid escape is taken as written. */
function fragmentToken(token: string): string {
  if (!token.includes('%')) return token;
  try {
    return decodeURIComponent(token);
  } catch {
    return token;
  }
}

/**
 * The tokens of a JSON Pointer, plain ('/a~1b/0') or as a URI fragment ('#/a~1b/0', percent-encoded or
 * not): ['a/b', '0']; none for the whole document.
 */
export function pointerTokens(pointer: string): string[] {
  const fragment = pointer.startsWith('#');
  const plain = fragment ? pointer.slice(1) : pointer;
  if (plain === '') return [];
  const tokens = plain.split('/').slice(1);
  // Most pointers have neither an escape nor a percent sign: their tokens are as written.
  if (!plain.includes('~') && !plain.includes('%')) return tokens;
  return tokens.map((token) => (fragment ? fragmentToken(token) : token).replaceAll('~1', '/').replaceAll('~0', '~'));
}

/**
 * Encodes path segments into a JSON Pointer fragment, e.g. ['paths', '/a/{b}'] -> '#/paths/~1a~1{b}'; a
 * `%` as `%25`, since a fragment is percent-decoded when read.
 */
export function jsonPointer(...segments: readonly (string | number)[]): string {
  let pointer = '#';
  for (const segment of segments) pointer += `/${pointerToken(String(segment))}`;
  return pointer;
}

/** A segment as a pointer's token: most need no escape, and are taken as they are. */
const pointerToken = (segment: string) =>
  /[~/%]/.test(segment) ? segment.replaceAll('~', '~0').replaceAll('/', '~1').replaceAll('%', '%25') : segment;
