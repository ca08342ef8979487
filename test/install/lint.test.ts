// publint on the packages, and @arethetypeswrong/cli on the packed tarballs of those with modules to
// import: clean, except the problems docs/client.md explains ("Module formats and TypeScript").
import { spawnSync } from 'node:child_process';
import { closeSync, mkdtempSync, openSync, readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { projectRoot } from '../helpers/sources.js';
import { packedTarball, run } from './installed.js';

const LIBRARIES = [projectRoot, path.join(projectRoot, 'check'), path.join(projectRoot, 'emulator')];
/** cloud-platform-mcp is a command: it exports its package.json alone, so it has no types for attw to check. */
const PACKAGES = [...LIBRARIES, path.join(projectRoot, 'mcp')];
const bin = (name: string) => path.join(projectRoot, 'node_modules', '.bin', name);

interface Problem {
  kind: string;
  entrypoint: string;
  resolutionKind: string;
}

/**
 * The problems docs/client.md explains: TypeScript's node16 resolution from CommonJS sees ES modules as
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
    const warnings = publish.stderr
      .split('\n')
      .filter(
        (line) =>
          line.startsWith('npm warn') && !/requires you to be logged in|Unknown (user|env) config "nodedir"/.test(line),
      );
    expect(warnings).toEqual([]);
  }, 60_000);
});

describe.each(LIBRARIES)('the library package in %s', (dir) => {
  it('has no problem under @arethetypeswrong/cli on its tarball but those the client guide explains', () => {
    // Packed here without scripts: attw --pack would run `prepare`, rebuilding dist/ under the other test files.
    const work = mkdtempSync(path.join(os.tmpdir(), 'attw-'));
    const tarball = packedTarball(dir, work);
    // Its report goes to a file: attw exits (1, when it finds problems) right after writing it, which cuts a
    // report written to a pipe short at random.
    const report = path.join(work, 'report.json');
    const out = openSync(report, 'w');
    const check = spawnSync(bin('attw'), [tarball, '--format', 'json'], {
      cwd: dir,
      stdio: ['ignore', out, 'pipe'],
      encoding: 'utf8',
    });
    closeSync(out);
    const text = readFileSync(report, 'utf8');
    expect(text, check.stderr).not.toBe('');
    const { problems } = (JSON.parse(text) as { analysis: { problems: Problem[] } }).analysis;
    expect(problems.filter((p) => !explained(p))).toEqual([]);
  }, 120_000);
});
