// npm run bench:build: the build's wall time with its independent steps at once (npm run build) against
// the same steps one after another (the baseline), in interleaved rounds of one run, with each step's
// own time in both, which shows where the time goes. BENCH_ROUNDS changes the rounds.
import { cpus } from 'node:os';
import { runBuild, type StepName } from '../scripts/lib/build-steps.js';
import { interleave, metric, ratio, show, type Figures } from './lib/rounds.js';

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 7);
const GOAL = 0.8;

/** One build, its step lines silenced: its wall time and each step's, in seconds. */
async function timed(concurrent: boolean): Promise<Figures> {
  const write = process.stdout.write.bind(process.stdout);
  process.stdout.write = (() => true) as typeof process.stdout.write;
  const figures: Figures = {};
  const started = performance.now();
  try {
    await runBuild({
      concurrent,
      onStep: (step, ms) => {
        figures[step] = ms / 1000;
      },
    });
  } finally {
    process.stdout.write = write;
  }
  return { ...figures, seconds: (performance.now() - started) / 1000 };
}

const [baseline, atOnce] = ['one after another (baseline)', 'at once (npm run build)'] as const;
const results = await interleave(
  [
    { name: baseline, round: () => timed(false) },
    { name: atOnce, round: () => timed(true) },
  ],
  ROUNDS,
);
console.log(`Build wall time, ${ROUNDS} interleaved rounds (${cpus().length} cores; median, min, max)`);
for (const name of results.keys()) console.log(`  ${name.padEnd(30)} ${show(metric(results, name, 'seconds'), 2)} s`);
const r = ratio(results, atOnce, baseline, 'seconds');
console.log(
  `  at once / one after another   ${show(r, 2)}x (goal <= ${GOAL}x: ${r.median <= GOAL ? 'met' : 'NOT met'})`,
);
console.log('Each step, alone (baseline) and beside the others (at once): median s');
for (const step of Object.keys(results.get(baseline)![0]!).filter((name) => name !== 'seconds') as StepName[]) {
  console.log(
    `  ${step.padEnd(10)} ${metric(results, baseline, step).median.toFixed(2)}  ${metric(results, atOnce, step).median.toFixed(2)}`,
  );
}
