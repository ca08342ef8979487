// `npm run build:lib`: the library and emulator steps of the build on their own.
import { buildEmulator, buildLibrary } from './lib/library.js';
import { timedStep } from './lib/tools.js';

await timedStep('library -> dist/src (ESM + .d.ts)', buildLibrary);
await timedStep('emulator -> emulator/dist/src (ESM + .d.ts)', buildEmulator);
