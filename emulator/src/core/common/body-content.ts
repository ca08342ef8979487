// The body an adapter sends: the text of an answer made here, the bytes of one handed back unchanged.
import type { CoreResponse } from '../messages.js';

// JSON text of frozen answers (fixtures), made once: serializing them again is most of a GET's cost.
const jsonOfFrozen = new WeakMap<object, string>();

/** What an adapter sends: an answer handed back unchanged as its bytes, any other as its text. */
export function bodyContent(answer: CoreResponse): string | Uint8Array | undefined {
  if (!(answer.body instanceof Uint8Array)) return bodyText(answer);
  return answer.body.byteLength === 0 ? undefined : answer.body;
}

/** JSON for a JSON answer, the string itself for a text one, undefined for none. */
export function bodyText(answer: CoreResponse): string | undefined {
  const { body } = answer;
  if (body === undefined) return undefined;
  if (body instanceof Uint8Array) return body.byteLength === 0 ? undefined : new TextDecoder().decode(body);
  if (answer.verbatim) return body === '' ? undefined : String(body);
  if (!answer.headers['content-type']?.includes('json')) return String(body);
  if (body === null || typeof body !== 'object' || !Object.isFrozen(body)) return JSON.stringify(body);
  let text = jsonOfFrozen.get(body);
  if (text === undefined) {
    text = JSON.stringify(body);
    jsonOfFrozen.set(body, text);
  }
  return text;
}
