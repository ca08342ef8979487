// A value a caller gave, as an error message shows it. Only a string, a number or a keyword is shown;
// anything else is named by its kind: String() or JSON.stringify of an unchecked value could throw (a
// throwing toString) or overflow the stack (an array nested 20,000 deep) before the message is made.
import { kindOf } from 'cloud-platform-api/toolbox';

/** The most characters of a string an error message quotes. */
const PREVIEW_LENGTH = 60;

/** `"text"` (its first PREVIEW_LENGTH characters), `12`, `true`, `null`; `an array`, `an object`, `a function`. */
export function shownValue(value: unknown): string {
  if (typeof value === 'string')
    return JSON.stringify(value.length > PREVIEW_LENGTH ? `${value.slice(0, PREVIEW_LENGTH)}…` : value);
  if (value === null || ['undefined', 'number', 'boolean', 'bigint'].includes(typeof value)) return String(value);
  return kindOf(value);
}

/** Names as a message lists them: `"a", "b", "c"`. */
export const quoted = (names: Iterable<string>) => [...names].map((name) => JSON.stringify(name)).join(', ');
