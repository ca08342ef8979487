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

  // One tsc run for both tests below (a run costs about 3 s of CPU): every sample, and getVideo's drifted beside them.
  const DRIFTED = 'getVideo-drifted.ts';
  let checked: ReturnType<typeof typeCheck> | undefined;
  const samplesChecked = () => {
    const sources = withSamples.map(({ operation }) => [
      operation.operationId as string,
      samplesOf(operation)[1]!.source,
    ]);
    const getVideo = sources.find(([id]) => id === 'getVideo')![1]!;
    const drifted = getVideo.replace('video_id: 1444', 'video_id: "1444"');
    expect(drifted).not.toBe(getVideo);
    checked ??= typeCheck('code-samples', {
      ...Object.fromEntries(sources.map(([id, source]) => [`${id}.ts`, source])),
      [DRIFTED]: drifted,
    });
    return checked;
  };
  /** Whether tsc's line is about the drifted file (named from the folder tsc ran in). */
  const inDrifted = (line: string) => /(^|\/)getVideo-drifted\.ts\(/.test(line);
  /** tsc's error lines, each naming the file it is in (an error of no file names none). */
  const errorLines = (result: ReturnType<typeof typeCheck>) =>
    result.stdout.split('\n').filter((line) => /error TS\d+/.test(line));

  it('compile with tsc against the package (TypeScript samples)', () => {
    const result = samplesChecked();
    expect(result.stderr).toBe('');
    expect(errorLines(result).filter((line) => !inDrifted(line))).toEqual([]);
  }, 60_000);

  it('would fail the check if a sample drifted from the document', () => {
    const result = samplesChecked();
    expect(result.status).not.toBe(0);
    expect(errorLines(result).filter(inDrifted).length).toBeGreaterThan(0);
  }, 60_000);
});
