// How `npm run diff` tells what changed: as text for a terminal, or as a markdown changelog for a
// pull request's summary. Breaking changes come first; the verdict comes last.
import type { DiffChange, DiffResult } from './contract-diff.js';

const IMPACTS: DiffChange['impact'][] = ['major', 'minor', 'patch'];
const HEADINGS = { major: 'Breaking', minor: 'Non-breaking', patch: 'Patch-level' } as const;

const byImpact = (changes: readonly DiffChange[]) =>
  IMPACTS.map((impact) => [impact, changes.filter((c) => c.impact === impact)] as const).filter(
    ([, list]) => list.length > 0,
  );

export function verdict(result: DiffResult): string {
  if (result.blocked) {
    const next = `${Number(result.baseVersion.split('.')[0]) + 1}.0.0`;
    return `Blocked: ${result.summary.major} breaking change(s) without a major version raise. Raise info.version (and package.json) to ${next}, or undo them.`;
  }
  if (result.breaking)
    return `Breaking changes, with the major version raised (${result.baseVersion} -> ${result.revisionVersion}): allowed.`;
  return 'No breaking change.';
}

export function textReport(result: DiffResult, against: string): string {
  const lines = [
    `Contract diff: the working tree's document against ${against}`,
    `info.version: ${result.baseVersion} -> ${result.revisionVersion}`,
    '',
  ];
  if (result.changes.length === 0) lines.push('No change.', '');
  for (const [impact, changes] of byImpact(result.changes)) {
    lines.push(`${HEADINGS[impact]} (${changes.length}):`, ...changes.map((c) => `  - ${c.message} [${c.ruleId}]`), '');
  }
  lines.push(verdict(result));
  return `${lines.join('\n')}\n`;
}

const cell = (text: string) => text.replaceAll('|', '\\|').replaceAll('\n', ' ');

export function markdownChangelog(result: DiffResult, against: string): string {
  const lines = [
    `## Contract changes against ${cell(against)}`,
    '',
    `\`info.version\`: ${result.baseVersion} -> ${result.revisionVersion}`,
    '',
  ];
  if (result.changes.length === 0) lines.push('No change to the document.', '');
  for (const [impact, changes] of byImpact(result.changes)) {
    lines.push(
      `### ${HEADINGS[impact]} (${changes.length})`,
      '',
      '| Change | Rule |',
      '| --- | --- |',
      ...changes.map((c) => `| ${cell(c.message)} | \`${c.ruleId}\` |`),
      '',
    );
  }
  lines.push(`**${verdict(result)}**`);
  return `${lines.join('\n')}\n`;
}
