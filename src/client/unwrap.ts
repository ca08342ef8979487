// Turns openapi-fetch's { data, error, response } into the data, or throws an ApiError for any
// non-2xx, including one with an empty body (which openapi-fetch reports as error === undefined).
// The error classes are loaded with the first failure, as the retry loop is (client-fetch.ts), so an
// app that unwraps its calls (or calls the client's methods, which unwrap) does not load them first.
import { errorOrigin } from './read-response.js';

/** What a client call resolves to: openapi-fetch's `{ data }` or `{ error }`, with the response. */
export interface FetchResult<Data> {
  data?: Data;
  error?: unknown;
  response: Response;
}

/** The data of a call's result; an ApiError (its class by status) when the status is not 2xx. */
export function dataOf<Data>(result: FetchResult<Data>): Data | Promise<Data> {
  if (result.response.ok) return result.data as Data;
  return import('./errors.js').then(({ apiErrorFor }) => {
    throw apiErrorFor(result.response, errorOrigin(result.response), result.error);
  });
}

/**
 * Awaits a call and returns its data; throws an ApiError (its class by status) when the status is not 2xx.
 *
 * @example
 * const video = await unwrap(client.GET('/streaming/videos/{video_id}', { params: { path: { video_id: 1444 } } }));
 */
export const unwrap = async <Data>(call: FetchResult<Data> | Promise<FetchResult<Data>>): Promise<Data> =>
  dataOf(await call);
