// The build: one bundle of the document, then lint, docs, and types -> library -> emulator at once
// (they depend only on the bundle). Each step prints its time; a failure fails the build.
import { runBuild } from './lib/build-steps.js';

const started = performance.now();
await runBuild({ concurrent: true });
process.stdout.write(`Build finished in ${Math.round(performance.now() - started)} ms\n`);
