// The build's steps: either at once where they do not depend on each other (what `npm run build`
// does), or one after another (the baseline bench:build measures).
import { readFile } from 'node:fs/promises';
import type { OpenApiDocument } from '../../src/contract/document.js';
import { buildDocs } from './docs.js';
import { bundleInto, generateTypesInto } from './generate.js';
import { buildPackages, PACKAGES_STEP } from './library.js';
import { lintBundle, lintSource } from './lint.js';
import { buildSite, siteDir } from './site.js';
import { timedStep } from './tools.js';

const STEPS = {
  bundle: [
    'bundle -> generated/openapi.yaml, openapi.json, operations.json, sdk-method-names.json, sdk-methods.json; api.md',
    () => bundleInto('generated'),
  ],
  types: ['types -> generated/schema.d.ts', () => generateTypesInto('generated')],
  /** The library (it imports the types and the operation index) and the emulator (it imports the library). */
  packages: [PACKAGES_STEP, buildPackages],
  lint: [
    'lint (Redocly recommended-strict on the source, Spectral oas + OWASP + project rules on the bundle)',
    async () => {
      const report = await lintBundle('generated/openapi.yaml', await lintSource());
      if (!report.ok) throw new Error(`Lint failed:\n${report.output}`);
    },
  ],
  docs: [
    'docs -> dist/docs/index.html',
    async () => {
      await buildDocs(JSON.parse(await readFile('generated/openapi.json', 'utf8')) as OpenApiDocument);
    },
  ],
  /** The published site: the docs' description with its samples, and the emulator's build, in the console. */
  site: [`site -> ${siteDir}/`, buildSite],
} satisfies Record<string, [string, () => Promise<unknown>]>;
export type StepName = keyof typeof STEPS;

export interface BuildOptions {
  concurrent: boolean;
  /** Told each step's wall time as it ends (bench:build shows where the time goes). */
  onStep?: (step: StepName, ms: number) => void;
}

export async function runBuild({ concurrent, onStep }: BuildOptions): Promise<void> {
  const run = async (step: StepName) => {
    const started = performance.now();
    const [name, work] = STEPS[step];
    await timedStep(name, work);
    onStep?.(step, performance.now() - started);
  };
  if (!concurrent) {
    for (const step of Object.keys(STEPS) as StepName[]) await run(step);
    return;
  }
  // Two lanes for two cores, each step after the one before: every step at once put four processes
  // on two cores and slowed the compile, which decides the time. The types come from the source, so
  // they are made beside the bundle; the compile then runs beside the checks of the bundle.
  await Promise.all([run('bundle'), run('types')]);
  await Promise.all([
    run('packages'),
    (async () => {
      await run('lint');
      await run('docs');
    })(),
  ]);
  await run('site');
}
