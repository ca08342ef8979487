// The types of the client's methods: openapi-fetch's, typed by the generated `paths`, with the options
// one call may set for itself (CallOptions). Unlike openapi-fetch's own, a key the init does not know
// is a type error, so a misspelt option (`maxRetrys`) does not pass silently. With `throwOnError: true`,
// every method resolves only on a 2xx (anything else throws ApiError), so `data` is never undefined.
import type { Client, FetchResponse, MaybeOptionalInit } from 'openapi-fetch';
import type { KeyHeader } from '../../generated/key-header.js';
import type { paths } from '../../generated/schema.js';
import type { Resources } from './resource-types.js';

/** Headers of one call, added to the client's. The header the key goes in is always the client's own. */
export type CallHeaders = Record<string, string> & { [Name in KeyHeader | Lowercase<KeyHeader>]?: never };

/** What one call may set for itself; each overrides the client's option for that call only. */
export interface CallOptions {
  /** Time allowed for each attempt of this call, in ms. */
  timeoutMs?: number;
  /** Retries of this call after its first attempt, where the retry policy allows them. */
  maxRetries?: number;
  /** Aborts the call, waits between retries included. */
  signal?: AbortSignal;
  headers?: CallHeaders;
}

type HttpMethod = 'get' | 'put' | 'post' | 'delete' | 'options' | 'head' | 'patch' | 'trace';
/** The paths that have this method (openapi-typescript marks an absent method as optional `never`). */
type PathsWith<Method extends HttpMethod> = {
  [P in keyof paths]: paths[P] extends { [K in Method]: unknown } ? P : never;
}[keyof paths];
type RequiredKeysOf<T> = { [K in keyof T]-?: object extends Pick<T, K> ? never : K }[keyof T];
/** openapi-fetch's init of an operation: params, body and the fetch options. */
type FetchInit<Path extends keyof paths, Method extends HttpMethod> = NonNullable<
  MaybeOptionalInit<paths[Path], Method>
>;
/** The init one call takes: openapi-fetch's, whose headers are CallHeaders, and the call options. */
type CallInit<Path extends keyof paths, Method extends HttpMethod> = Omit<FetchInit<Path, Method>, 'headers'> &
  CallOptions;
/** `Init`, with every key it has beyond `Known` typed `never`: an excess key is an error at the call. */
type OnlyKnown<Init, Known extends PropertyKey> = Init & { [K in Exclude<keyof Init, Known>]: never };
/** The init argument, required when the operation needs path parameters or a body, as openapi-fetch makes it. */
type InitArgument<Init, Known extends PropertyKey> =
  RequiredKeysOf<Init> extends never ? [OnlyKnown<Init, Known>?] : [OnlyKnown<Init, Known>];
type Answer<Path extends keyof paths, Method extends HttpMethod, Init> = FetchResponse<
  Extract<paths[Path][Method], Record<string | number, any>>,
  Init,
  `${string}/${string}`
>;
/** The success half of openapi-fetch's answer. */
type Succeeded<Response> = Response extends { data: infer Data; error?: never }
  ? { data: Data; error?: never; response: globalThis.Response }
  : never;

type CallMethod<Method extends HttpMethod, Throwing extends boolean> = <
  Path extends PathsWith<Method>,
  Init extends CallInit<Path, Method>,
>(
  url: Path,
  ...init: InitArgument<Init, keyof CallInit<Path, Method>>
) => Promise<Throwing extends true ? Succeeded<Answer<Path, Method, Init>> : Answer<Path, Method, Init>>;

type Methods<Throwing extends boolean> = {
  GET: CallMethod<'get', Throwing>;
  PUT: CallMethod<'put', Throwing>;
  POST: CallMethod<'post', Throwing>;
  DELETE: CallMethod<'delete', Throwing>;
  OPTIONS: CallMethod<'options', Throwing>;
  HEAD: CallMethod<'head', Throwing>;
  PATCH: CallMethod<'patch', Throwing>;
  TRACE: CallMethod<'trace', Throwing>;
};

/**
 * The client: openapi-fetch's methods typed by the document, where a call resolves to `{ data }` or
 * `{ error }` with `response`; and the resource layer (`client.streaming.videos.get(1444)`), where a
 * call resolves to the body or throws.
 */
export type CloudClient = Omit<Client<paths>, keyof Methods<false>> & Methods<false> & Resources<CallOptions>;
/**
 * The client made with `throwOnError: true`: a path call resolves only on a 2xx (so `data` is never
 * undefined), and throws an ApiError otherwise. Its resource layer is the same as CloudClient's.
 */
export type ThrowingCloudClient = Omit<Client<paths>, keyof Methods<true>> & Methods<true> & Resources<CallOptions>;
