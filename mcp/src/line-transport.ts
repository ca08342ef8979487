// MCP's stdio transport, one JSON-RPC message a line, answering what the SDK's own transport drops
// without a word: a line that is not JSON gets a parse error (-32700), JSON that is not one message (a
// batch among them: MCP has had none since 2025-06-18) an invalid request (-32600), a request whose
// params are not an object invalid params (-32602), and the session goes on. A line over the limit cannot be answered (its id may lie past the part held), so it ends the
// session with a MessageTooLargeError; no more than the limit is ever held.
import type { Readable, Writable } from 'node:stream';
import {
  type JSONRPCMessage,
  parseJSONRPCMessage,
  ProtocolErrorCode,
  type Transport,
} from '@modelcontextprotocol/server';

/** The longest line taken, in bytes: the SDK's own transport's limit. */
export const MESSAGE_LIMIT_BYTES = 10 * 1024 * 1024;

/** A line over the limit: the session ends. */
export class MessageTooLargeError extends Error {
  override name = 'MessageTooLargeError';
}

const NEWLINE = 0x0a;

const isObject = (value: unknown): value is Record<string, unknown> =>
  value !== null && typeof value === 'object' && !Array.isArray(value);

/** The id to answer an invalid message with: its own, where it has a usable one (JSON-RPC 2.0, section 5). */
function idOf(value: unknown): string | number | null {
  if (!isObject(value)) return null;
  const { id } = value;
  return typeof id === 'string' || typeof id === 'number' ? id : null;
}

/**
 * A request fit to answer but for its params, which MCP takes only as an object (never by position): the
 * method cannot run, which JSON-RPC calls invalid params (-32602), not an invalid request.
 */
function onlyParamsWrong(value: unknown): boolean {
  if (!isObject(value) || value.jsonrpc !== '2.0' || typeof value.method !== 'string') return false;
  return idOf(value) !== null && 'params' in value && !isObject(value.params);
}

export class LineTransport implements Transport {
  onclose?: () => void;
  onerror?: (error: Error) => void;
  onmessage?: (message: JSONRPCMessage) => void;
  #line: Buffer[] = [];
  #lineBytes = 0;
  #closed = false;
  #draining: Promise<void> | undefined;
  #ended!: () => void;
  /** Settles once the session has ended, however it ended: whoever serves on it need not hold its onclose. */
  readonly closed = new Promise<void>((resolve) => {
    this.#ended = resolve;
  });

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
    this.#ended();
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
      this.#answerError(null, ProtocolErrorCode.ParseError, 'Parse error: the line is not JSON');
      return;
    }
    let message: JSONRPCMessage;
    try {
      message = parseJSONRPCMessage(value);
    } catch {
      this.#answerInvalid(value);
      return;
    }
    this.onmessage?.(message);
  }

  #answerInvalid(value: unknown): void {
    if (onlyParamsWrong(value)) {
      this.#answerError(idOf(value), ProtocolErrorCode.InvalidParams, 'Invalid params: params must be an object');
      return;
    }
    this.#answerError(
      idOf(value),
      ProtocolErrorCode.InvalidRequest,
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
