// The build: the bundle and the types at once, then the library and emulator compile beside lint and
// docs (build-steps.ts says why in that order). Each step prints its time; a failure fails the build.
import { runBuild } from './lib/build-steps.js';

const started = performance.now();
await runBuild({ concurrent: true });
process.stdout.write(`Build finished in ${Math.round(performance.now() - started)} ms\n`);
