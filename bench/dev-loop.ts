// npm run bench:loop: what a contributor waits for and holds on disk, in the checkout it runs in (a fresh
// clone after npm ci, for the figures in docs/benchmarks.md): node_modules' size and package count, and
// `npm test` (the README's test command) timed end to end over BENCH_ROUNDS runs, with the count of tests
// it ran. npm ci's own time is .ci/run's first timed line.
import { spawnSync } from 'node:child_process';
import { existsSync, lstatSync, readdirSync } from 'node:fs';
import { cpus } from 'node:os';
import path from 'node:path';
import { show, stats } from './lib/rounds.js';

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
if (!Number.isInteger(ROUNDS) || ROUNDS < 1)
  throw new Error(`BENCH_ROUNDS must be a whole number above 0, got ${ROUNDS}`);
const GOAL_SECONDS = 90;
const GOAL_MB = 500;

/** The packages installed under a node_modules folder, nested ones included (what npm ci laid out). */
function packagesIn(nodeModules: string): number {
  if (!existsSync(nodeModules)) return 0;
  let count = 0;
  for (const name of readdirSync(nodeModules)) {
    if (name.startsWith('.')) continue;
    const folders = name.startsWith('@')
      ? readdirSync(path.join(nodeModules, name)).map((scoped) => path.join(nodeModules, name, scoped))
      : [path.join(nodeModules, name)];
    for (const folder of folders) {
      if (lstatSync(folder).isSymbolicLink()) continue; // a workspace package of this repository
      count += 1 + packagesIn(path.join(folder, 'node_modules'));
    }
  }
  return count;
}

/** What node_modules holds on disk, in MB, as du counts it. */
function diskMb(folder: string): number {
  return Number(spawnSync('du', ['-sk', folder], { encoding: 'utf8' }).stdout.split('\t')[0]) / 1024;
}

/** One `npm test`: its wall time in seconds and the tests vitest ran. */
function npmTest(): { seconds: number; tests: number } {
  const started = performance.now();
  const run = spawnSync('npm', ['test'], { encoding: 'utf8', env: { ...process.env, NO_COLOR: '1' } });
  const seconds = (performance.now() - started) / 1000;
  if (run.status !== 0) throw new Error(`npm test failed:\n${run.stdout.slice(-2000)}${run.stderr.slice(-2000)}`);
  const tests = /Tests\s+(\d+) passed/.exec(run.stdout);
  return { seconds, tests: Number(tests?.[1] ?? Number.NaN) };
}

const mb = diskMb('node_modules');
const packages = packagesIn('node_modules');
console.log(
  `node_modules: ${mb.toFixed(0)} MB in ${packages} packages (goal <= ${GOAL_MB} MB: ${mb <= GOAL_MB ? 'met' : 'NOT met'})`,
);
const runs: { seconds: number; tests: number }[] = [];
for (let round = 1; round <= ROUNDS; round++) {
  runs.push(npmTest());
  process.stderr.write(`round ${round}/${ROUNDS}: ${runs.at(-1)!.seconds.toFixed(1)} s\n`);
}
const wall = stats(runs.map((run) => run.seconds));
console.log(`npm test, ${ROUNDS} runs one after another (${cpus().length} cores; median, min, max)`);
console.log(
  `  ${show(wall, 1)} s, ${runs[0]!.tests} tests (goal <= ${GOAL_SECONDS} s: ${wall.median <= GOAL_SECONDS ? 'met' : 'NOT met'})`,
);
