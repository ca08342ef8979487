// `npm run build:docs`: the docs step of the build on its own, from the committed generated/ (skipped when fresh).
import { readFile } from 'node:fs/promises';
import type { OpenApiDocument } from '../src/contract/document.js';
import { buildDocs, DOCS_OUTPUTS } from './lib/docs.js';
import { unlessFresh } from './lib/fresh.js';
import { timedStep } from './lib/tools.js';

await unlessFresh('build-docs', DOCS_OUTPUTS, () =>
  timedStep('docs -> dist/docs/index.html', async () => {
    await buildDocs(JSON.parse(await readFile('generated/openapi.json', 'utf8')) as OpenApiDocument);
  }),
);
