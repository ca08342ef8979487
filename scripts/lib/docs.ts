// Builds the offline Redoc site from the bundled document.
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { runToolOrFail } from './tools.js';

export const docsDir = 'dist/docs';

/** Writes the document the docs are rendered from, then renders it into one self-contained HTML file. */
export async function buildDocs(document: object): Promise<string> {
  await mkdir(docsDir, { recursive: true });
  const source = path.join(docsDir, 'openapi.json');
  await writeFile(source, `${JSON.stringify(document, null, 2)}\n`);
  const output = path.join(docsDir, 'index.html');
  // --inlineBundle embeds Redoc itself; without it the page loads Redoc from a CDN and breaks offline.
  await runToolOrFail('redocly', ['build-docs', source, '--output', output, '--inlineBundle']);
  return output;
}
