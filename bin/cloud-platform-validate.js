#!/usr/bin/env node
// The `cloud-platform-validate` command. A file of its own, outside dist/, so that npm can link the
// command at install time, before a build has made dist/.
let validateCommand;
try {
  ({ validateCommand } = await import('../dist/src/contract/validate-cli.js'));
} catch (error) {
  if (error?.code !== 'ERR_MODULE_NOT_FOUND') throw error;
  process.stderr.write('cloud-platform-validate is not built: run `npm run build` in the repository first\n');
  process.exit(2);
}
const { code, output } = validateCommand(process.argv.slice(2));
(code === 0 ? process.stdout : process.stderr).write(output);
process.exitCode = code;
