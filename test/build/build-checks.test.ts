// The build's gates hold on the committed tree: lint has zero findings and generated/ is fresh.
import { cp, mkdtemp, rm, appendFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { documentOperations } from '../helpers/document.js';
import { findStaleGenerated } from '../../scripts/lib/generate.js';
import { lintDocument } from '../../scripts/lib/lint.js';
import { runTool } from '../../scripts/lib/tools.js';

describe('build gates', () => {
  it('lint (Redocly recommended-strict, Spectral with --fail-severity=warn) has zero findings', async () => {
    const report = await lintDocument();
    expect(report.output).toContain('Your API description is valid');
    expect(report.output).toContain("No results with a severity of 'warn' or higher found!");
    expect(report.ok).toBe(true);
  });

  it('redocly stats counts as many operations on the split source as the bundle holds', async () => {
    const stats = await runTool('redocly', ['stats', 'openapi/openapi.yaml', '--format', 'json']);
    expect(stats.code).toBe(0);
    const json = JSON.parse(stats.output.slice(stats.output.indexOf('{'), stats.output.lastIndexOf('}') + 1));
    expect(json.operations.metric).toBe('👷 Operations');
    expect(json.operations.total).toBe(documentOperations().length);
  });

  it('generated/ is exactly what the build derives now', async () => {
    expect(await findStaleGenerated()).toEqual([]);
  });

  it('names a generated file that was edited by hand', async () => {
    const copy = await mkdtemp(path.join(os.tmpdir(), 'cloud-api-tampered-'));
    try {
      await cp('generated', copy, { recursive: true });
      await appendFile(path.join(copy, 'schema.d.ts'), '// edited by hand\n');
      expect(await findStaleGenerated(copy)).toEqual([path.join(copy, 'schema.d.ts')]);
    } finally {
      await rm(copy, { recursive: true, force: true });
    }
  });
});
