// `npm run diff -- [base-ref] [--markdown]`: compares the working tree's document (the source in
// openapi/, bundled now, so uncommitted changes count) with the committed document at a git ref, by
// default the last release (scripts/lib/release-base.ts). Prints the changes, breaking first, as
// text or as a markdown changelog; exits 1 on a breaking change without a major version raise, 2 on
// bad usage.
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { contractDiffOfWorkingTree } from './lib/contract-diff.js';
import { markdownChangelog, textReport } from './lib/diff-report.js';
import { COMMITTED_DOCUMENT, git, lastRelease } from './lib/release-base.js';

const USAGE = 'Usage: npm run diff -- [base-ref] [--markdown]\n';

function fail(message: string): never {
  process.stderr.write(`${message}\n${USAGE}`);
  process.exit(2);
}

function parsedArgs() {
  try {
    return parseArgs({ allowPositionals: true, strict: true, options: { markdown: { type: 'boolean' } } });
  } catch (error) {
    return fail((error as Error).message);
  }
}
const parsed = parsedArgs();
if (parsed.positionals.length > 1) fail('Give one base ref at most.');
const base = parsed.positionals[0] !== undefined ? { ref: parsed.positionals[0], why: 'given' } : lastRelease();
let baseText: string;
try {
  baseText = git(process.cwd(), 'show', `${base.ref}:${COMMITTED_DOCUMENT}`);
} catch {
  fail(`Cannot read ${COMMITTED_DOCUMENT} at "${base.ref}": is it a commit, tag or branch that has the file?`);
}
const scratch = await mkdtemp(path.join(os.tmpdir(), 'cloud-api-diff-base-'));
try {
  const baseFile = path.join(scratch, 'base-openapi.yaml');
  await writeFile(baseFile, `${baseText}\n`);
  const result = await contractDiffOfWorkingTree(baseFile, scratch);
  const against = base.why === 'given' ? base.ref : `${base.ref} (${base.why})`;
  process.stdout.write(parsed.values.markdown ? markdownChangelog(result, against) : textReport(result, against));
  if (result.blocked) process.exitCode = 1;
} finally {
  await rm(scratch, { recursive: true, force: true });
}
