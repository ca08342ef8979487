// publint on both packages, and @arethetypeswrong/cli on their packed tarballs: clean, except the
// problems the README explains (Install, "Module formats and TypeScript").
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { projectRoot } from '../helpers/sources.js';
import { run } from './installed.js';

const PACKAGES = [projectRoot, path.join(projectRoot, 'emulator')];
const bin = (name: string) => path.join(projectRoot, 'node_modules', '.bin', name);

interface Problem {
  kind: string;
  entrypoint: string;
  resolutionKind: string;
}

/**
 * The problems the README explains: TypeScript's node16 resolution from CommonJS sees ES modules as
 * import-only (Node itself require()s them, tested); node10 resolution knows no exports map; and the
 * YAML document is a data file, not a module, for every resolution.
 */
const explained = (problem: Problem) =>
  (problem.kind === 'CJSResolvesToESM' && problem.resolutionKind === 'node16-cjs') ||
  (problem.kind === 'NoResolution' && (problem.resolutionKind === 'node10' || problem.entrypoint === './openapi.yaml'));

describe.each(PACKAGES)('the package in %s', (dir) => {
  it('is clean under publint', () => {
    const lint = run(bin('publint'), ['--strict'], dir);
    expect(lint.status, lint.stdout + lint.stderr).toBe(0);
    expect(lint.stdout).toContain('All good!');
  }, 60_000);

  it('passes npm publish --dry-run with no warning but the one for not being logged in', () => {
    const publish = run('npm', ['publish', '--dry-run', '--ignore-scripts'], dir);
    expect(publish.status, publish.stderr).toBe(0);
    const warnings = publish.stderr.split('\n').filter((line) => line.startsWith('npm warn') && !/requires you to be logged in|Unknown (user|env) config "nodedir"/.test(line));
    expect(warnings).toEqual([]);
  }, 60_000);

  it('has no problem under @arethetypeswrong/cli --pack but those the README explains', () => {
    const check = run(bin('attw'), ['--pack', '.', '--format', 'json'], dir);
    const { problems } = (JSON.parse(check.stdout) as { analysis: { problems: Problem[] } }).analysis;
    expect(problems.filter((p) => !explained(p))).toEqual([]);
  }, 120_000);
});
