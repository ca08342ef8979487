// Whether this Node line is one the package supports (its `engines`), read before anything else is
// loaded: on an unsupported line the SQLite binding can crash the process without a word.
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);

// The package this file ships in: the emulator's, or the MCP package's, whose dist/ bundles it.
const { name, engines: declared } = require('../package.json');

export const engines = declared.node;

/** The one line to print when `version` is outside `range`, or undefined when it is inside. */
export function unsupportedNode(version, range) {
  const satisfies = require('semver/functions/satisfies.js');
  return satisfies(version, range)
    ? undefined
    : `${name} runs on Node ${range}; this is Node ${version}: use a supported line\n`;
}
