// The client's log: off unless asked for (the `logLevel` option, else GCORE_LOG), written to a logger
// of the caller's (default: console). Every line is a string made here and scrubbed of the key, in
// every form the redactor knows, and made printable (a server's body can forge no line and send no
// terminal escape) before the logger sees it; no object reaches the logger.
import { printable } from '../contract/printable.js';

/** How much the client logs: nothing, errors, retries, each attempt, or headers and bodies too. */
export type LogLevel = 'off' | 'error' | 'warn' | 'info' | 'debug';

/** Where the client's log lines go (`console` by default); each line is a string already scrubbed of the key. */
export interface Logger {
  error(message: string): void;
  warn(message: string): void;
  info(message: string): void;
  debug(message: string): void;
}

export const LOG_LEVELS: readonly LogLevel[] = ['off', 'error', 'warn', 'info', 'debug'];
const PREFIX = '[cloud-platform-api]';

/** One function per level, undefined when that level is off, so a call site pays nothing for a log it will not write. */
export interface Log {
  error?: ((line: string) => void) | undefined;
  warn?: ((line: string) => void) | undefined;
  info?: ((line: string) => void) | undefined;
  debug?: ((line: string) => void) | undefined;
}

export const isLogLevel = (value: unknown): value is LogLevel => LOG_LEVELS.includes(value as LogLevel);

export function createLog(level: LogLevel, logger: Logger, redact: (text: string) => string): Log {
  const rank = LOG_LEVELS.indexOf(level);
  const writer = (name: Exclude<LogLevel, 'off'>) =>
    rank >= LOG_LEVELS.indexOf(name)
      ? (line: string) => logger[name](printable(redact(`${PREFIX} ${line}`)))
      : undefined;
  return { error: writer('error'), warn: writer('warn'), info: writer('info'), debug: writer('debug') };
}
