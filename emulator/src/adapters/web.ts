// Between web Requests and Responses and the core: what the in-process fetch and the MSW handlers share.
import { BodyTooLargeError, readBoundedBytes } from 'cloud-platform-api/toolbox';
import type { Carrier } from '../core/lifecycle.js';
import type { CoreRequest, CoreResponse } from '../core/messages.js';
import { BODY_LIMIT_BYTES } from '../core/document/request-body.js';
import { bodyContent } from '../core/common/body-content.js';

/** A repeated query parameter becomes an array; keys go in a null-prototype object, so `__proto__` is a key. */
export function queryOf(params: URLSearchParams): CoreRequest['query'] {
  const query = Object.create(null) as CoreRequest['query'];
  for (const [name, value] of params) {
    const before = query[name];
    query[name] = before === undefined ? value : Array.isArray(before) ? [...before, value] : [before, value];
  }
  return query;
}

/** A body over the limit: what the core refuses with 413, with none of it kept. */
const TOO_LARGE = Symbol('too large');

/**
 * The body's bytes, read no further than the core's limit (a body past it is cancelled there: TOO_LARGE),
 * or the signal's reason once it aborts: a body stream that never ends must not hold the caller. The
 * signal is the caller's own where there is one: undici's Request follows it only through a weak
 * reference, and a Request no one else holds is collected mid-read, its own signal never aborted. A
 * listener on the caller's signal holds the Request for as long as the read can be aborted.
 */
function bodyOf(request: Request, signal: AbortSignal): Promise<Uint8Array | typeof TOO_LARGE> {
  if (signal.aborted) return Promise.reject(signal.reason);
  return new Promise((resolve, reject) => {
    const onAbort = () => {
      reject(signal.reason);
      void request.body?.cancel(signal.reason).catch(() => undefined);
    };
    signal.addEventListener('abort', onAbort, { once: true });
    readBoundedBytes(request, BODY_LIMIT_BYTES)
      .then(resolve, (error: unknown) => (error instanceof BodyTooLargeError ? resolve(TOO_LARGE) : reject(error)))
      .finally(() => signal.removeEventListener('abort', onAbort));
  });
}

const bodyFields = (read: Uint8Array | typeof TOO_LARGE): Pick<CoreRequest, 'body' | 'bodyBytes' | 'bodyTooLarge'> =>
  read === TOO_LARGE ? { bodyTooLarge: true } : { body: new TextDecoder().decode(read), bodyBytes: read };

/**
 * The request as the core takes it; `basePath`, where the API is mounted under a path, is cut off its
 * path. `signal` ends the body's read: the caller's, where the adapter has it.
 */
export async function toCoreRequest(
  request: Request,
  basePath = '',
  signal: AbortSignal = request.signal,
): Promise<CoreRequest> {
  const url = new URL(request.url);
  const headers: CoreRequest['headers'] = Object.create(null);
  for (const [name, value] of request.headers) headers[name] = value;
  return {
    method: request.method,
    path:
      basePath !== '' && url.pathname.startsWith(`${basePath}/`) ? url.pathname.slice(basePath.length) : url.pathname,
    query: queryOf(url.searchParams),
    headers,
    ...(request.body === null ? {} : bodyFields(await bodyOf(request, signal))),
  };
}

function toWebResponse(answer: CoreResponse): Response {
  const headers = new Headers(answer.headers);
  for (const cookie of answer.setCookie ?? []) headers.append('set-cookie', cookie);
  // Bytes come from the proxy's own read of an answer: an ArrayBuffer of their own, never a shared one.
  return new Response((bodyContent(answer) as string | Uint8Array<ArrayBuffer> | undefined) ?? null, {
    status: answer.status,
    headers,
  });
}

/**
 * The lifecycle's carrier for a web Request: a wait ends after its time, or when the request's signal
 * aborts; `dropped` is the adapter's own form of a dropped connection. The wait's timer holds the
 * Request itself, not only its signal: undici's Request follows its caller's signal through a weak
 * reference to its own controller, which only the Request holds, so a Request collected mid-wait would
 * never see the abort. `abandoned` is what the life of a client that left ends with.
 */
export function webCarrier(
  request: Request,
  dropped: () => Response,
  abandoned: (reason: unknown) => Response,
): Carrier<Response> {
  return {
    wait: (ms) =>
      new Promise((resolve, reject) => {
        if (request.signal.aborted) return reject(request.signal.reason);
        const onAbort = () => {
          clearTimeout(timer);
          reject(request.signal.reason);
        };
        const timer = setTimeout(() => {
          request.signal.removeEventListener('abort', onAbort);
          resolve();
        }, ms);
        request.signal.addEventListener('abort', onAbort, { once: true });
      }),
    deliver: toWebResponse,
    drop: dropped,
    abandoned,
  };
}
