#!/usr/bin/env node
// The `cloud-platform-mcp` command: an MCP server over stdio. A file of its own, outside dist/, so that
// npm can link the command at install time, before a build has made dist/. dist/run-command.js is the
// emulator's bin/run-command.js, bundled: the same refusal of an unsupported Node line, first.
import { runCommand } from '../dist/run-command.js';

await runCommand('cloud-platform-mcp', () => import('../dist/cli.js'));
