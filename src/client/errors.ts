import type { operations } from '../../generated/schema.js';
import { pathPattern } from '../contract/path-template.js';
import { operationById, type OperationId } from '../operations.js';

// The errors the client throws. None of them carries a header, the request, or the client's
// options, so the API key cannot reach a message, a stack or JSON.stringify(error).

/** Base class of every error this client throws. */
export class CloudApiError extends Error {
  override name = 'CloudApiError';
  readonly method: string;
  readonly path: string;

  constructor(message: string, method: string, path: string) {
    super(message);
    this.method = method;
    this.path = path;
  }
}

/** The server answered with a status outside 2xx. */
export class ApiError extends CloudApiError {
  override name = 'ApiError';
  readonly status: number;
  /** The parsed error body of the area (JSON), its text, or undefined when the body was empty. */
  readonly body: unknown;
  /** The request id from the body (`request_id`) or the `x-request-id` header, where present. */
  readonly requestId: string | undefined;

  constructor(status: number, method: string, path: string, body: unknown, requestId: string | undefined) {
    super(
      `${method} ${path} answered ${status}${describeBody(body)}${requestId ? ` (request id ${requestId})` : ''}`,
      method,
      path,
    );
    this.status = status;
    this.body = body;
    this.requestId = requestId;
  }
}

/** 400: the request is malformed or fails validation. */
export class BadRequestError extends ApiError {
  override name = 'BadRequestError';
}
/** 401: the key is missing, malformed or not accepted. */
export class AuthenticationError extends ApiError {
  override name = 'AuthenticationError';
}
/** 403: the key may not do this, or the feature is off for the account. */
export class PermissionDeniedError extends ApiError {
  override name = 'PermissionDeniedError';
}
/** 404: no such resource. */
export class NotFoundError extends ApiError {
  override name = 'NotFoundError';
}
/** 409: the request conflicts with the current state (a name taken, say). */
export class ConflictError extends ApiError {
  override name = 'ConflictError';
}
/** 422: the request is well-formed but cannot be processed. */
export class UnprocessableEntityError extends ApiError {
  override name = 'UnprocessableEntityError';
}
/** 429: too many requests; retried by the client where its policy allows. */
export class RateLimitError extends ApiError {
  override name = 'RateLimitError';
}
/** Any 5xx. */
export class InternalServerError extends ApiError {
  override name = 'InternalServerError';
}

const STATUS_CLASSES: Readonly<Record<number, typeof ApiError>> = {
  400: BadRequestError,
  401: AuthenticationError,
  403: PermissionDeniedError,
  404: NotFoundError,
  409: ConflictError,
  422: UnprocessableEntityError,
  429: RateLimitError,
};

/** Where a failed connection was going: the host and port, so that the message says which server. */
export interface ConnectionTarget {
  host: string;
  /** Why, in the runtime's words, where it gives no code ("bad port"); scrubbed. */
  reason?: string | undefined;
  /** The runtime's error, copied with the key scrubbed from every string (message, name, code), causes included. */
  cause: Error | undefined;
}

/** The request failed on the network (refused, reset, unreachable), and no retry was allowed or left. */
export class ApiConnectionError extends CloudApiError {
  override name = 'ApiConnectionError';
  /** The system error code where the runtime gives one (ECONNREFUSED, ENOTFOUND, UND_ERR_SOCKET, ...). */
  readonly code: string | undefined;
  /** host:port of the server it could not reach. */
  readonly host: string;

  constructor(method: string, path: string, code: string | undefined, target: ConnectionTarget) {
    const why = code ?? target.reason;
    super(`${method} ${path} failed on the network reaching ${target.host}${why ? ` (${why})` : ''}`, method, path);
    this.code = code;
    this.host = target.host;
    if (target.cause)
      Object.defineProperty(this, 'cause', {
        value: target.cause,
        writable: true,
        configurable: true,
        enumerable: false,
      });
  }
}

/**
 * An attempt took longer than `timeoutMs`, and no retry was allowed or left: a kind of ApiConnectionError,
 * as in openai-node, so one `instanceof ApiConnectionError` catches every call that got no answer.
 */
export class ApiTimeoutError extends ApiConnectionError {
  override name = 'ApiTimeoutError';
  readonly timeoutMs: number;

  constructor(method: string, path: string, timeoutMs: number, host: string) {
    super(method, path, undefined, { host, cause: undefined });
    // What happened is that no answer came in time, not that the network failed: the message says so.
    this.message = `${method} ${path} timed out after ${timeoutMs} ms waiting for ${host}`;
    this.timeoutMs = timeoutMs;
  }
}

/**
 * A 2xx answer whose body is not JSON, which no operation of this API sends (a proxy's page, say).
 * The body is not quoted: it may echo the request, key included.
 */
export class ApiResponseError extends CloudApiError {
  override name = 'ApiResponseError';
  readonly status: number;
  readonly contentType: string | null;

  constructor(method: string, path: string, status: number, contentType: string | null, length: number) {
    super(
      `${method} ${path} answered ${status} with a body that is not JSON (${contentType ?? 'no Content-Type'}, ${length} characters)`,
      method,
      path,
    );
    this.status = status;
    this.contentType = contentType;
  }
}

function describeBody(body: unknown): string {
  if (body === undefined || body === '') return ' with no body';
  if (typeof body === 'string') return `: ${body.slice(0, 200)}`;
  // Depending on the area, an error body carries its text in `message` or in `error`.
  const { message, error } = (body ?? {}) as { message?: unknown; error?: unknown };
  const text = [message, error].find((t) => typeof t === 'string');
  return text ? `: ${text}` : '';
}

type ErrorResponses<Op extends OperationId> = {
  [Status in keyof operations[Op]['responses'] as `${Status & (string | number)}` extends
    | `${4 | 5}${string}`
    | 'default'
    ? Status
    : never]: operations[Op]['responses'][Status];
};
type BodyOf<Response> = Response extends { content: infer Content } ? Content[keyof Content] : undefined;

/** The error bodies an operation's document declares, as a union: what `ApiError.body` can be for it. */
export type ApiErrorBody<Op extends OperationId> = {
  [Status in keyof ErrorResponses<Op>]: BodyOf<ErrorResponses<Op>[Status]>;
}[keyof ErrorResponses<Op>];

/**
 * Whether `error` is an ApiError answered by the operation `operationId` (by its method and path);
 * if so, its `body` is typed as that operation's error bodies: `if (isApiError(e, 'getVideo')) e.body?.error`.
 */
export function isApiError<Op extends OperationId>(
  error: unknown,
  operationId: Op,
): error is ApiError & { readonly body: ApiErrorBody<Op> | undefined } {
  if (!(error instanceof ApiError)) return false;
  const op = operationById(operationId);
  return error.method === op.method && pathPattern(op.path).test(error.path);
}

/** The error class for a status, as typed SDKs name them; ApiError for any status without one. */
function errorClassFor(status: number): typeof ApiError {
  if (status >= 500) return InternalServerError;
  return STATUS_CLASSES[status] ?? ApiError;
}

/** What a failed call was: its method and path, and the response's `x-request-id` header, scrubbed where the client read it. */
export interface ErrorOrigin {
  method: string;
  path: string;
  requestIdHeader?: string | undefined;
}

/** Builds the error for a response whose body has been read (and parsed, where it is JSON): the status's class. */
export function apiErrorFor(response: Response, origin: ErrorOrigin, body: unknown): ApiError {
  const parsed = body === '' ? undefined : body;
  const fromBody =
    typeof parsed === 'object' && parsed !== null ? (parsed as { request_id?: unknown }).request_id : undefined;
  const requestId = typeof fromBody === 'string' ? fromBody : (origin.requestIdHeader ?? undefined);
  return new (errorClassFor(response.status))(response.status, origin.method, origin.path, parsed, requestId);
}
