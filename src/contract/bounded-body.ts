// Reads what a peer sends no further than a limit: an answer (from an upstream behind the proxy, a
// server under check), which a peer cannot make us hold more of than that however it encodes it (a
// small gzip answer can decode to gigabytes; the count is of the decoded bytes, so reading stops as soon
// as it is past); and a request body on a server of this project (the emulator's and the MCP server's
// node:http servers), whose rest past the limit is read and thrown away after the 413, so that the
// client, still sending, sees the 413 and not a reset. The request is typed by the few members of
// node:http's IncomingMessage used, so this module imports nothing of Node.

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

/** A node:http request, as far as reading its body goes. */
export interface RequestStream {
  headers: Readonly<Record<string, string | string[] | undefined>>;
  on(event: 'data', listener: (chunk: Uint8Array) => void): unknown;
  on(event: 'end', listener: () => void): unknown;
  on(event: 'error', listener: (error: Error) => void): unknown;
  off(event: 'data', listener: (chunk: Uint8Array) => void): unknown;
  off(event: 'end', listener: () => void): unknown;
  socket: { destroy(): unknown } | null;
}

/** A request body as read: its bytes (undefined for none), or that it was longer than the limit. */
export type RequestBody = { bytes: Uint8Array | undefined; tooLarge: false } | { bytes: undefined; tooLarge: true };

/** A request that declares no body, as most GETs are: one object for all of them. */
const NO_BODY: RequestBody = Object.freeze({ bytes: undefined, tooLarge: false });

/** How much more than the limit is read and thrown away before a 413, past which the connection is closed. */
const DISCARDED_BODY_FACTOR = 4;

/**
 * Reads the body up to `limitBytes`, then calls `done` (at once for a request that declares no body: no
 * turn is spent waiting for its end). A body past the limit is read on and thrown away, and reported too
 * large once it ends: node:http closes a connection whose request it has not read whole after answering,
 * and a client still sending would see that reset, not the 413. Past DISCARDED_BODY_FACTOR times the
 * limit, it is reported too large there, and the connection closed at twice that. A read that fails
 * calls `failed`. Callback-shaped, not a promise: a server answers in the same turn.
 */
export function readRequestBody(
  request: RequestStream,
  limitBytes: number,
  done: (body: RequestBody) => void,
  failed: (error: Error) => void,
): void {
  if (request.headers['content-length'] === undefined && request.headers['transfer-encoding'] === undefined) {
    done(NO_BODY);
    return;
  }
  const chunks: Uint8Array[] = [];
  let size = 0;
  let answered = false;
  const onData = (chunk: Uint8Array) => {
    size += chunk.byteLength;
    if (size <= limitBytes) return void chunks.push(chunk);
    chunks.length = 0;
    if (size <= DISCARDED_BODY_FACTOR * limitBytes) return;
    // Past what is thrown away: answered now, and the connection closed once as much again has come
    // after the answer: a close at the very next chunk could reset the connection before the client had
    // read its 413 (seen under load).
    if (answered) {
      if (size > 2 * DISCARDED_BODY_FACTOR * limitBytes) request.socket?.destroy();
      return;
    }
    answered = true;
    done({ bytes: undefined, tooLarge: true });
  };
  const onEnd = () => {
    if (answered) return;
    if (size > limitBytes) return done({ bytes: undefined, tooLarge: true });
    done({ bytes: size === 0 ? undefined : chunks.length === 1 ? chunks[0]! : joined(chunks, size), tooLarge: false });
  };
  request.on('data', onData);
  request.on('end', onEnd);
  request.on('error', failed);
}
