// Type tests (checked by `npm run typecheck`, never run): the options one call may set, and what the
// types refuse. Each @ts-expect-error fails the typecheck if the line below it stops being an error.
import { createCloudClient, NotFoundError, isApiError } from '../../src/index.js';

export async function callOptions() {
  const client = createCloudClient({ apiKey: 'k' });
  const params = { path: { video_id: 1444 } };
  const { data } = await client.GET('/streaming/videos/{video_id}', {
    params,
    timeoutMs: 100,
    maxRetries: 0,
    signal: AbortSignal.timeout(1_000),
    headers: { 'x-trace-id': 't-1' },
  });
  const name: string | undefined = data?.name;
  await client.GET('/streaming/streams');
  await client.GET('/streaming/streams', { timeoutMs: 5 });
  await client.POST('/cdn/logs_uploader/configs', { body: { name: 'logs', policy: 1, target: 2 }, maxRetries: 1 });

  // @ts-expect-error a misspelt option is an error, not silently ignored
  await client.GET('/streaming/videos/{video_id}', { params, maxRetrys: 0 });
  // @ts-expect-error a misspelt option on a call whose init is optional
  await client.GET('/streaming/streams', { timeoutMS: 5 });
  // @ts-expect-error Authorization is always the client's own
  await client.GET('/streaming/videos/{video_id}', { params, headers: { Authorization: 'apikey another' } });
  // @ts-expect-error nor in lower case, as HTTP/2 and fetch's Headers write it
  await client.GET('/streaming/videos/{video_id}', { params, headers: { authorization: 'apikey another' } });
  // @ts-expect-error a number of retries is a number
  await client.GET('/streaming/videos/{video_id}', { params, maxRetries: '2' });
  // @ts-expect-error the path parameters are still required
  await client.GET('/streaming/videos/{video_id}', { timeoutMs: 5 });

  const throwing = createCloudClient({ apiKey: 'k', throwOnError: true });
  const video = await throwing.GET('/streaming/videos/{video_id}', { params, timeoutMs: 100 });
  const id: number | undefined = video.data.id;
  // @ts-expect-error the throwing client refuses a misspelt option too
  await throwing.GET('/streaming/videos/{video_id}', { params, timeout: 100 });

  try {
    await throwing.GET('/streaming/videos/{video_id}', { params });
  } catch (error) {
    if (error instanceof NotFoundError && isApiError(error, 'getVideo')) {
      const status: number = error.status;
      const text: string | undefined = error.body?.error;
      return [name, id, status, text];
    }
  }
  return [name, id];
}
