// The test lanes of vitest.config.ts: every test file runs in exactly one of them, and each lane is run by
// an npm script that .ci/run calls, so splitting the suite never drops a test from CI.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import config, { STARTED_FIRST } from '../../vitest.config.js';
import { projectRoot } from '../helpers/sources.js';
import { trackedFiles } from '../helpers/tracked-files.js';

interface Lane {
  name: string;
  include: readonly string[];
  exclude: readonly string[];
}

const matchesAny = (file: string, globs: readonly string[]) => globs.some((glob) => path.matchesGlob(file, glob));

/** The names of the lanes that run `file`. */
function lanesOf(file: string, lanes: readonly Lane[]): string[] {
  return lanes
    .filter(({ include, exclude }) => matchesAny(file, include) && !matchesAny(file, exclude))
    .map(({ name }) => name);
}

/** Each test file that is in no lane or in more than one, with the lanes it is in. */
function misplaced(files: readonly string[], lanes: readonly Lane[]): Record<string, string[]> {
  return Object.fromEntries(
    files.map((file) => [file, lanesOf(file, lanes)] as const).filter(([, names]) => names.length !== 1),
  );
}

const lanes: Lane[] = (config.test?.projects ?? []).map((project) => {
  if (typeof project !== 'object' || !('test' in project) || !project.test?.name || !project.test.include)
    throw new Error('each project of vitest.config.ts is written out inline, with a name and an include list');
  const { name, include, exclude = [] } = project.test;
  return { name: typeof name === 'string' ? name : name.label, include, exclude };
});

/** The example app's tests run in its own project, under its own vitest, by test/docs/example-app.test.ts. */
const runByTheExampleApp = (file: string) => file.startsWith('examples/');
const testFiles = trackedFiles('*.test.ts').filter((file) => !runByTheExampleApp(file));

/** The npm script that runs each lane. */
const SCRIPTS: Record<string, string> = {
  unit: 'test',
  package: 'test:package',
  release: 'test:release',
  tools: 'test:tools',
  browser: 'test:browser',
};
const scripts = (JSON.parse(readFileSync(path.join(projectRoot, 'package.json'), 'utf8')) as Record<string, unknown>)
  .scripts as Record<string, string>;
const ciRun = readFileSync(path.join(projectRoot, '.ci', 'run'), 'utf8');

describe('the test lanes', () => {
  it('put every test file in exactly one lane', () => {
    expect(testFiles.length).toBeGreaterThan(50);
    expect(misplaced(testFiles, lanes)).toEqual({});
  });

  it('leave the example app to its own project, which a lane runs', () => {
    expect(trackedFiles('*.test.ts').filter(runByTheExampleApp).length).toBeGreaterThan(0);
    expect(lanesOf('test/docs/example-app.test.ts', lanes)).toEqual(['package']);
  });

  it('name no file that is not there', () => {
    for (const lane of lanes)
      for (const glob of lane.include)
        expect(
          testFiles.some((file) => path.matchesGlob(file, glob)),
          `${lane.name}: ${glob}`,
        ).toBe(true);
    for (const file of STARTED_FIRST) expect(testFiles, `STARTED_FIRST: ${file}`).toContain(file);
  });

  it('are each run by an npm script that .ci/run calls', () => {
    expect(lanes.map(({ name }) => name).sort()).toEqual(Object.keys(SCRIPTS).sort());
    for (const [lane, script] of Object.entries(SCRIPTS)) {
      expect(scripts[script], script).toMatch(new RegExp(`vitest run --project ${lane}(\\s|$)`));
      expect(ciRun, script).toContain(script === 'test' ? 'npm test' : `npm run ${script}`);
    }
  });

  const A: Lane = { name: 'a', include: ['test/**/*.test.ts'], exclude: ['test/slow/**'] };
  const B: Lane = { name: 'b', include: ['test/slow/*.test.ts', 'test/x.test.ts'], exclude: [] };
  it.each([
    ['a file no include matches', 'emulator/test/new.test.ts', []],
    ['a file two lanes include', 'test/x.test.ts', ['a', 'b']],
    ['a file one lane excludes and none other includes', 'test/slow/deep/y.test.ts', []],
    ['a path that climbs out of the tree', '../test/z.test.ts', []],
    ['a name with spaces and unicode', 'test/ünï code.test.ts', ['a']],
  ])('the check reports %s', (_case, file, expected) => {
    const found = misplaced([file], [A, B]);
    if (expected.length === 1) expect(found).toEqual({});
    else expect(found).toEqual({ [file]: expected });
  });
});
