// MCP's stdio transport, one JSON-RPC message a line, answering what the SDK's own transport drops
// without a word: a line that is not JSON gets a parse error (-32700), JSON that is not one message (a
// batch among them: the 2025-06-18 protocol has none) an invalid request (-32600), and the session goes
// on. A line over the limit cannot be answered (its id may lie past the part held), so it ends the
// session with a MessageTooLargeError; no more than the limit is ever held.
import type { Readable, Writable } from 'node:stream';
import type { Transport } from '@modelcontextprotocol/sdk/shared/transport.js';
import { ErrorCode, JSONRPCMessageSchema, type JSONRPCMessage } from '@modelcontextprotocol/sdk/types.js';

/** The longest line taken, in bytes: the SDK's own transport's limit. */
export const MESSAGE_LIMIT_BYTES = 10 * 1024 * 1024;

/** A line over the limit: the session ends. */
export class MessageTooLargeError extends Error {
  override name = 'MessageTooLargeError';
}

const NEWLINE = 0x0a;

/** The id to answer an invalid message with: its own, where it has a usable one (JSON-RPC 2.0, section 5). */
function idOf(value: unknown): string | number | null {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return null;
  const { id } = value as { id?: unknown };
  return typeof id === 'string' || typeof id === 'number' ? id : null;
}

export class LineTransport implements Transport {
  onclose?: () => void;
  onerror?: (error: Error) => void;
  onmessage?: (message: JSONRPCMessage) => void;
  #line: Buffer[] = [];
  #lineBytes = 0;
  #closed = false;
  #draining: Promise<void> | undefined;

  constructor(
    private readonly input: Readable,
    private readonly output: Writable,
    private readonly limitBytes = MESSAGE_LIMIT_BYTES,
  ) {}

  async start(): Promise<void> {
    this.input.on('data', this.#onData);
    // The client ends a stdio session by closing the server's stdin.
    this.input.on('end', this.#onEnd);
    this.input.on('error', this.#onError);
  }

  /**
   * Writes one message. While the client leaves its answers unread, reading stops, so that neither its
   * lines nor our answers pile up; every send waits for the one drain.
   */
  send(message: JSONRPCMessage): Promise<void> {
    if (this.output.write(`${JSON.stringify(message)}\n`) && !this.#draining) return Promise.resolve();
    this.#draining ??= new Promise((resolve) => {
      this.input.pause();
      this.output.once('drain', () => {
        this.#draining = undefined;
        if (!this.#closed) this.input.resume();
        resolve();
      });
    });
    return this.#draining;
  }

  async close(): Promise<void> {
    if (this.#closed) return;
    this.#closed = true;
    this.input.off('data', this.#onData);
    this.input.off('end', this.#onEnd);
    this.input.off('error', this.#onError);
    this.input.pause();
    this.#line = [];
    this.onclose?.();
  }

  #onEnd = () => void this.close();
  #onError = (error: Error) => this.onerror?.(error);

  #onData = (chunk: Buffer) => {
    let start = 0;
    for (let end = chunk.indexOf(NEWLINE); end !== -1; end = chunk.indexOf(NEWLINE, start)) {
      if (!this.#hold(chunk.subarray(start, end))) return;
      const line = Buffer.concat(this.#line).toString('utf8');
      this.#line = [];
      this.#lineBytes = 0;
      this.#take(line);
      if (this.#closed) return;
      start = end + 1;
    }
    this.#hold(chunk.subarray(start));
  };

  /** Adds part of the line being read; past the limit, ends the session instead. */
  #hold(part: Buffer): boolean {
    this.#lineBytes += part.length;
    if (this.#lineBytes > this.limitBytes) {
      this.onerror?.(
        new MessageTooLargeError(
          `a message was longer than the limit of ${this.limitBytes / 1024 / 1024} MiB (${this.limitBytes} bytes): the session ends`,
        ),
      );
      void this.close();
      return false;
    }
    if (part.length > 0) this.#line.push(part);
    return true;
  }

  #take(line: string): void {
    const text = line.endsWith('\r') ? line.slice(0, -1) : line;
    if (text.trim() === '') return;
    let value: unknown;
    try {
      value = JSON.parse(text);
    } catch {
      this.#answerError(null, ErrorCode.ParseError, 'Parse error: the line is not JSON');
      return;
    }
    const message = JSONRPCMessageSchema.safeParse(value);
    if (message.success) {
      this.onmessage?.(message.data);
      return;
    }
    this.#answerError(
      idOf(value),
      ErrorCode.InvalidRequest,
      Array.isArray(value)
        ? 'Invalid Request: batches are not supported: send one message a line'
        : 'Invalid Request: the line is not a JSON-RPC 2.0 request, notification or response',
    );
  }

  #answerError(id: string | number | null, code: number, message: string): void {
    // The SDK's message type has no error with a null id, which JSON-RPC requires where the id is unknown.
    void this.send({ jsonrpc: '2.0', id, error: { code, message } } as unknown as JSONRPCMessage);
  }
}
