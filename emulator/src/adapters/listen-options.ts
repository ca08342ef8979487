// Where and how the HTTP server listens, checked once for every caller of startEmulatorServer: an
// option it does not know is refused rather than ignored, since an emulator's own options (holdMs,
// proxy, ...) belong to the emulator, made before the server.
import { MAX_PORT, portProblem } from 'cloud-platform-api/toolbox';
import { EmulatorOptionError } from '../emulator-error.js';
import { shownValue, quoted } from '../core/common/shown-value.js';

/** The address the server binds unless told: loopback only. */
export const DEFAULT_HOST = '127.0.0.1';
/** The port the server listens on unless told. */
export const DEFAULT_PORT = 4010;

/** Where and how startEmulatorServer listens; all optional. */
export interface ListenOptions {
  /** Default: 4010; 0 picks a free port. */
  port?: number | undefined;
  /** The address to bind. Default: 127.0.0.1. */
  host?: string | undefined;
  /** Origins a browser page may call from. Default: any http://localhost and http://127.0.0.1 port. */
  corsOrigins?: readonly string[] | undefined;
  /** Host names to answer for beside the bound address, localhost, 127.0.0.1 and [::1]; others get 421. */
  allowHosts?: readonly string[] | undefined;
}

const LISTEN_KEYS = ['port', 'host', 'corsOrigins', 'allowHosts'] as const;

const refused = (field: string, rule: string, value: unknown) =>
  new EmulatorOptionError(`listen.${field}: must be ${rule}, got ${shownValue(value)}`);

const isStringList = (value: unknown) =>
  Array.isArray(value) && value.every((entry) => typeof entry === 'string' && entry !== '');

/** The listen options, each checked; an unknown key, or a value of the wrong kind, is an EmulatorOptionError naming it. */
export function checkedListenOptions(listen: unknown): ListenOptions {
  if (listen === null || typeof listen !== 'object' || Array.isArray(listen))
    throw new EmulatorOptionError(`listen: must be an object of ${quoted(LISTEN_KEYS)}, got ${shownValue(listen)}`);
  const given = listen as Record<string, unknown>;
  const unknownKey = Object.keys(given).find((key) => !(LISTEN_KEYS as readonly string[]).includes(key));
  if (unknownKey !== undefined)
    throw new EmulatorOptionError(
      `listen: unknown option ${shownValue(unknownKey)}; the options are ${quoted(LISTEN_KEYS)} (the emulator's own go to createServerEmulator)`,
    );
  const { port, host, corsOrigins, allowHosts } = given;
  if (port !== undefined && (typeof port !== 'number' || portProblem(port)))
    throw refused('port', `a whole number from 0 to ${MAX_PORT}`, port);
  if (host !== undefined && (typeof host !== 'string' || host === ''))
    throw refused('host', 'a non-empty string', host);
  if (corsOrigins !== undefined && !isStringList(corsOrigins))
    throw refused('corsOrigins', 'an array of non-empty strings', corsOrigins);
  if (allowHosts !== undefined && !isStringList(allowHosts))
    throw refused('allowHosts', 'an array of non-empty strings', allowHosts);
  return given as ListenOptions;
}
