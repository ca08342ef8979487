// Type test, checked by `tsc --noEmit`: with throwOnError, `data` is the success body (never
// undefined); isApiError narrows an error's body to the operation's declared error bodies. Never executed.
import { createCloudClient, isApiError, type CloudClient } from '../../src/index.js';

export async function throwingClient() {
  const client = createCloudClient({ apiKey: 'k', throwOnError: true });
  const video = await client.GET('/streaming/videos/{video_id}', { params: { path: { video_id: 1444 } } });
  const id: number | undefined = video.data.id;
  const key = await client.POST('/cloud/v3/inference/{project_id}/api_keys', {
    params: { path: { project_id: 1 } },
    body: { name: 'ci-key' },
  });
  const secret: string = key.data.secret;
  await client.POST('/cloud/v3/inference/{project_id}/api_keys', {
    params: { path: { project_id: 1 } },
    // @ts-expect-error the body is still checked against the document
    body: { nom: 'ci-key' },
  });
  // @ts-expect-error a path the API does not have
  await client.GET('/streaming/nothing');

  // Without throwOnError, data may be undefined, as openapi-fetch has it.
  const plain: CloudClient = createCloudClient({ apiKey: 'k' });
  const maybe = await plain.GET('/streaming/videos/{video_id}', { params: { path: { video_id: 1444 } } });
  // @ts-expect-error data can be undefined here
  const notChecked: number | undefined = maybe.data.id;
  return { id, secret, notChecked };
}

export function narrowedErrors(error: unknown) {
  if (isApiError(error, 'getVideo')) {
    // The streaming area's body: `error` is a string, `status` a number when present.
    const message: string | undefined = error.body?.error;
    const status: number | undefined = error.body?.status;
    // @ts-expect-error the streaming body has no exception_class
    const wrong = error.body?.exception_class;
    return { message, status, wrong };
  }
  if (isApiError(error, 'checkBareMetalQuota')) {
    const exceptionClass: string | undefined = error.body?.exception_class;
    const fields: Record<string, string[]> | undefined = error.body?.invalid_fields;
    return { exceptionClass, fields };
  }
  // @ts-expect-error not an operationId
  isApiError(error, 'getVideos');
  return undefined;
}
