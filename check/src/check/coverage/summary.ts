// Coverage as people read it in a terminal and as a gate: one line per operation, what was never met,
// and the verdict of a threshold (`--fail-under-statuses 100`).
import { inputGaps } from './inputs.js';
import type { CoverageReport, Figure, OperationCoverage } from './model.js';

/** `getVideo: statuses 3/4, parameters 2/2, links 1/1`, with the statuses met only through a fault named. */
export function coverageLine(op: OperationCoverage): string {
  const { statuses, parameters, links } = op.figures;
  const fault = op.statuses.faultOnly.length > 0 ? ` (only by a fault: ${op.statuses.faultOnly.join(', ')})` : '';
  return `${op.operationId}: statuses ${statuses.join('/')}${fault}, parameters ${parameters.join('/')}, links ${links.join('/')}`;
}

/** The coverage lines of a report, after a heading with the totals. */
export function coverageSummary(report: CoverageReport): string {
  const { statuses, parameters, links } = report.totals;
  return [
    `Coverage: statuses ${statuses.join('/')}, parameters ${parameters.join('/')}, links ${links.join('/')}`,
    ...report.operations.map(coverageLine),
  ].join('\n');
}

/** What a kind of coverage never met, each named with its operation: `getVideo 404`, `listStreams query page`. */
export function coverageGaps(report: CoverageReport, kind: 'statuses' | 'parameters'): string[] {
  return report.operations.flatMap((op) => {
    const gaps =
      kind === 'statuses'
        ? op.statuses.documented.filter((key) => !op.statuses.seen.includes(key))
        : [...op.parameters, ...op.bodyProperties].flatMap(inputGaps);
    return gaps.map((gap) => `${op.operationId} ${gap}`);
  });
}

/** A figure as a percentage; nothing to cover is all of it covered. */
export const percentOf = ([covered, total]: Figure): number => (total === 0 ? 100 : (covered / total) * 100);

/** Why a report is under a threshold, naming what was missed; undefined when it is not. */
export function underThreshold(
  report: CoverageReport,
  kind: 'statuses' | 'parameters',
  minimumPercent: number,
): string | undefined {
  const figure = report.totals[kind];
  const percent = percentOf(figure);
  if (percent >= minimumPercent) return undefined;
  return `Coverage of ${kind} is ${figure.join('/')} (${percent.toFixed(1)}%), under --fail-under-${kind} ${minimumPercent}; never met: ${coverageGaps(report, kind).join(', ')}`;
}
