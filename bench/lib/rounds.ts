// The one way every bench measures: short rounds that alternate between the targets, so a neighbour on
// a shared machine slows them all alike, each round starting one target later (A B C, B C A, C A B, ...)
// so that none always runs after the same one (and pays, say, for the garbage it left); a ratio is the
// median of the per-round ratios, printed with its min and max, beside the absolute figures.
import { readFileSync } from 'node:fs';

/** One round's figures of one target, by metric name (calls per second, µs per call, CPU µs per request...). */
export type Figures = Record<string, number>;

export interface Target {
  name: string;
  /** Runs one round and returns its figures. */
  round: () => Promise<Figures>;
}

export interface Stats {
  median: number;
  min: number;
  max: number;
}

export function stats(values: readonly number[]): Stats {
  const sorted = [...values].sort((a, b) => a - b);
  return { median: sorted[Math.floor(sorted.length / 2)]!, min: sorted[0]!, max: sorted.at(-1)! };
}

export const show = ({ median, min, max }: Stats, digits = 0) =>
  `${median.toFixed(digits)} (min ${min.toFixed(digits)}, max ${max.toFixed(digits)})`;

/** Runs `rounds` rounds of every target in turn, the order turned by one each round; returns each target's figures, round by round. */
export async function interleave(
  targets: readonly Target[],
  rounds: number,
  progress = (round: number) => process.stderr.write(`round ${round}/${rounds}\n`),
): Promise<Map<string, Figures[]>> {
  const results = new Map<string, Figures[]>(targets.map((t) => [t.name, []]));
  for (let round = 1; round <= rounds; round++) {
    for (let turn = 0; turn < targets.length; turn++) {
      const target = targets[(round - 1 + turn) % targets.length]!;
      results.get(target.name)!.push(await target.round());
    }
    progress(round);
  }
  return results;
}

/** The metric of a target, over the rounds. */
export const metric = (results: Map<string, Figures[]>, target: string, name: string): Stats =>
  stats(results.get(target)!.map((f) => f[name]!));

/** The ratio target / baseline of a metric, round by round, as median, min and max. */
export function ratio(results: Map<string, Figures[]>, target: string, baseline: string, name: string): Stats {
  const a = results.get(target)!;
  const b = results.get(baseline)!;
  return stats(a.map((figures, i) => figures[name]! / b[i]![name]!));
}

const CLOCK_TICKS_PER_SECOND = 100;
/** CPU time (user + system) a process has used so far, in µs, from /proc (Linux). */
export function cpuMicros(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  // After the command name: field 14 (utime) and 15 (stime) of stat(5) are the 12th and 13th here.
  return ((Number(fields[11]) + Number(fields[12])) * 1e6) / CLOCK_TICKS_PER_SECOND;
}
