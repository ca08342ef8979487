// How every command of this project (cloud-platform-emulator, cloud-platform-mcp, cloud-platform-check)
// refuses what it is given: a UsageError whose message names the option and the rule, printed and exit
// code 2; and the rules more than one of them reads, each once: a port.

/** A command's option it cannot use: the message names the option and the rule. Commands print it and exit 2. */
export class UsageError extends Error {
  override name = 'UsageError';
}

/** The largest TCP port. */
export const MAX_PORT = 65_535;

/** Why a value cannot be a port to listen on (0 picks a free one), or undefined: a number, or text as typed. */
export function portProblem(value: unknown): string | undefined {
  const fits =
    typeof value === 'number'
      ? Number.isInteger(value) && value >= 0 && value <= MAX_PORT
      : typeof value === 'string' && /^\d{1,5}$/.test(value) && Number(value) <= MAX_PORT;
  return fits ? undefined : `must be a whole number from 0 to ${MAX_PORT}`;
}

/** A port given as text (`--port`, `$PORT`, named by `source`); one that is no port is a UsageError. */
export function parsePort(text: string, source: string): number {
  const problem = portProblem(text);
  if (problem) throw new UsageError(`${source} ${problem}, got ${JSON.stringify(text)}`);
  return Number(text);
}
