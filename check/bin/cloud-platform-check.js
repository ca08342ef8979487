#!/usr/bin/env node
// The `cloud-platform-check` command.
import { importBuilt } from './import-built.js';

const { checkCommand } = await importBuilt('cloud-platform-check', '../dist/src/check/check-cli.js');
const { code, stdout, stderr } = await checkCommand(process.argv.slice(2));
process.stdout.write(stdout);
process.stderr.write(stderr);
process.exitCode = code;
