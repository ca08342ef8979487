// npm run bench:emulator-create: what a test suite that makes an emulator per test pays. The first
// createEmulator() of a process (in a fresh Node process each round, after the import), one after the
// first (what depends only on the document is made once per process and shared), and reset(), in
// interleaved rounds; medians with min and max. Goals: the first at most 100 ms, the next at most 2 ms.
import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { createEmulator } from '../src/index.js';
import { interleave, metric, show } from '../../bench/lib/rounds.js';

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 7);
const PER_ROUND = 50;
const built = path.join(import.meta.dirname, '..', 'dist', 'src', 'index.js');
/** A fresh Node process: import the built package, then time its first createEmulator(). */
const firstScript = `const { createEmulator } = await import(${JSON.stringify(built)}); const t = performance.now(); await createEmulator(); console.log(performance.now() - t);`;

await (await createEmulator()).close();
const kept = await createEmulator();
const results = await interleave(
  [
    {
      name: 'first',
      round: async () => ({
        ms: Number(
          execFileSync(process.execPath, ['--input-type=module', '-e', firstScript], { encoding: 'utf8' }).trim(),
        ),
      }),
    },
    {
      name: 'next',
      round: async () => {
        const started = performance.now();
        for (let i = 0; i < PER_ROUND; i++) await (await createEmulator()).close();
        return { ms: (performance.now() - started) / PER_ROUND };
      },
    },
    {
      name: 'reset',
      round: async () => {
        const started = performance.now();
        for (let i = 0; i < PER_ROUND * 20; i++) kept.reset();
        return { ms: (performance.now() - started) / (PER_ROUND * 20) };
      },
    },
  ],
  ROUNDS,
);
const first = metric(results, 'first', 'ms');
const next = metric(results, 'next', 'ms');
console.log(`createEmulator() on ${process.versions.node} (${ROUNDS} interleaved rounds; median, min, max, ms)`);
console.log(`  the first of a process   ${show(first, 1)} (goal <= 100: ${first.median <= 100 ? 'met' : 'NOT met'})`);
console.log(`  one after the first      ${show(next, 2)} (goal <= 2: ${next.median <= 2 ? 'met' : 'NOT met'})`);
console.log(`  reset()                  ${show(metric(results, 'reset', 'ms'), 3)}`);
await kept.close();
