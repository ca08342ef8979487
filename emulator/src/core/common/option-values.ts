// Option values as createEmulator takes them from code, checked once where the core receives them: the
// command line checks its own flags, but a value from code reaches the core unparsed.
import { EmulatorOptionError } from '../../emulator-error.js';
import { shownValue } from './shown-value.js';

/** `value` if it is a whole number from `min` to `max`; an EmulatorOptionError naming `name` otherwise. */
export function wholeNumberOption(name: string, value: unknown, min: number, max: number, unit = ''): number {
  if (typeof value === 'number' && Number.isInteger(value) && value >= min && value <= max) return value;
  throw new EmulatorOptionError(
    `${name}: must be a whole number${unit} from ${min} to ${max}, got ${shownValue(value)}`,
  );
}

/** `value` if it is a list of non-empty strings (a string alone would count each of its characters as one). */
export function stringListOption(name: string, value: unknown, what: string): readonly string[] {
  if (Array.isArray(value) && value.every((item) => typeof item === 'string' && item !== '')) return value;
  throw new EmulatorOptionError(
    `${name}: must be an array of ${what}, each a non-empty string, got ${shownValue(value)}`,
  );
}
