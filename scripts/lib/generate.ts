// Derives generated/ from openapi/: the bundled document (YAML and JSON) and the TypeScript types.
// The same function writes generated/ in the build and a scratch copy in the drift check.
import { readFile, writeFile } from 'node:fs/promises';
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
