// Reads an answer from a peer (an upstream behind the proxy, a server under check) no further than a
// limit: a peer cannot make us hold more than that, however it encodes it (a small gzip answer can
// decode to gigabytes; the count is of the decoded bytes, so reading stops as soon as it is past).

/** The most of one answer a tool of this project reads from a peer: 16 MiB, decoded. */
export const PEER_BODY_LIMIT_BYTES = 16 * 1024 * 1024;

/** An answer longer than the limit: reading stopped there and the rest was not taken. */
export class BodyTooLargeError extends Error {
  override name = 'BodyTooLargeError';
  constructor(readonly limitBytes: number) {
    super(`the answer is longer than ${limitBytes} bytes, decoded; reading stopped there`);
  }
}

/** What holds a body to read: an answer, or a request (the emulator's web adapters read theirs here). */
type WithBody = Pick<Body, 'body'>;

/**
 * The body's chunks as they came, at most `limitBytes` in all, handed to `finish`; longer is a
 * BodyTooLargeError, and the stream is cancelled. `finish` is called here, not after an await of the
 * caller's, so that a read is one async step: the client reads every answer through this.
 */
async function readBounded<T>(
  response: WithBody,
  limitBytes: number,
  finish: (chunks: readonly Uint8Array[], length: number) => T,
): Promise<T> {
  const chunks: Uint8Array[] = [];
  let length = 0;
  if (response.body === null) return finish(chunks, length);
  const reader = response.body.getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) return finish(chunks, length);
    length += value.byteLength;
    if (length > limitBytes) {
      // Not awaited: a branch of a teed stream (a cloned request, as MSW hands one) settles its cancel
      // only once the other branch is cancelled too, which may be never.
      void reader.cancel().catch(() => undefined);
      throw new BodyTooLargeError(limitBytes);
    }
    chunks.push(value);
  }
}

/** The chunks in one buffer of their own. */
function joined(chunks: readonly Uint8Array[], length: number): Uint8Array<ArrayBuffer> {
  const bytes = new Uint8Array(length);
  let at = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, at);
    at += chunk.byteLength;
  }
  return bytes;
}

/** The bytes of the answer's body, at most `limitBytes`, in a buffer of their own; longer is a BodyTooLargeError. */
export const readBoundedBytes = (
  response: WithBody,
  limitBytes = PEER_BODY_LIMIT_BYTES,
): Promise<Uint8Array<ArrayBuffer>> => readBounded(response, limitBytes, joined);

// One decoder for every read: decode() without { stream } keeps no state between calls.
const utf8 = new TextDecoder();
// Most answers arrive in one chunk: decoded where it is, with no copy.
const decoded = (chunks: readonly Uint8Array[], length: number) =>
  utf8.decode(chunks.length === 1 ? chunks[0] : joined(chunks, length));

/** The body as text (UTF-8), at most `limitBytes` of it; longer is a BodyTooLargeError. */
export const readBoundedText = (response: WithBody, limitBytes = PEER_BODY_LIMIT_BYTES): Promise<string> =>
  readBounded(response, limitBytes, decoded);
