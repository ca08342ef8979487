// `npm run diff -- [base-ref]`: compares generated/openapi.yaml with the same file at a git ref (by
// default the last release tag, else the first commit that has the file), prints a markdown summary,
// and exits 1 on a breaking change unless the major version in info.version was raised.
import { execFileSync } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { diffDocuments } from './lib/contract-diff.js';

const DOCUMENT = 'generated/openapi.yaml';
const git = (...args: string[]) => execFileSync('git', args, { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] }).trim();

function defaultBase(): string {
  try {
    return git('describe', '--tags', '--abbrev=0', '--match', 'v[0-9]*');
  } catch {
    const adds = git('log', '--diff-filter=A', '--format=%H', '--', DOCUMENT).split('\n').filter(Boolean);
    if (adds.length === 0) throw new Error(`No commit has ${DOCUMENT} yet: nothing to compare with`);
    return adds.at(-1)!;
  }
}

const base = process.argv[2] ?? defaultBase();
let baseText: string;
try {
  baseText = git('show', `${base}:${DOCUMENT}`);
} catch {
  process.stderr.write(`Cannot read ${DOCUMENT} at "${base}": is it a commit, tag or branch that has the file?\n`);
  process.exit(2);
}
const scratch = await mkdtemp(path.join(os.tmpdir(), 'cloud-api-diff-base-'));
try {
  const baseFile = path.join(scratch, 'base-openapi.yaml');
  await writeFile(baseFile, `${baseText}\n`);
  const result = await diffDocuments(baseFile, DOCUMENT);
  process.stdout.write(`# Contract diff: ${DOCUMENT} against ${base}\n\n${result.markdown}\n`);
  process.stdout.write(`info.version: ${result.baseVersion} -> ${result.revisionVersion}\n`);
  if (result.blocked) {
    process.stdout.write(`\n**Breaking:** ${result.summary.major} major change(s) without a major version raise. Raise info.version (and package.json) to ${Number(result.baseVersion.split('.')[0]) + 1}.0.0, or undo the change.\n`);
    process.exitCode = 1;
  } else if (result.breaking) {
    process.stdout.write(`\nBreaking changes, with the major version raised: allowed.\n`);
  } else {
    process.stdout.write(`\nNo breaking change.\n`);
  }
} finally {
  await rm(scratch, { recursive: true, force: true });
}
