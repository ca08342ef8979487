#!/usr/bin/env node
// The `cloud-platform-mcp` command: an MCP server over stdio. A file of its own, outside dist/, so that
// npm can link the command at install time, before a build has made dist/.
import { runCommand } from './run-command.js';

await runCommand('cloud-platform-mcp', () => import('../dist/src/mcp/cli.js'));
