#!/usr/bin/env node
// The `cloud-platform-validate` command (`npm run validate` in this repository).
import { validateCommand } from './validate-cli.js';

const { code, output } = validateCommand(process.argv.slice(2));
(code === 0 ? process.stdout : process.stderr).write(output);
process.exitCode = code;
