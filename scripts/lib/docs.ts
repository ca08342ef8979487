// Builds the offline Redoc site from the bundled document, and gives the emulator package what its
// interactive reference at /docs serves: Stoplight Elements' files and the document with its samples.
import { copyFile, mkdir, readFile, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import { listOperations, type OpenApiDocument } from '../../src/contract/document.js';
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
  await writeFile(source, `${JSON.stringify(withOperationIdShown(withCodeSamples(document)), null, 2)}\n`);
  const output = path.join(docsDir, 'index.html');
  await renderRedoc(source, output);
  await copyEmulatorDocs(source);
  return output;
}

/** Renders a document into one self-contained Redoc page that loads nothing from another origin. */
export async function renderRedoc(source: string, output: string): Promise<void> {
  // --inlineBundle embeds Redoc itself; without it the page loads Redoc from a CDN and breaks offline.
  await runToolOrFail('redocly', ['build-docs', source, '--output', output, '--inlineBundle']);
  await writeFile(output, (await readFile(output, 'utf8')).replace(CDN_LOGOS, LOCAL_LOGO));
}

/**
 * Each operation's description opens with its operationId: neither Redoc nor Elements shows it, and users
 * need it (`isApiError(e, 'getVideo')`, `faults.add({ operationId })`, `cloud-platform-validate --operation`).
 */
export function withOperationIdShown(document: OpenApiDocument): OpenApiDocument {
  const shown = structuredClone(document);
  for (const { operation } of listOperations(shown)) {
    operation.description = `operationId: \`${operation.operationId}\`\n\n${operation.description ?? ''}`.trimEnd();
  }
  return shown;
}

/** Where the emulator package keeps what /docs serves (inside its `files`). */
export const EMULATOR_DOCS_DIR = path.join('emulator', 'dist', 'docs');

/** Elements' bundle and styles, and their licence texts: the package ships them, so /docs works offline. */
const ELEMENTS_FILES = ['web-components.min.js', 'styles.min.css', 'LICENSE', 'web-components.min.js.LICENSE.txt'];

/** What buildDocs writes last in each place, for the check that a build is fresh. */
export const DOCS_OUTPUTS = [
  path.join(docsDir, 'index.html'),
  path.join(EMULATOR_DOCS_DIR, 'openapi.json'),
  ...ELEMENTS_FILES.map((file) => path.join(EMULATOR_DOCS_DIR, 'elements', file)),
];

async function copyEmulatorDocs(documentWithSamples: string): Promise<void> {
  // Made first: on a fresh clone the folder is not there, and the copies below run side by side.
  await mkdir(EMULATOR_DOCS_DIR, { recursive: true });
  await Promise.all([
    copyElements(EMULATOR_DOCS_DIR),
    copyFile(documentWithSamples, path.join(EMULATOR_DOCS_DIR, 'openapi.json')),
  ]);
}

/** Copies Elements' files from the installed package into `<dir>/elements/`: each console page loads them from there. */
export async function copyElements(dir: string): Promise<void> {
  const elements = path.dirname(createRequire(import.meta.url).resolve('@stoplight/elements/web-components.min.js'));
  await mkdir(path.join(dir, 'elements'), { recursive: true });
  await Promise.all(
    ELEMENTS_FILES.map((file) => copyFile(path.join(elements, file), path.join(dir, 'elements', file))),
  );
}
