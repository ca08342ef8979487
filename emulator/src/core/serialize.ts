// The text of an answer's body, for adapters that send bytes.
import type { CoreResponse } from './messages.js';

// JSON text of frozen answers (fixtures), made once: serializing them again is most of a GET's cost.
const jsonOfFrozen = new WeakMap<object, string>();

/** JSON for a JSON answer, the string itself for a text one, undefined for none. */
export function bodyText(answer: CoreResponse): string | undefined {
  const { body } = answer;
  if (body === undefined) return undefined;
  if (answer.verbatim) return body === '' ? undefined : String(body);
  if (!answer.headers['content-type']?.includes('json')) return String(body);
  if (body === null || typeof body !== 'object' || !Object.isFrozen(body)) return JSON.stringify(body);
  let text = jsonOfFrozen.get(body);
  if (text === undefined) jsonOfFrozen.set(body, (text = JSON.stringify(body)));
  return text;
}
