#!/usr/bin/env node
// The `cloud-platform-check` command. A file of its own, outside dist/, so that npm can link the
// command at install time, before a build has made dist/.
let checkCommand;
try {
  ({ checkCommand } = await import('../dist/src/check/check-cli.js'));
} catch (error) {
  if (error?.code !== 'ERR_MODULE_NOT_FOUND') throw error;
  process.stderr.write('cloud-platform-check is not built: run `npm run build` in the repository first\n');
  process.exit(2);
}
const { code, stdout, stderr } = await checkCommand(process.argv.slice(2));
process.stdout.write(stdout);
process.stderr.write(stderr);
process.exitCode = code;
