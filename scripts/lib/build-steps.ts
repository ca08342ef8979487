// The build's steps, run after one bundle of the document: either at once where they do not depend on
// each other (what `npm run build` does), or one after another (the baseline bench:build measures).
import { readFile } from 'node:fs/promises';
import type { OpenApiDocument } from '../../src/contract/document.js';
import { buildDocs } from './docs.js';
import { bundleInto, generateTypesInto } from './generate.js';
import { buildEmulator, buildLibrary } from './library.js';
import { lintDocument } from './lint.js';
import { timedStep } from './tools.js';

const lint = async () => {
  const report = await lintDocument('generated/openapi.yaml');
  if (!report.ok) throw new Error(`Lint failed:\n${report.output}`);
};
const docs = async () => {
  await buildDocs(JSON.parse(await readFile('generated/openapi.json', 'utf8')) as OpenApiDocument);
};
/** Types, then the library that imports them, then the emulator that imports the library. */
const code = async () => {
  await timedStep('types -> generated/schema.d.ts', () => generateTypesInto('generated'));
  await timedStep('library -> dist/src (ESM + .d.ts)', buildLibrary);
  await timedStep('emulator -> emulator/dist/src (ESM + .d.ts)', buildEmulator);
};

export async function runBuild({ concurrent }: { concurrent: boolean }): Promise<void> {
  await timedStep('bundle -> generated/openapi.yaml, openapi.json, operations.json', () => bundleInto('generated'));
  const branches = [
    () => timedStep('lint (Redocly recommended-strict on the source, Spectral oas + OWASP + project rules on the bundle)', lint),
    () => timedStep('docs -> dist/docs/index.html', docs),
    code,
  ];
  if (concurrent) await Promise.all(branches.map((branch) => branch()));
  else for (const branch of branches) await branch();
}
