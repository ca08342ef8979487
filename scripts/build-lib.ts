// `npm run build:lib`: the library step of the build on its own.
import { buildLibrary } from './lib/library.js';
import { timedStep } from './lib/tools.js';

await timedStep('library -> dist/src (ESM + .d.ts)', buildLibrary);
