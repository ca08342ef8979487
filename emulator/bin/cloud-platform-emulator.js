#!/usr/bin/env node
// The `cloud-platform-emulator` command. A file of its own, outside dist/, so that npm can link the
// command at install time, before a build has made dist/.
import { runCommand } from './run-command.js';

await runCommand('cloud-platform-emulator', () => import('../dist/src/cli.js'));
