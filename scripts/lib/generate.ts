// Derives generated/ from openapi/: the bundled document (YAML and JSON) and the TypeScript types.
// The same function writes generated/ in the build and a scratch copy in the drift check.
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { parse } from 'yaml';
import { bundleDocument } from './lint.js';
import { runToolOrFail } from './tools.js';

export const generatedFiles = ['openapi.yaml', 'openapi.json', 'schema.d.ts'] as const;

export async function bundleInto(outDir: string): Promise<void> {
  const yamlFile = path.join(outDir, 'openapi.yaml');
  await bundleDocument(yamlFile);
  const document: unknown = parse(await readFile(yamlFile, 'utf8'));
  await writeFile(path.join(outDir, 'openapi.json'), `${JSON.stringify(document, null, 2)}\n`);
}

export async function generateTypesInto(outDir: string): Promise<void> {
  await runToolOrFail('openapi-typescript', [
    path.join(outDir, 'openapi.yaml'),
    '--output',
    path.join(outDir, 'schema.d.ts'),
    '--redocly',
    'scripts/typegen.redocly.yaml',
  ]);
}

/** Derives generated/ afresh in a scratch folder and names every file in `committedDir` that differs. */
export async function findStaleGenerated(committedDir = 'generated'): Promise<string[]> {
  const scratch = await mkdtemp(path.join(os.tmpdir(), 'cloud-api-generated-'));
  try {
    await bundleInto(scratch);
    await generateTypesInto(scratch);
    const stale: string[] = [];
    for (const file of generatedFiles) {
      const fresh = await readFile(path.join(scratch, file), 'utf8');
      const committed = await readFile(path.join(committedDir, file), 'utf8').catch(() => undefined);
      if (committed !== fresh) stale.push(path.join(committedDir, file));
    }
    return stale;
  } finally {
    await rm(scratch, { recursive: true, force: true });
  }
}
