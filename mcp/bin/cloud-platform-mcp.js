#!/usr/bin/env node
// The `cloud-platform-mcp` command: an MCP server over stdio. A file of its own, outside dist/, so that
// npm can link the command at install time, before a build has made dist/. dist/run-command.js is the
// emulator's bin/run-command.js, bundled: the same refusal of an unsupported Node line, first.
// Before a build there is no dist/ at all, so not even the helper that says so.
const helper = await import('../dist/run-command.js').catch((error) => {
  if (error?.code !== 'ERR_MODULE_NOT_FOUND') throw error;
  process.stderr.write('cloud-platform-mcp is not built: run `npm run build` in the repository first\n');
  process.exit(1);
});

await helper.runCommand('cloud-platform-mcp', () => import('../dist/cli.js'));
