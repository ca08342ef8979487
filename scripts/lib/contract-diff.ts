// Compares two bundled documents with `redocly diff` (diff-recommended rules) plus this project's
// checks for changes that break generated code, and decides whether the change may ship: a breaking
// (major) change needs the major version in info.version raised.
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { parse } from 'yaml';
import { generatedCodeBreaks } from './generated-code-breaks.js';
import { bundleDocument } from './lint.js';
import { runTool } from './tools.js';

export interface DiffChange {
  ruleId: string;
  impact: 'major' | 'minor' | 'patch';
  message: string;
}

export interface DiffResult {
  summary: { major: number; minor: number; patch: number };
  changes: DiffChange[];
  breaking: boolean;
  baseVersion: string;
  revisionVersion: string;
  majorRaised: boolean;
  /** Breaking without a major version raise. */
  blocked: boolean;
}

interface RedoclyChange {
  path: string;
  typeName: string;
  kind: string;
  impact: DiffChange['impact'];
  verdicts?: { ruleId: string; impact: DiffChange['impact']; message: string }[];
  base?: { value?: { name?: unknown } };
  revision?: { value?: { name?: unknown } };
}

interface RedoclyReport {
  summary: DiffResult['summary'];
  changes: RedoclyChange[];
}

/** A change as a line: its rule verdicts where redocly gives them, else what was added or removed where. */
function describeChange(change: RedoclyChange): DiffChange[] {
  if (change.verdicts?.length)
    return change.verdicts.map((v) => ({ ruleId: v.ruleId, impact: v.impact, message: v.message }));
  const name = change.revision?.value?.name ?? change.base?.value?.name;
  const where = change.path
    .replace(/^#\//, '')
    .split('/')
    .map((segment) => decodeURIComponent(segment).replaceAll('~1', '/').replaceAll('~0', '~'))
    .join(' › ');
  return [
    {
      ruleId: change.kind,
      impact: change.impact,
      message: `${change.typeName}${typeof name === 'string' ? ` \`${name}\`` : ''} ${change.kind} at \`${where}\``,
    },
  ];
}

const majorOf = (version: string) => Number(/^(\d+)\./.exec(version)?.[1] ?? NaN);

async function report(base: string, revision: string, outFile: string): Promise<string> {
  const result = await runTool('redocly', [
    'diff',
    base,
    revision,
    '--config',
    'scripts/diff.redocly.yaml',
    '--format',
    'json',
    '--fail-on',
    'none',
    '--output',
    outFile,
  ]);
  if (result.code !== 0) throw new Error(`redocly diff failed (${result.code}):\n${result.output}`);
  return readFile(outFile, 'utf8');
}

export async function diffDocuments(baseFile: string, revisionFile: string): Promise<DiffResult> {
  const scratch = await mkdtemp(path.join(os.tmpdir(), 'cloud-api-diff-'));
  try {
    const json = JSON.parse(await report(baseFile, revisionFile, path.join(scratch, 'diff.json'))) as RedoclyReport;
    const [base, revision] = await Promise.all(
      [baseFile, revisionFile].map(async (file) => parse(await readFile(file, 'utf8')) as Record<string, any>),
    );
    const ours = generatedCodeBreaks(base!, revision!);
    const summary = { ...json.summary, major: json.summary.major + ours.length };
    const baseVersion = String(base!.info?.version ?? '');
    const revisionVersion = String(revision!.info?.version ?? '');
    const breaking = summary.major > 0;
    const majorRaised = majorOf(revisionVersion) > majorOf(baseVersion);
    return {
      summary,
      changes: [...json.changes.flatMap(describeChange), ...ours],
      breaking,
      baseVersion,
      revisionVersion,
      majorRaised,
      blocked: breaking && !majorRaised,
    };
  } finally {
    await rm(scratch, { recursive: true, force: true });
  }
}

/** Bundles the working tree's source into `scratch` and compares it with the base document. */
export async function contractDiffOfWorkingTree(baseFile: string, scratch: string): Promise<DiffResult> {
  const revisionFile = path.join(scratch, 'working-tree-openapi.yaml');
  await bundleDocument(revisionFile);
  return diffDocuments(baseFile, revisionFile);
}
