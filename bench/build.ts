// npm run bench:build: the build's wall time with its independent steps at once (npm run build) against
// the same steps one after another (the baseline), in interleaved rounds of one run.
import { cpus } from 'node:os';
import { runBuild } from '../scripts/lib/build-steps.js';
import { interleave, metric, ratio, show } from './lib/rounds.js';

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 7);
const GOAL = 0.8;

/** One build, its step lines silenced, timed. */
async function timed(concurrent: boolean) {
  const write = process.stdout.write.bind(process.stdout);
  process.stdout.write = (() => true) as typeof process.stdout.write;
  const started = performance.now();
  try {
    await runBuild({ concurrent });
  } finally {
    process.stdout.write = write;
  }
  return { seconds: (performance.now() - started) / 1000 };
}

const results = await interleave(
  [
    { name: 'one after another (baseline)', round: () => timed(false) },
    { name: 'at once (npm run build)', round: () => timed(true) },
  ],
  ROUNDS,
);
console.log(`Build wall time, ${ROUNDS} interleaved rounds (${cpus().length} cores; median, min, max)`);
for (const name of results.keys()) console.log(`  ${name.padEnd(30)} ${show(metric(results, name, 'seconds'), 2)} s`);
const r = ratio(results, 'at once (npm run build)', 'one after another (baseline)', 'seconds');
console.log(`  at once / one after another   ${show(r, 2)}x (goal <= ${GOAL}x: ${r.median <= GOAL ? 'met' : 'NOT met'})`);
