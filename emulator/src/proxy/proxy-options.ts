// The proxy's options: one nested shape, taken by createEmulator, createServerEmulator and, from its
// flags, the command line; its shape checked here for every caller (the upstream's values in upstream.ts).
import { shownValue } from '../core/common/shown-value.js';
import { EmulatorOptionError } from '../emulator-error.js';
import type { RecordingSink } from './recorder.js';
import type { UpstreamOptions } from './upstream.js';

/** The upstream the proxy forwards to, and what it does with what it finds. */
export interface ProxyOptions extends UpstreamOptions {
  /** Answer an upstream answer the document does not allow with a 502 that lists why. */
  failOnViolation?: boolean | undefined;
  /** Where the upstream's successful answers are kept as fixtures (`--record`; a file: recordingFile). */
  recording?: RecordingSink | undefined;
}

const PROXY_OPTION_NAMES = new Set<string>(['baseUrl', 'fetch', 'timeoutMs', 'failOnViolation', 'recording']);

/** The options as given, once no key is unknown (a typo would be ignored) and each part has its shape. */
export function checkedProxyOptions(options: ProxyOptions): ProxyOptions {
  if (options === null || typeof options !== 'object' || Array.isArray(options))
    throw new EmulatorOptionError(
      `proxy: must be an object of baseUrl and the proxy's options, got ${shownValue(options)}`,
    );
  const unknownKey = Object.keys(options).find((key) => !PROXY_OPTION_NAMES.has(key));
  if (unknownKey !== undefined)
    throw new EmulatorOptionError(
      `proxy: unknown option ${JSON.stringify(unknownKey)}; the options are ${[...PROXY_OPTION_NAMES].join(', ')}`,
    );
  const { failOnViolation, recording } = options;
  if (failOnViolation !== undefined && typeof failOnViolation !== 'boolean')
    throw new EmulatorOptionError(`proxy.failOnViolation: must be true or false, got ${shownValue(failOnViolation)}`);
  const sink = recording as Partial<RecordingSink> | null | undefined;
  if (
    recording !== undefined &&
    (typeof sink !== 'object' || sink === null || typeof sink.save !== 'function' || typeof sink.initial !== 'object')
  )
    throw new EmulatorOptionError(
      `proxy.recording: must be a recording sink such as recordingFile(file) makes, got ${shownValue(recording)}`,
    );
  return options;
}
