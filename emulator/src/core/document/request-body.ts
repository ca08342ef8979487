// The rules for a request body, the same whatever carried it: JSON only, at most 1 MiB, and an empty
// body is no body (many clients send `Content-Type: application/json` on every request).
/** The largest request body the emulator reads: 1 MiB; a larger one is refused with 413. */
export const BODY_LIMIT_BYTES = 1024 * 1024;

export type ParsedBody =
  | { ok: true; present: boolean; value: unknown }
  | { ok: false; status: 400 | 413 | 415; message: string };

const isJson = (contentType: string | undefined) => /^application\/json\s*(;|$)/i.test(contentType?.trim() ?? '');

/** Whether a body is over the limit: cut off there by its adapter, or found so here. */
export const overLimit = (text: string | undefined, tooLarge = false) =>
  tooLarge ||
  (text !== undefined && text.length > BODY_LIMIT_BYTES && new TextEncoder().encode(text).length > BODY_LIMIT_BYTES);

export function parseBody(text: string | undefined, contentType: string | undefined, tooLarge = false): ParsedBody {
  if (overLimit(text, tooLarge)) {
    return { ok: false, status: 413, message: `Request body is larger than ${BODY_LIMIT_BYTES} bytes` };
  }
  if (text === undefined || text === '') return { ok: true, present: false, value: undefined };
  if (!isJson(contentType))
    return {
      ok: false,
      status: 415,
      message: `Unsupported Content-Type "${contentType ?? ''}": send application/json`,
    };
  try {
    return { ok: true, present: true, value: JSON.parse(text) };
  } catch (error) {
    return { ok: false, status: 400, message: `Malformed JSON body: ${(error as Error).message}` };
  }
}
