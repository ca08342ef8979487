// Lints the hand-written document: Redocly on the split source, then Spectral on a bundle of it
// (Spectral's resolver cannot follow the brace-named path files or the markdown `$ref`s).
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { runTool, runToolOrFail, type ToolResult } from './tools.js';

export const rootDocument = 'openapi/openapi.yaml';

export async function bundleDocument(outFile: string): Promise<void> {
  await runToolOrFail('redocly', ['bundle', rootDocument, '--output', outFile]);
}

export interface LintReport {
  ok: boolean;
  output: string;
}

/** Redocly on the split source: it needs no bundle. */
export const lintSource = () => runTool('redocly', ['lint', rootDocument, '--format', 'stylish']);

/** Spectral on a bundle of the document, reported with the source's lint (running or done). */
export async function lintBundle(bundle: string, source: ToolResult | Promise<ToolResult>): Promise<LintReport> {
  const spectral = await runTool('spectral', ['lint', bundle, '--fail-severity=warn', '--ruleset', '.spectral.yaml']);
  const redocly = await source;
  return { ok: redocly.code === 0 && spectral.code === 0, output: `${redocly.output}\n${spectral.output}` };
}

/** Lints the source with Redocly while it bundles the document and runs Spectral on the bundle. */
export async function lintDocument(): Promise<LintReport> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'cloud-api-lint-'));
  try {
    const bundle = path.join(dir, 'openapi.yaml');
    const source = lintSource();
    await bundleDocument(bundle);
    return await lintBundle(bundle, source);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
