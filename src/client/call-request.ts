// The Request openapi-fetch makes for each call, given to it as its `Request` option: openapi-fetch builds
// it from the call's init, the keys it does not know included, so it carries what the call sets for
// itself (timeoutMs, maxRetries, whether it has a signal) to the client's fetch, checked as it is made.
// A bad value rejects the call before anything is sent. A request that middleware makes in its place is a
// plain Request: its signal may abort, and it carries none of the call's options.
import { checkedCallUrl, checkedRetries, checkedTimeout } from './option-checks.js';
import { CloudClientOptionError } from './option-error.js';

/** What one call may change of the client's settings. */
export interface CallOverrides {
  readonly timeoutMs?: number | undefined;
  readonly maxRetries?: number | undefined;
  /**
   * The request's signal can abort: the call was given a signal, or middleware replaced the request.
   * Otherwise it is the one openapi-fetch made, which nothing can abort, and no attempt listens to it: a
   * listener per attempt cost about 4% of a local call (bench:client, ad hoc variants).
   */
  readonly callerMayAbort?: boolean | undefined;
}

/** A call's init as openapi-fetch hands it to the Request it makes: RequestInit, with the call's own options. */
type CallInit = RequestInit & { timeoutMs?: unknown; maxRetries?: unknown };

/** What a request that middleware made in place of the call's carries: a signal that may abort. */
const REPLACED: CallOverrides = { callerMayAbort: true };

export class CallRequest extends Request implements CallOverrides {
  readonly timeoutMs: number | undefined;
  readonly maxRetries: number | undefined;
  readonly callerMayAbort: boolean;
  // Set only by this constructor: which requests are the client's own (a brand check, as cheap as a field read).
  readonly #made = true;

  /**
   * openapi-fetch takes a Request that middleware returns only where it is an instance of its `Request`
   * option: any Request is one, so middleware may hand on a plain Request, as its docs show.
   */
  static override [Symbol.hasInstance](value: unknown): boolean {
    return value instanceof Request;
  }

  /** What the call set for itself, where `request` is the call's own; else what a replaced request carries. */
  static overridesOf(request: Request): CallOverrides {
    return #made in request ? request : REPLACED;
  }

  constructor(input: RequestInfo | URL, init: CallInit = {}) {
    super(input, init);
    const { timeoutMs, maxRetries, signal } = init;
    this.timeoutMs = timeoutMs === undefined ? undefined : checkedTimeout('timeoutMs of a call', timeoutMs);
    this.maxRetries = maxRetries === undefined ? undefined : checkedRetries('maxRetries of a call', maxRetries);
    this.callerMayAbort = signal !== undefined && signal !== null;
  }
}

/** A check of every call as its Request is made: the method, and the URL as openapi-fetch made it (a string). */
export type CallCheck = (method: string, url: string) => void;

/**
 * The CallRequest of one client at `baseUrl`, whose key goes in `keyHeader` as `keyValue`: a call's headers
 * may add to the client's, never replace that one (openapi-fetch lets a call's header win over the
 * client's). Each call is handed to `check` first: done here rather than in middleware, which would cost
 * every call of the client a turn of the event loop and an id it never reads.
 */
export function callRequestClass(
  keyHeader: string,
  keyValue: string,
  check: CallCheck,
  baseUrl: string,
): typeof CallRequest {
  const under = `${baseUrl}/`;
  return class ClientCallRequest extends CallRequest {
    constructor(input: RequestInfo | URL, init?: CallInit) {
      // A URL elsewhere, or with a query, may come of a call's own baseUrl: checked before Request, whose
      // error for one with credentials would quote them.
      if (typeof input === 'string' && (!input.startsWith(under) || /[?#]/.test(input))) checkedCallUrl(input);
      super(input, init);
      check(this.method, typeof input === 'string' ? input : this.url);
      if (this.headers.get(keyHeader) !== keyValue) {
        throw new CloudClientOptionError(
          `headers of a call must not set ${keyHeader}: it is always the client's own (apiKey)`,
        );
      }
    }
  };
}
