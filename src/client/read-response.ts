// The response the client hands to openapi-fetch once the attempt has read the body. It reads like
// any Response, but it holds the text it was given rather than a stream: text() and json() answer
// from that text (and its parse), and only another reader (body, arrayBuffer, blob, bytes, formData,
// clone) makes a standard Response for it. Reading the body a second time through a stream, and
// making a stream nobody reads, cost a local call about a sixth of its time. The body can be read
// once, by any reader, as with any Response. It also carries what the call was, for errors raised
// after the fact (unwrap, throwOnError).

/** What a call was, as its errors name it: the method and path, and for an error response its body and request id. */
export interface CallRecord {
  method: string;
  path: string;
  /** An error response's body, already read (and parsed when it is JSON), redacted. */
  errorBody?: unknown;
  /** An error response's `x-request-id` header, redacted. */
  requestIdHeader?: string | undefined;
}

export class ReadResponse extends Response {
  readonly #text: string;
  readonly #json: { value: unknown } | undefined;
  readonly #headers: Headers;
  #used = false;
  #standard: Response | undefined;

  /** `json`: the body already parsed, where the attempt parsed it; `init`: the status and headers (the answer read will do). */
  constructor(
    readonly call: CallRecord,
    text: string,
    json: { value: unknown } | undefined,
    init: ResponseInit,
  ) {
    // The answer's own Headers are handed on as they are: copying them cost a local call more than its parse.
    super(null, { status: init.status, statusText: init.statusText });
    this.#headers = init.headers instanceof Headers ? init.headers : new Headers(init.headers);
    this.#text = text;
    this.#json = json;
  }

  /** A standard Response with this body, made for the readers that need a stream; used if this one is. */
  #asStandard(): Response {
    if (!this.#standard) {
      this.#standard = new Response(this.#text === '' ? null : this.#text, {
        status: this.status,
        statusText: this.statusText,
        headers: this.headers,
      });
      if (this.#used) void this.#standard.body?.cancel();
    }
    return this.#standard;
  }

  #take<T>(read: () => T): Promise<T> {
    if (this.#used) return Promise.reject(new TypeError('Body is unusable: Body has already been read'));
    // A response without a body can be read again, as any.
    this.#used = this.#text !== '';
    // Read at once: the text is here, and a turn of the event loop more is a cost on every call.
    try {
      return Promise.resolve(read());
    } catch (error) {
      return Promise.reject(error);
    }
  }

  override get headers(): Headers {
    return this.#headers;
  }

  override text(): Promise<string> {
    return this.#standard ? this.#standard.text() : this.#take(() => this.#text);
  }

  override json(): Promise<any> {
    return this.#standard
      ? this.#standard.json()
      : this.#take(() => (this.#json ? this.#json.value : JSON.parse(this.#text)));
  }

  override get body(): ReadableStream<Uint8Array<ArrayBuffer>> | null {
    return this.#asStandard().body;
  }

  override get bodyUsed(): boolean {
    return this.#used || (this.#standard?.bodyUsed ?? false);
  }

  override arrayBuffer(): Promise<ArrayBuffer> {
    return this.#asStandard().arrayBuffer();
  }

  override blob(): Promise<Blob> {
    return this.#asStandard().blob();
  }

  override bytes(): Promise<Uint8Array<ArrayBuffer>> {
    return this.#asStandard().bytes();
  }

  override formData(): Promise<FormData> {
    return this.#asStandard().formData();
  }

  override clone(): Response {
    return this.#asStandard().clone();
  }
}

/**
 * What a call is, its path parsed only when something reads it (an error, a log line): most calls need
 * none. A class, as an object literal with a getter costs a call about twenty times as much to make.
 */
class RequestCallRecord implements CallRecord {
  readonly method: string;
  readonly #request: Request;

  constructor(request: Request) {
    this.method = request.method;
    this.#request = request;
  }

  get path(): string {
    return new URL(this.#request.url).pathname;
  }
}

export const callRecordFor = (request: Request): CallRecord => new RequestCallRecord(request);

/** Parsed JSON, or undefined when the text is not JSON. */
export function parsedJson(text: string): { value: unknown } | undefined {
  try {
    return { value: JSON.parse(text) };
  } catch {
    return undefined;
  }
}

/** The Response for a 2xx answer whose body is JSON or empty, parsed once; undefined when the body is not JSON. */
export function okResponse(response: Response, text: string, call: CallRecord): ReadResponse | undefined {
  const json = text === '' ? undefined : parsedJson(text);
  if (text !== '' && !json) return undefined;
  return new ReadResponse(call, text, json, response);
}

/** What a response the client returned answered; undefined for one it did not make. */
export const callRecordOf = (response: Response): Readonly<CallRecord> | undefined =>
  response instanceof ReadResponse ? response.call : undefined;

/**
 * What an error for this response names: the call as the client recorded (and scrubbed) it, else what
 * the request, or the response itself, says.
 */
export function errorOrigin(response: Response, request?: Request): Readonly<CallRecord> {
  const recorded = callRecordOf(response);
  if (recorded) return recorded;
  const url = request?.url ?? response.url;
  return {
    method: request?.method ?? 'HTTP',
    path: url ? new URL(url).pathname : '(unknown path)',
    requestIdHeader: response.headers.get('x-request-id') ?? undefined,
  };
}
