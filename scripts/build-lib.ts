// `npm run build:lib`: the library and emulator steps of the build on their own (skipped when fresh).
import { unlessFresh } from './lib/fresh.js';
import { buildPackages, PACKAGE_OUTPUTS, PACKAGES_STEP } from './lib/library.js';
import { timedStep } from './lib/tools.js';

await unlessFresh('build-lib', PACKAGE_OUTPUTS, () => timedStep(PACKAGES_STEP, buildPackages));
