// The build's lint gates hold on the committed tree: no finding, and the split source counts the bundle's operations.
import { describe, expect, it } from 'vitest';
import { documentOperations } from '../../test-kit/document.js';
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
});
