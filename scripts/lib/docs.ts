// Builds the offline Redoc site from the bundled document.
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { OpenApiDocument } from '../../src/contract/document.js';
import { withCodeSamples } from './code-samples.js';
import { runToolOrFail } from './tools.js';

export const docsDir = 'dist/docs';

// Redoc loads its logo from a CDN, even with --inlineBundle, and has no option to turn it off.
// Offline that request fails with a console error, so the page gets a small local image instead.
const CDN_LOGOS = /https:\/\/cdn\.redoc\.ly\/redoc\/logo-mini(?:-full)?\.svg/g;
const LOCAL_LOGO = `data:image/svg+xml,${encodeURIComponent(
  "<svg xmlns='http://www.w3.org/2000/svg' width='64' height='14'><text x='0' y='11' font-family='sans-serif' font-size='11' fill='#666'>Redoc</text></svg>",
)}`;

/**
 * Writes the document the docs are rendered from (the bundle plus generated code samples), then
 * renders it into one self-contained HTML file.
 */
export async function buildDocs(document: OpenApiDocument): Promise<string> {
  await mkdir(docsDir, { recursive: true });
  const source = path.join(docsDir, 'openapi.json');
  await writeFile(source, `${JSON.stringify(withCodeSamples(document), null, 2)}\n`);
  const output = path.join(docsDir, 'index.html');
  // --inlineBundle embeds Redoc itself; without it the page loads Redoc from a CDN and breaks offline.
  await runToolOrFail('redocly', ['build-docs', source, '--output', output, '--inlineBundle']);
  const html = (await readFile(output, 'utf8')).replace(CDN_LOGOS, LOCAL_LOGO);
  await writeFile(output, html);
  // The emulator package ships the page too, so an installed emulator serves /docs.
  await mkdir(path.dirname(EMULATOR_DOCS_PAGE), { recursive: true });
  await writeFile(EMULATOR_DOCS_PAGE, html);
  return output;
}

/** Where the emulator package keeps its copy of the page (inside its `files`). */
export const EMULATOR_DOCS_PAGE = path.join('emulator', 'dist', 'docs', 'index.html');
