// The proxy's options: one nested shape, taken by createEmulator, createServerEmulator and, from its
// flags, the command line.
import type { RecordingSink } from './recorder.js';
import type { UpstreamOptions } from './upstream.js';

/** The upstream the proxy forwards to, and what it does with what it finds. */
export interface ProxyOptions extends UpstreamOptions {
  /** Answer an upstream answer the document does not allow with a 502 that lists why. */
  failOnViolation?: boolean | undefined;
  /** Where the upstream's successful answers are kept as fixtures (`--record`; a file: recordingFile). */
  recording?: RecordingSink | undefined;
}
