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

export async function lintDocument(): Promise<LintReport> {
  const redocly = await runTool('redocly', ['lint', rootDocument, '--format', 'stylish']);
  const dir = await mkdtemp(path.join(os.tmpdir(), 'cloud-api-lint-'));
  try {
    const bundled = path.join(dir, 'openapi.yaml');
    await bundleDocument(bundled);
    const spectral = await runTool('spectral', ['lint', bundled, '--fail-severity=warn', '--ruleset', '.spectral.yaml']);
    return {
      ok: redocly.code === 0 && spectral.code === 0,
      output: `${redocly.output}\n${spectral.output}`,
    };
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
