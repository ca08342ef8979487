// Whether this Node line is one the package supports (its `engines`), read before anything else is
// loaded: on an unsupported line the SQLite binding can crash the process without a word.
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);

/** The one line to print when `version` is outside `range`, or undefined when it is inside. */
export function unsupportedNode(version, range) {
  const satisfies = require('semver/functions/satisfies.js');
  return satisfies(version, range)
    ? undefined
    : `cloud-platform-emulator runs on Node ${range}; this is Node ${version}: use a supported line\n`;
}

export const engines = require('../package.json').engines.node;
