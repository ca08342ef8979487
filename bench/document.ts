// npm run bench:document: the emulator on a document of 1,000 operations it has never seen, against the
// same command on this repository's document (the baseline), and Prism 5's mock of the same large
// document: start time (spawn to the line saying where it listens) and resident memory once started, in
// interleaved rounds of fresh processes; then, on ours, the first answer of the process and the first
// to each of 20 more operations. Medians with min and max. Goals (issue #53): start at most 500 ms, at
// most 60 MB more than the baseline, a first answer to any operation in at most 50 ms.
import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, tmpdir } from 'node:os';
import path from 'node:path';
import { closedPort } from '../test-kit/http-server.js';
import { listeningUrl } from '../test-kit/listening.js';
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

/** Spawns `node ARGS` and resolves once its stdout says where it listens, with the time that took. */
async function started(args: string[]): Promise<Started> {
  const t0 = performance.now();
  const child = spawn(process.execPath, args, { stdio: ['ignore', 'pipe', 'pipe'] });
  const url = await listeningUrl(child, `node ${args.join(' ')}`);
  return { child, url, ms: performance.now() - t0 };
}

/** A process's resident memory now, in MB, from /proc (Linux). */
const rssMb = (pid: number) => Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))![1]) / 1024;

function stop(child: ChildProcess): Promise<void> {
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  child.kill('SIGKILL');
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

let round = 0;

const ours = async (): Promise<Figures> => {
  round++;
  const server = await started([EMULATOR, '--document', file, '--port', '0', '--quiet']);
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

const baseline = async () => startCost(await started([EMULATOR, '--port', '0', '--quiet']));

const prism = async () => {
  const port = await closedPort();
  const args = [PRISM, 'mock', '-p', String(port), '--host', '127.0.0.1', file];
  return startCost(await started(args));
};

const names = {
  baseline: "emulator, this repository's document",
  ours: `emulator, ${OPERATIONS} operations`,
  prism: `prism mock, ${OPERATIONS} operations`,
};
let results: Map<string, Figures[]>;
try {
  results = await interleave(
    [
      { name: names.baseline, round: baseline },
      { name: names.ours, round: ours },
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
    `  ${name.padEnd(38)} start ${show(metric(results, name, 'startMs'))} ms   memory ${show(metric(results, name, 'rss'))} MB`,
  );
const start = metric(results, names.ours, 'startMs');
/** A metric of ours minus the baseline's, round by round: what the large document itself costs. */
const overBaseline = (name: string) =>
  stats(results.get(names.ours)!.map((f, i) => f[name]! - results.get(names.baseline)![i]![name]!));
const extra = overBaseline('rss');
const first = metric(results, names.ours, 'firstMs');
const next = metric(results, names.ours, 'nextMaxMs');
console.log(`\nours on ${OPERATIONS} operations`);
console.log(`  start                                  ${show(start)} ms ${verdict(start.median, GOALS.startMs)}`);
console.log(`  start over the baseline                 ${show(overBaseline('startMs'))} ms`);
console.log(`  memory over the baseline               ${show(extra)} MB ${verdict(extra.median, GOALS.extraMb)}`);
console.log(
  `  first answer of the process            ${show(first, 1)} ms ${verdict(first.median, GOALS.firstAnswerMs)}`,
);
console.log(
  `  slowest first answer of ${MORE_OPERATIONS} more        ${show(next, 1)} ms ${verdict(next.median, GOALS.firstAnswerMs)}`,
);
console.log(`  memory after those answers             ${show(metric(results, names.ours, 'rssAfter'))} MB`);
console.log('\nratios, round by round (median, min, max)');
console.log(
  `  start, ours / baseline                 ${show(ratio(results, names.ours, names.baseline, 'startMs'), 2)}`,
);
console.log(`  start, prism / ours                    ${show(ratio(results, names.prism, names.ours, 'startMs'), 2)}`);
console.log(`  memory, prism / ours                   ${show(ratio(results, names.prism, names.ours, 'rss'), 2)}`);
