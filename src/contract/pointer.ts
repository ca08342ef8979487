// JSON Pointers (RFC 6901) into the document: made from path segments, and read back into tokens. A
// module of its own, with no import: the client reaches it through document.ts without loading Ajv.

/** The tokens of a JSON Pointer, plain ('/a~1b/0') or as a fragment ('#/a~1b/0'): ['a/b', '0']; none for the whole document. */
export function pointerTokens(pointer: string): string[] {
  const plain = pointer.startsWith('#') ? pointer.slice(1) : pointer;
  if (plain === '') return [];
  return plain
    .split('/')
    .slice(1)
    .map((token) => token.replaceAll('~1', '/').replaceAll('~0', '~'));
}

/** Encodes path segments into a JSON Pointer fragment, e.g. ['paths', '/a/{b}'] -> '#/paths/~1a~1{b}'. */
export function jsonPointer(...segments: readonly (string | number)[]): string {
  return `#${segments.map((s) => `/${String(s).replaceAll('~', '~0').replaceAll('/', '~1')}`).join('')}`;
}
