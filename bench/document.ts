// npm run bench:document: the emulator on a document of 1,000 operations it has never seen, against the
// same command on this repository's document (the baseline), and Prism 5's mock of the same large
// document: start time (spawn to the line saying where it listens) and resident memory once started, in
// interleaved rounds of fresh processes; then, on ours, the first answer of the process and the first
// to each of 20 more operations. Medians with min and max. Goals (issue #53): start at most 500 ms, at
// most 60 MB more than the baseline, a first answer to any operation in at most 50 ms.
//
// Our commands keep Node's compile cache, so each is run two ways: cold, with an empty cache (a first
// start: the goals are judged on these), and warm, with the cache an earlier start of it left.
import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, tmpdir } from 'node:os';
import path from 'node:path';
import { closedPort } from '../test-kit/http-server.js';
import { generatedDocument, generatedPaths } from './lib/generated-document.js';
import { type Figures, interleave, metric, ratio, show, stats } from './lib/rounds.js';

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 7);
const OPERATIONS = 1_000;
const MORE_OPERATIONS = 20;
const GOALS = { startMs: 500, extraMb: 60, firstAnswerMs: 50 };
const AUTH = { authorization: 'Bearer bench-token' };

const repo = path.resolve(import.meta.dirname, '..');
const EMULATOR = path.join(repo, 'emulator', 'bin', 'cloud-platform-emulator.js');
const PRISM = path.join(repo, 'node_modules', '.bin', 'prism');
const dir = mkdtempSync(path.join(tmpdir(), 'bench-document-'));
const file = path.join(dir, `generated-${OPERATIONS}.json`);
writeFileSync(file, JSON.stringify(generatedDocument(OPERATIONS)));
const paths = generatedPaths(OPERATIONS);

interface Started {
  child: ChildProcess;
  url: string;
  ms: number;
}

/** The environment without a compile cache of its own: each run below says which cache, if any, it reads. */
const { NODE_COMPILE_CACHE: _, ...plainEnv } = process.env;
let coldRuns = 0;
/** A run with an empty compile cache, as a first start on a machine is. */
const cold = () => ({ ...plainEnv, NODE_COMPILE_CACHE: path.join(dir, 'cold-cache', String(++coldRuns)) });
/** A run with the cache an earlier start of the same command left (see prime()). */
const warm = () => ({ ...plainEnv, NODE_COMPILE_CACHE: path.join(dir, 'warm-cache') });

/** Spawns `node ARGS` and resolves once its stdout says where it listens, with the time that took. */
function started(args: string[], listening: RegExp, env: NodeJS.ProcessEnv = plainEnv): Promise<Started> {
  const t0 = performance.now();
  const child = spawn(process.execPath, args, { stdio: ['ignore', 'pipe', 'pipe'], env });
  return new Promise((resolve, reject) => {
    let out = '';
    child.stderr!.on('data', (chunk: Buffer) => (out += chunk));
    child.stdout!.on('data', (chunk: Buffer) => {
      out += chunk;
      const url = listening.exec(out)?.[1];
      if (url) resolve({ child, url, ms: performance.now() - t0 });
    });
    child.once('exit', (code) => reject(new Error(`node ${args.join(' ')} exited with ${code}: ${out}`)));
  });
}

/** A process's resident memory now, in MB, from /proc (Linux). */
const rssMb = (pid: number) => Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))![1]) / 1024;

/** Stops a process: at once (SIGKILL), or as Ctrl-C would, letting it write its compile cache (SIGTERM). */
function stop(child: ChildProcess, signal: NodeJS.Signals = 'SIGKILL'): Promise<void> {
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  child.kill(signal);
  return exited;
}

/** The time one GET takes to answer in full; a 5xx is a failure of the bench, not a figure. */
async function answerMs(url: string, route: string): Promise<number> {
  const t0 = performance.now();
  const response = await fetch(`${url}${route}`, { headers: AUTH });
  await response.arrayBuffer();
  if (response.status >= 500) throw new Error(`GET ${route} answered ${response.status}`);
  return performance.now() - t0;
}

const emulatorListening = /listening on (http:\/\/\S+)/;
const OURS = [EMULATOR, '--document', file, '--port', '0', '--quiet'];
const BASELINE = [EMULATOR, '--port', '0', '--quiet'];

/** Fills the warm cache: each command started once and stopped as Ctrl-C would, so it writes its cache. */
async function prime(): Promise<void> {
  for (const args of [BASELINE, OURS]) await stop((await started(args, emulatorListening, warm())).child, 'SIGTERM');
}

const rounds = { cold: 0, warm: 0 };
const ours = (how: 'cold' | 'warm') => async (): Promise<Figures> => {
  const round = ++rounds[how];
  const server = await started(OURS, emulatorListening, how === 'cold' ? cold() : warm());
  try {
    const rss = rssMb(server.child.pid!);
    // A different operation first in each round, then 20 more never called before in this process.
    const picked = Array.from({ length: MORE_OPERATIONS + 1 }, (_, i) => paths[(round * 37 + i * 53) % paths.length]!);
    const firstMs = await answerMs(server.url, picked[0]!);
    let nextMaxMs = 0;
    for (const route of picked.slice(1)) nextMaxMs = Math.max(nextMaxMs, await answerMs(server.url, route));
    return { startMs: server.ms, rss, firstMs, nextMaxMs, rssAfter: rssMb(server.child.pid!) };
  } finally {
    await stop(server.child);
  }
};

/** What a server costs to start: the time until it listens, and its memory then. */
async function startCost(server: Started): Promise<Figures> {
  try {
    return { startMs: server.ms, rss: rssMb(server.child.pid!) };
  } finally {
    await stop(server.child);
  }
}

const baseline = (how: 'cold' | 'warm') => async () =>
  startCost(await started(BASELINE, emulatorListening, how === 'cold' ? cold() : warm()));

const prism = async () => {
  const port = await closedPort();
  const args = [PRISM, 'mock', '-p', String(port), '--host', '127.0.0.1', file];
  return startCost(await started(args, /Prism is listening on (http:\/\/\S+)/));
};

const names = {
  baseline: "emulator, this repository's document, cold",
  ours: `emulator, ${OPERATIONS} operations, cold`,
  baselineWarm: "emulator, this repository's document, warm",
  oursWarm: `emulator, ${OPERATIONS} operations, warm`,
  prism: `prism mock, ${OPERATIONS} operations`,
};
let results: Map<string, Figures[]>;
try {
  await prime();
  results = await interleave(
    [
      { name: names.baseline, round: baseline('cold') },
      { name: names.ours, round: ours('cold') },
      { name: names.baselineWarm, round: baseline('warm') },
      { name: names.oursWarm, round: ours('warm') },
      { name: names.prism, round: prism },
    ],
    ROUNDS,
  );
} finally {
  rmSync(dir, { recursive: true, force: true });
}

const commit = execFileSync('git', ['rev-parse', '--short', 'HEAD'], { cwd: repo, encoding: 'utf8' }).trim();
const verdict = (value: number, goal: number) => `(goal <= ${goal}: ${value <= goal ? 'met' : 'NOT met'})`;
console.log(
  `\n${OPERATIONS}-operation document; ${ROUNDS} interleaved rounds of fresh processes; Node ${process.versions.node}, ${cpus().length} x ${cpus()[0]?.model}, commit ${commit}`,
);
console.log('median (min, max)');
for (const name of Object.values(names))
  console.log(
    `  ${name.padEnd(44)} start ${show(metric(results, name, 'startMs'))} ms   memory ${show(metric(results, name, 'rss'))} MB`,
  );
/** A metric of ours minus the baseline's, round by round: what the large document itself costs. */
const overBaseline = (ours: string, base: string, name: string) =>
  stats(results.get(ours)!.map((f, i) => f[name]! - results.get(base)![i]![name]!));
/** Ours against the goals, cold (a first start: the goals are judged on these) or warm. */
function report(ours: string, base: string, how: string): void {
  const start = metric(results, ours, 'startMs');
  const extra = overBaseline(ours, base, 'rss');
  const first = metric(results, ours, 'firstMs');
  const next = metric(results, ours, 'nextMaxMs');
  console.log(`\nours on ${OPERATIONS} operations, ${how}`);
  console.log(`  start                                  ${show(start)} ms ${verdict(start.median, GOALS.startMs)}`);
  console.log(`  start over the baseline                 ${show(overBaseline(ours, base, 'startMs'))} ms`);
  console.log(`  memory over the baseline               ${show(extra)} MB ${verdict(extra.median, GOALS.extraMb)}`);
  console.log(
    `  first answer of the process            ${show(first, 1)} ms ${verdict(first.median, GOALS.firstAnswerMs)}`,
  );
  console.log(
    `  slowest first answer of ${MORE_OPERATIONS} more        ${show(next, 1)} ms ${verdict(next.median, GOALS.firstAnswerMs)}`,
  );
  console.log(`  memory after those answers             ${show(metric(results, ours, 'rssAfter'))} MB`);
}
report(names.ours, names.baseline, 'cold: an empty compile cache, as a first start (the goals are judged here)');
report(names.oursWarm, names.baselineWarm, 'warm: the compile cache an earlier start left');
console.log('\nratios, round by round (median, min, max)');
console.log(
  `  start, ours / baseline (cold)          ${show(ratio(results, names.ours, names.baseline, 'startMs'), 2)}`,
);
console.log(
  `  start, ours warm / ours cold           ${show(ratio(results, names.oursWarm, names.ours, 'startMs'), 2)}`,
);
console.log(`  start, prism / ours (cold)             ${show(ratio(results, names.prism, names.ours, 'startMs'), 2)}`);
console.log(`  memory, prism / ours (cold)            ${show(ratio(results, names.prism, names.ours, 'rss'), 2)}`);
