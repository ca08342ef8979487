import type { operations } from '../../generated/schema.js';
import { pathPattern } from '../contract/document.js';
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
    super(`${method} ${path} answered ${status}${describeBody(body)}${requestId ? ` (request id ${requestId})` : ''}`, method, path);
    this.status = status;
    this.body = body;
    this.requestId = requestId;
  }
}

/** An attempt took longer than `timeoutMs`, and no retry was allowed or left. */
export class ApiTimeoutError extends CloudApiError {
  override name = 'ApiTimeoutError';
  readonly timeoutMs: number;

  constructor(method: string, path: string, timeoutMs: number) {
    super(`${method} ${path} timed out after ${timeoutMs} ms`, method, path);
    this.timeoutMs = timeoutMs;
  }
}

/** The request failed on the network (refused, reset, unreachable), and no retry was allowed or left. */
export class ApiConnectionError extends CloudApiError {
  override name = 'ApiConnectionError';
  /** The system error code where the runtime gives one (ECONNREFUSED, ECONNRESET, ...). */
  readonly code: string | undefined;

  constructor(method: string, path: string, code: string | undefined) {
    super(`${method} ${path} failed on the network${code ? ` (${code})` : ''}`, method, path);
    this.code = code;
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
    super(`${method} ${path} answered ${status} with a body that is not JSON (${contentType ?? 'no Content-Type'}, ${length} characters)`, method, path);
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
  [Status in keyof operations[Op]['responses'] as `${Status & (string | number)}` extends `${4 | 5}${string}` | 'default' ? Status : never]: operations[Op]['responses'][Status];
};
type BodyOf<Response> = Response extends { content: infer Content } ? Content[keyof Content] : undefined;

/** The error bodies an operation's document declares, as a union: what `ApiError.body` can be for it. */
export type ApiErrorBody<Op extends OperationId> = { [Status in keyof ErrorResponses<Op>]: BodyOf<ErrorResponses<Op>[Status]> }[keyof ErrorResponses<Op>];

/**
 * Whether `error` is an ApiError answered by the operation `operationId` (by its method and path);
 * if so, its `body` is typed as that operation's error bodies: `if (isApiError(e, 'getVideo')) e.body?.error`.
 */
export function isApiError<Op extends OperationId>(error: unknown, operationId: Op): error is ApiError & { readonly body: ApiErrorBody<Op> | undefined } {
  if (!(error instanceof ApiError)) return false;
  const op = operationById(operationId);
  return error.method === op.method && pathPattern(op.path).test(error.path);
}

/** Builds the ApiError for a response whose body has been read (and parsed, where it is JSON). */
export function apiErrorFor(response: Response, method: string, path: string, body: unknown): ApiError {
  const parsed = body === '' ? undefined : body;
  const fromBody = typeof parsed === 'object' && parsed !== null ? (parsed as { request_id?: unknown }).request_id : undefined;
  const requestId = typeof fromBody === 'string' ? fromBody : (response.headers.get('x-request-id') ?? undefined);
  return new ApiError(response.status, method, path, parsed, requestId);
}
