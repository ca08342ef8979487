// The package root: the typed client, its helpers and errors, and the generated types.
export {
  CloudClientOptionError,
  createCloudClient,
  DEFAULT_BASE_URL,
  type CallOptions,
  type CloudClient,
  type CloudClientOptions,
  type ThrowingCloudClient,
} from './client/create-cloud-client.js';
export {
  ApiConnectionError,
  ApiError,
  ApiResponseError,
  ApiTimeoutError,
  AuthenticationError,
  BadRequestError,
  CloudApiError,
  ConflictError,
  InternalServerError,
  isApiError,
  NotFoundError,
  PermissionDeniedError,
  RateLimitError,
  UnprocessableEntityError,
  type ApiErrorBody,
} from './client/errors.js';
export type { FetchFunction } from './contract/fetch-function.js';
export type { Logger, LogLevel } from './client/log.js';
export { listAllStreams, type StreamPagesOptions } from './client/paginate.js';
export type { ApiCall, PagedCall } from './client/resource-types.js';
export { isRetryable, retryDelayMs, type AttemptOutcome } from './client/retry-policy.js';
export { unwrap, type FetchResult } from './client/unwrap.js';
export { operationById, operationIndex, type OperationId, type OperationInfo, type PathOf } from './operations.js';
import type * as schema from '../generated/schema.js';
/** The document's components as types: `components['schemas']['Video']` is a video as the API sends it. */
export type components = schema.components;
/** Each operation's parameters, request body and responses as types, by operationId. */
export type operations = schema.operations;
/** Each path template, with its methods' operations as types: what the client's calls are checked against. */
export type paths = schema.paths;
