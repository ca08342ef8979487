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

/** The bytes of the answer's body, at most `limitBytes`; longer is a BodyTooLargeError, and the stream is cancelled. */
export async function readBoundedBytes(
  response: Response,
  limitBytes = PEER_BODY_LIMIT_BYTES,
): Promise<Uint8Array<ArrayBuffer>> {
  if (response.body === null) return new Uint8Array(0);
  const reader = response.body.getReader();
  const chunks: Uint8Array[] = [];
  let length = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    length += value.byteLength;
    if (length > limitBytes) {
      await reader.cancel().catch(() => undefined);
      throw new BodyTooLargeError(limitBytes);
    }
    chunks.push(value);
  }
  const bytes = new Uint8Array(length);
  let at = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, at);
    at += chunk.byteLength;
  }
  return bytes;
}

/** The body as text (UTF-8), at most `limitBytes` of it; longer is a BodyTooLargeError. */
export const readBoundedText = async (response: Response, limitBytes = PEER_BODY_LIMIT_BYTES): Promise<string> =>
  new TextDecoder().decode(await readBoundedBytes(response, limitBytes));
