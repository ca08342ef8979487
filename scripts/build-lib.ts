// `npm run build:lib`: the library and emulator steps of the build on their own.
import { buildPackages, PACKAGES_STEP } from './lib/library.js';
import { timedStep } from './lib/tools.js';

await timedStep(PACKAGES_STEP, buildPackages);
