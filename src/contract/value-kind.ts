/**
 * What kind of value a caller gave, as an error message names one that is not a string or a number:
 * `null`, `an array`, `an object`, `a function`. It reads nothing inside the value, so a throwing
 * toString or an array nested 20,000 deep cannot break the message.
 */
export const kindOf = (value: unknown): string =>
  value === null
    ? 'null'
    : Array.isArray(value)
      ? 'an array'
      : typeof value === 'object'
        ? 'an object'
        : `a ${typeof value}`;
