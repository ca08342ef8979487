// Lints the hand-written document: Redocly on the split source, then Spectral on a bundle of it
// (Spectral's resolver cannot follow the brace-named path files or the markdown `$ref`s).
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { runTool, runToolOrFail } from './tools.js';

export const rootDocument = 'openapi/openapi.yaml';

export async function bundleDocument(outFile: string): Promise<void> {
  await runToolOrFail('redocly', ['bundle', rootDocument, '--output', outFile]);
}

export interface LintReport {
  ok: boolean;
  output: string;
}

/** Lints the source with Redocly and a bundle of it with Spectral, at once; the bundle is made when not given. */
export async function lintDocument(bundled?: string): Promise<LintReport> {
  const dir = bundled ? undefined : await mkdtemp(path.join(os.tmpdir(), 'cloud-api-lint-'));
  try {
    const bundle = bundled ?? path.join(dir!, 'openapi.yaml');
    const redocly = runTool('redocly', ['lint', rootDocument, '--format', 'stylish']);
    if (!bundled) await bundleDocument(bundle);
    const [source, spectral] = await Promise.all([redocly, runTool('spectral', ['lint', bundle, '--fail-severity=warn', '--ruleset', '.spectral.yaml'])]);
    return { ok: source.code === 0 && spectral.code === 0, output: `${source.output}\n${spectral.output}` };
  } finally {
    if (dir) await rm(dir, { recursive: true, force: true });
  }
}
