// One error class per status, as typed SDKs have them: each status thrown through the emulator's
// `Prefer: code=` answers with its class, an ApiError all the same, which isApiError narrows to the
// operation that answered it.
import { afterAll, describe, expect, it } from 'vitest';
import { createEmulator } from 'cloud-platform-emulator';
import {
  CloudApiError,
  ApiError,
  AuthenticationError,
  BadRequestError,
  ConflictError,
  createCloudClient,
  InternalServerError,
  isApiError,
  NotFoundError,
  PermissionDeniedError,
  RateLimitError,
  UnprocessableEntityError,
} from '../../src/index.js';

const emulator = await createEmulator();
afterAll(() => emulator.close());
const client = createCloudClient({
  apiKey: 'error-classes',
  baseUrl: 'http://emulator.local',
  fetch: emulator.fetch,
  throwOnError: true,
});

const table: [number, typeof ApiError][] = [
  [400, BadRequestError],
  [401, AuthenticationError],
  [403, PermissionDeniedError],
  [404, NotFoundError],
  [409, ConflictError],
  [422, UnprocessableEntityError],
  [429, RateLimitError],
  [500, InternalServerError],
  [502, InternalServerError],
  [503, InternalServerError],
  [418, ApiError],
  [410, ApiError],
];

describe.each(table)('status %i', (status, errorClass) => {
  it(`is a ${errorClass.name}, an ApiError, and isApiError narrows it to getVideo`, async () => {
    const error = await client
      .GET('/streaming/videos/{video_id}', {
        params: { path: { video_id: 1444 } },
        headers: { Prefer: `code=${status}` },
        maxRetries: 0,
      })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(errorClass);
    expect((error as object).constructor).toBe(errorClass);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toBeInstanceOf(CloudApiError);
    expect(error).toMatchObject({ name: errorClass.name, status, method: 'GET', path: '/streaming/videos/1444' });
    expect(isApiError(error, 'getVideo')).toBe(true);
    expect(isApiError(error, 'listStreams')).toBe(false);
    if (!isApiError(error, 'getVideo')) throw new Error('not narrowed');
    // Narrowed: a streaming error body carries its text in `error`.
    expect(typeof error.body?.error).toBe('string');
  });
});
