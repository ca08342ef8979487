// Fails when generated/ is not exactly what the build derives from openapi/ now: a stale or
// hand-edited file is reported by name.
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { bundleInto, generatedFiles, generateTypesInto } from './lib/generate.js';

const scratch = await mkdtemp(path.join(os.tmpdir(), 'cloud-api-generated-'));
try {
  await bundleInto(scratch);
  await generateTypesInto(scratch);
  const stale: string[] = [];
  for (const file of generatedFiles) {
    const fresh = await readFile(path.join(scratch, file), 'utf8');
    const committed = await readFile(path.join('generated', file), 'utf8').catch(() => undefined);
    if (committed !== fresh) stale.push(`generated/${file}`);
  }
  if (stale.length > 0) {
    process.stderr.write(`Stale or hand-edited: ${stale.join(', ')}. Run \`npm run build\` and commit generated/.\n`);
    process.exitCode = 1;
  } else {
    process.stdout.write(`generated/ is fresh (${generatedFiles.join(', ')})\n`);
  }
} finally {
  await rm(scratch, { recursive: true, force: true });
}
