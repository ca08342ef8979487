// The type of a client made with `throwOnError: true`: every method resolves only on a 2xx (anything
// else throws ApiError), so its `data` is the success body itself, never `| undefined`.
import type { Client, FetchResponse, MaybeOptionalInit } from 'openapi-fetch';
import type { paths } from '../../generated/schema.js';

type HttpMethod = 'get' | 'put' | 'post' | 'delete' | 'options' | 'head' | 'patch' | 'trace';
/** The paths that have this method (openapi-typescript marks an absent method as optional `never`). */
type PathsWith<Method extends HttpMethod> = { [P in keyof paths]: paths[P] extends { [K in Method]: unknown } ? P : never }[keyof paths];
type RequiredKeysOf<T> = { [K in keyof T]-?: {} extends Pick<T, K> ? never : K }[keyof T];
/** The init argument, required when the operation needs path parameters or a body, as openapi-fetch makes it. */
type InitArgument<Init> = RequiredKeysOf<Init> extends never ? [(Init & { [key: string]: unknown })?] : [Init & { [key: string]: unknown }];
/** The success half of openapi-fetch's answer. */
type Succeeded<Response> = Response extends { data: infer Data; error?: never } ? { data: Data; error?: never; response: globalThis.Response } : never;

type ThrowingMethod<Method extends HttpMethod> = <Path extends PathsWith<Method>, Init extends MaybeOptionalInit<paths[Path], Method>>(
  url: Path,
  ...init: InitArgument<Init>
) => Promise<Succeeded<FetchResponse<Extract<paths[Path][Method], Record<string | number, any>>, Init, `${string}/${string}`>>>;

export type ThrowingCloudClient = Omit<Client<paths>, 'GET' | 'PUT' | 'POST' | 'DELETE' | 'OPTIONS' | 'HEAD' | 'PATCH' | 'TRACE'> & {
  GET: ThrowingMethod<'get'>;
  PUT: ThrowingMethod<'put'>;
  POST: ThrowingMethod<'post'>;
  DELETE: ThrowingMethod<'delete'>;
  OPTIONS: ThrowingMethod<'options'>;
  HEAD: ThrowingMethod<'head'>;
  PATCH: ThrowingMethod<'patch'>;
  TRACE: ThrowingMethod<'trace'>;
};
