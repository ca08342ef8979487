#!/usr/bin/env node
// The `cloud-platform-validate` command.
import { importBuilt } from './import-built.js';

const { validateCommand } = await importBuilt('cloud-platform-validate', '../dist/src/contract/validate-cli.js');
const { code, output } = validateCommand(process.argv.slice(2));
(code === 0 ? process.stdout : process.stderr).write(output);
process.exitCode = code;
