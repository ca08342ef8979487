// The build: lint -> bundle -> types -> docs -> library -> emulator. Each step prints its time; the first failure stops it.
import { readFile } from 'node:fs/promises';
import type { OpenApiDocument } from '../src/contract/document.js';
import { buildDocs } from './lib/docs.js';
import { bundleInto, generateTypesInto } from './lib/generate.js';
import { buildEmulator, buildLibrary } from './lib/library.js';
import { lintDocument } from './lib/lint.js';
import { timedStep } from './lib/tools.js';

const started = performance.now();

await timedStep('lint (Redocly recommended-strict, Spectral oas + OWASP + project rules)', async () => {
  const report = await lintDocument();
  if (!report.ok) throw new Error(`Lint failed:\n${report.output}`);
});
await timedStep('bundle -> generated/openapi.yaml, openapi.json, operations.json', () => bundleInto('generated'));
await timedStep('types -> generated/schema.d.ts', () => generateTypesInto('generated'));
await timedStep('docs -> dist/docs/index.html', async () => {
  await buildDocs(JSON.parse(await readFile('generated/openapi.json', 'utf8')) as OpenApiDocument);
});
await timedStep('library -> dist/src (ESM + .d.ts)', buildLibrary);
await timedStep('emulator -> emulator/dist/src (ESM + .d.ts)', buildEmulator);

process.stdout.write(`Build finished in ${Math.round(performance.now() - started)} ms\n`);
