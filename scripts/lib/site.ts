// The published site, dist/site/: the reference (Redoc), the console (Elements, answered by the emulator
// running in the page), llms.txt and a Markdown page per operation. Every link is relative and every page
// loads only files beside it, so the folder works from any static host, under any path, and from file://.
// Made from what the docs step built (dist/docs/openapi.json, the document with its samples) and the
// emulator's package build.
import { copyFile, mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { build, type Plugin } from 'esbuild';
import { listOperations, type OpenApiDocument } from '../../src/contract/document.js';
import { copyElements, docsDir, renderRedoc } from './docs.js';
import { llmsText, operationPage, operationPagePath } from './operation-pages.js';

export const siteDir = 'dist/site';
/** The description with its code samples, as the docs step wrote it. */
const described = path.join(docsDir, 'openapi.json');

/** What the reference says first: where the console is, and the index for agents. */
const REFERENCE_LEAD =
  '**Try it:** [the console](console.html) sends requests to an emulator running in your browser: no server, no account. ' +
  'For agents: [llms.txt](llms.txt), with a Markdown page per operation.';

export async function buildSite(): Promise<void> {
  await rm(siteDir, { recursive: true, force: true });
  await mkdir(path.join(siteDir, 'operations'), { recursive: true });
  const bundled = JSON.parse(await readFile('generated/openapi.json', 'utf8')) as OpenApiDocument;
  await Promise.all([
    renderReference(),
    bundleConsole(),
    copyElements(siteDir),
    copyFile(path.join('site', 'console.html'), path.join(siteDir, 'console.html')),
    copyFile('generated/openapi.json', path.join(siteDir, 'openapi.json')),
    writePages(bundled),
  ]);
}

/** Redoc over the described document, its description led by the link to the console. */
async function renderReference(): Promise<void> {
  const document = JSON.parse(await readFile(described, 'utf8')) as OpenApiDocument;
  document.info.description = `${REFERENCE_LEAD}\n\n${document.info.description ?? ''}`;
  const source = path.join(docsDir, 'site-reference.json');
  await writeFile(source, JSON.stringify(document));
  await renderRedoc(source, path.join(siteDir, 'index.html'));
  await rm(source);
}

/** `site:description` in the console's sources is the described document, bundled in. */
const descriptionModule: Plugin = {
  name: 'site-description',
  setup(builder) {
    builder.onResolve({ filter: /^site:description$/ }, () => ({ path: path.resolve(described) }));
  },
};

/**
 * `openapi-sampler` in the console's script is a stub: the emulator samples a schema only where a document
 * gives no example, and the console's document gives one for every answer, so the page does not carry
 * the sampler (and the XML parser it brings), about 38 KB.
 */
const noSampler: Plugin = {
  name: 'no-sampler',
  setup(builder) {
    builder.onResolve({ filter: /^openapi-sampler$/ }, () => ({ path: 'openapi-sampler', namespace: 'no-sampler' }));
    builder.onLoad({ filter: /.*/, namespace: 'no-sampler' }, () => ({
      contents:
        "export function sample() { throw new Error('The console carries no schema sampler: its document gives an example for every answer'); }",
      loader: 'js',
    }));
  },
};

/** The console's script with the emulator in it: one classic script, since file:// pages cannot load modules. */
async function bundleConsole(): Promise<void> {
  await build({
    entryPoints: [path.join('site', 'console.ts')],
    outfile: path.join(siteDir, 'console.js'),
    bundle: true,
    platform: 'browser',
    format: 'iife',
    target: 'es2022',
    minify: true,
    legalComments: 'eof',
    plugins: [descriptionModule, noSampler],
    logLevel: 'warning',
  });
}

async function writePages(document: OpenApiDocument): Promise<void> {
  await writeFile(path.join(siteDir, 'llms.txt'), llmsText(document));
  await Promise.all(
    listOperations(document).map((op) =>
      writeFile(path.join(siteDir, operationPagePath(op.operation.operationId)), operationPage(document, op)),
    ),
  );
}
