#!/usr/bin/env node
// The `cloud-platform-emulator` command. A file of its own, outside dist/, so that npm can link the
// command at install time, before a build has made dist/.
import { engines, unsupportedNode } from './node-line.js';

const unsupported = unsupportedNode(process.versions.node, engines);
if (unsupported) {
  process.stderr.write(unsupported);
  process.exit(1);
}
let main;
try {
  ({ main } = await import('../dist/src/cli.js'));
} catch (error) {
  if (error?.code !== 'ERR_MODULE_NOT_FOUND') throw error;
  process.stderr.write('cloud-platform-emulator is not built: run `npm run build` in the repository first\n');
  process.exit(1);
}
const code = await main(process.argv.slice(2));
if (code !== 0) process.exit(code);
