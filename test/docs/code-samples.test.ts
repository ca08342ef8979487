// Every operation has curl and TypeScript samples in the bundle the docs are rendered from, and the
// TypeScript samples compile against this package, so they cannot rot.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { withCodeSamples, type CodeSample } from '../../scripts/lib/code-samples.js';
import type { OpenApiDocument } from '../../src/contract/document.js';
import { bundled, documentOperations } from '../../test-kit/document.js';
import { projectRoot, seedOperations } from '../helpers/sources.js';

const withSamples = documentOperations(withCodeSamples(bundled as OpenApiDocument) as never);
const samplesOf = (operation: Record<string, unknown>) => operation['x-codeSamples'] as CodeSample[];

/** Writes TypeScript files into a folder inside the project (so the package name resolves) and runs tsc on them. */
function typeCheck(folder: string, files: Record<string, string>) {
  const dir = path.join(projectRoot, 'test-results', folder);
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  for (const [name, source] of Object.entries(files)) writeFileSync(path.join(dir, name), source);
  const tsconfig = {
    compilerOptions: {
      target: 'ES2022',
      module: 'NodeNext',
      moduleResolution: 'NodeNext',
      strict: true,
      noEmit: true,
      skipLibCheck: true,
      types: ['node'],
    },
    include: ['*.ts'],
  };
  writeFileSync(path.join(dir, 'tsconfig.json'), JSON.stringify(tsconfig));
  return spawnSync(path.join(projectRoot, 'node_modules', '.bin', 'tsc'), ['-p', dir], { encoding: 'utf8' });
}

describe('code samples', () => {
  it('cover every operation with curl and TypeScript', () => {
    expect(withSamples).toHaveLength(seedOperations().length);
    for (const { method, path: route, operation } of withSamples) {
      const samples = samplesOf(operation);
      expect(samples.map((s) => s.lang)).toEqual(['Shell', 'TypeScript']);
      expect(samples[0]!.source).toContain(`curl -X ${method} 'https://api.gcore.com`);
      expect(samples[0]!.source).toContain('Authorization: apikey $GCORE_API_KEY');
      expect(samples[1]!.source).toContain(`client.${method}('${route}'`);
    }
  });

  it('are in the bundle the docs are built from', () => {
    const docsBundle = path.join(projectRoot, 'dist', 'docs', 'openapi.json');
    expect(existsSync(docsBundle), 'npm run build:docs has run').toBe(true);
    const built = documentOperations(JSON.parse(readFileSync(docsBundle, 'utf8')));
    expect(built.map((o) => samplesOf(o.operation))).toEqual(withSamples.map((o) => samplesOf(o.operation)));
  });

  it('compile with tsc against the package (TypeScript samples)', () => {
    const files = Object.fromEntries(
      withSamples.map(({ operation }) => [`${operation.operationId}.ts`, samplesOf(operation)[1]!.source]),
    );
    const result = typeCheck('code-samples', files);
    expect(result.stdout + result.stderr).toBe('');
    expect(result.status).toBe(0);
  }, 60_000);

  it('would fail the check if a sample drifted from the document', () => {
    const sample = samplesOf(withSamples.find((o) => o.operation.operationId === 'getVideo')!.operation)[1]!.source;
    const drifted = sample.replace('video_id: 1444', 'video_id: "1444"');
    expect(drifted).not.toBe(sample);
    const result = typeCheck('code-samples-drifted', { 'getVideo.ts': drifted });
    expect(result.status).not.toBe(0);
    expect(result.stdout).toContain('getVideo.ts');
  }, 60_000);
});
