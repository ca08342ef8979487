import { defineConfig } from 'vitest/config';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

/**
 * The test lanes, each run by its own npm script (`vitest run --project <lane>`): what every change needs
 * in `unit`, and apart from it what needs npm's registry cache, outside tools or a browser. A file is in
 * exactly one lane (test/build/lanes.test.ts holds that): `unit` is what the others leave.
 */
export const LANES = {
  /**
   * `npm run test:package`: the packages installed from their tarballs into fresh projects, on the Node line
   * running it (.ci/run runs it on each line): every export, the bins, the example app, the README's quick start.
   */
  package: [
    'test/install/tarball.test.ts',
    'test/install/mcp-tarball.test.ts',
    'test/docs/example-app.test.ts',
    'test/docs/readme-quickstart.test.ts',
  ],
  /**
   * `npm run test:release`: what npm publishes, which the Node line does not change, so .ci/run runs it once: the
   * packed files and their sizes, publint, attw, npm publish --dry-run, and the root package installed from git
   * (its build on that line; npm test builds on every line).
   */
  release: [
    'test/install/footprint.test.ts',
    'test/install/git.test.ts',
    'test/install/lint.test.ts',
    'test/client/package.test.ts',
    'check/test/package.test.ts',
    'emulator/test/cli/package.test.ts',
  ],
  /** `npm run test:tools`: Redocly and Spectral gates, the diff gate, the docs' shell recipes, Prism, MCP Inspector, the MCP conformance suite, other MCP clients, the three commands on test documents beside Prism. */
  tools: [
    'test/build/build-checks.test.ts',
    'test/build/contract-diff.test.ts',
    'test/docs/add-operation.test.ts',
    'test/docs/shell-recipes.test.ts',
    'check/test/check/stateless-mock.test.ts',
    'emulator/test/proxy/live-service-recipe.test.ts',
    'mcp/test/conformance.test.ts',
    'mcp/test/client-matrix.test.ts',
    'test/any-document/*.test.ts',
  ],
  /** `npm run test:browser`: every test that launches Chromium. */
  browser: [
    'test/docs/browser.test.ts',
    'test/docs/site-browser.test.ts',
    'check/test/check/coverage-browser.test.ts',
    'emulator/test/adapters/*-browser.test.ts',
  ],
} as const;

/**
 * The files that take longest, each started first in its lane: without timings from an earlier run (as in
 * CI), vitest starts the largest files first, and the git install (about 40 s, a small file) would run
 * alone at the end of the release lane.
 */
export const STARTED_FIRST = [
  'test/install/git.test.ts',
  'test/docs/example-app.test.ts',
  'test/install/tarball.test.ts',
  'mcp/test/mcp-server.test.ts',
  'emulator/test/core/robustness.test.ts',
];

/** Vitest's own order (failed, then slowest by the last run, then largest), with STARTED_FIRST ahead of it. */
class LongestFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const rank = (spec: TestSpecification) => {
      const listed = STARTED_FIRST.findIndex((file) => spec.moduleId.endsWith(`/${file}`));
      return listed === -1 ? STARTED_FIRST.length : listed;
    };
    const sorted = await super.sort(files);
    return sorted
      .map((spec, order) => ({ spec, order }))
      .sort((a, b) => rank(a.spec) - rank(b.spec) || a.order - b.order)
      .map(({ spec }) => spec);
  }
}

/** Where the unit lane looks; everything there that no other lane names is a unit test. */
export const ALL_TESTS = [
  'test/**/*.test.ts',
  'check/test/**/*.test.ts',
  'emulator/test/**/*.test.ts',
  'mcp/test/**/*.test.ts',
];

export default defineConfig({
  test: {
    testTimeout: 60_000,
    hookTimeout: 120_000,
    maxWorkers: 2,
    globalSetup: ['test-kit/scratch-root.ts'],
    sequence: { sequencer: LongestFirst },
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          include: ALL_TESTS,
          exclude: ['**/node_modules/**', ...Object.values(LANES).flat()],
          // A worker keeps its loaded modules from file to file: most files load the document, the validator
          // and the emulator, and loading them afresh for each took a third of the lane (96 s against 65 s).
          // A file that changes shared state (timers, env, a mocked module) puts it back in its own hooks:
          // one that mocks a module also resets the module cache, so the next file loads the real one.
          isolate: false,
        },
      },
      { extends: true, test: { name: 'package', include: [...LANES.package] } },
      { extends: true, test: { name: 'release', include: [...LANES.release] } },
      { extends: true, test: { name: 'tools', include: [...LANES.tools] } },
      {
        extends: true,
        // One Chromium for the lane, which each file connects to (test-kit/chromium-server.ts).
        test: { name: 'browser', include: [...LANES.browser], globalSetup: ['test-kit/chromium-server.ts'] },
      },
    ],
  },
});
