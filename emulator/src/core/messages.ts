// The core's request and answer: plain data, what every adapter translates to and from.

/** Something an exchange through the proxy does that the document does not allow, or does not declare. */
export interface ContractViolation {
  direction: 'request' | 'response';
  /** JSON path (`$.id`, `body.name`, `query.page`, `headers.deprecation`), or `$` for the whole. */
  path: string;
  rule: string;
  message: string;
  /** A field the document does not declare: reported, but no failure unless the emulator is strict. */
  undeclared?: true;
}

/**
 * Headers shared by every answer that has no others, or only a JSON content type (most answers):
 * frozen, as adapters copy an answer's headers before adding their own.
 */
export const NO_HEADERS: Readonly<Record<string, string>> = Object.freeze({});
export const JSON_HEADERS: Readonly<Record<string, string>> = Object.freeze({
  'content-type': 'application/json; charset=utf-8',
});

/** An answer's headers with a JSON content type added: the shared JSON_HEADERS where there are no others. */
export const withJsonType = (headers: Readonly<Record<string, string>>): Readonly<Record<string, string>> =>
  headers === NO_HEADERS ? JSON_HEADERS : { ...headers, ...JSON_HEADERS };

/** A request as the core takes it, whatever adapter brought it: method, path, query, headers and body. */
export interface CoreRequest {
  method: string;
  /** The path as sent, percent-escapes and all, without the query. */
  path: string;
  /** Query parameters, decoded; one given more than once is an array. */
  query: Record<string, string | string[]>;
  /** Header names in lower case. */
  headers: Record<string, string | undefined>;
  /** The body's text; undefined or empty for none. */
  body?: string | undefined;
  /** The body as the bytes received, where the adapter kept them: what the proxy forwards, so a body that is not UTF-8 passes unchanged. */
  bodyBytes?: Uint8Array | undefined;
  /** Set by an adapter that stopped reading a body over the size limit. */
  bodyTooLarge?: boolean;
}

/** The core's answer as plain data, for an adapter to send: wire data only (what the journal records sits beside it, on the exchange). */
export interface CoreResponse {
  status: number;
  headers: Readonly<Record<string, string>>;
  /** A JSON value, a string for a text body, or undefined for none; with `verbatim`, bytes too. */
  body: unknown;
  /** The body is a string or bytes to send as they are, whatever its type says (an upstream's answer, handed back unchanged). */
  verbatim?: true;
  /** Each Set-Cookie header, apart: several cannot be joined into one header as others can. */
  setCookie?: readonly string[];
}
