// `npm run build:docs`: the docs step of the build on its own, from the committed generated/.
import { readFile } from 'node:fs/promises';
import type { OpenApiDocument } from '../src/contract/document.js';
import { buildDocs } from './lib/docs.js';
import { timedStep } from './lib/tools.js';

await timedStep('docs -> dist/docs/index.html', async () => {
  await buildDocs(JSON.parse(await readFile('generated/openapi.json', 'utf8')) as OpenApiDocument);
});
