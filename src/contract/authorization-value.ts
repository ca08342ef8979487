// The value of the header that carries a key, apart from the document's security (auth-scheme.ts), which
// a client of this API alone does not need: it sends its key as the build read the scheme.

/** A text's UTF-8 bytes in base64, as HTTP basic sends `user:password`. */
const base64 = (text: string) => btoa(String.fromCharCode(...new TextEncoder().encode(text)));

/**
 * The header value that carries `key`: the scheme word, one space, the key (in base64 for HTTP basic,
 * whose key is the whole `user:password` pair); the key alone where the scheme has no word.
 */
export const authorizationValue = (
  { scheme, basic }: { scheme?: string | undefined; basic?: true | undefined },
  key: string,
): string => (scheme === undefined ? key : `${scheme} ${basic ? base64(key) : key}`);
