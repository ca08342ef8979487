#!/usr/bin/env node
// The `cloud-platform-emulator` command.
import { main } from './cli.js';

const code = await main(process.argv.slice(2));
if (code !== 0) process.exit(code);
