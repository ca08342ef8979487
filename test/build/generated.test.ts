// generated/ is what the build derives from openapi/ now (npm run check:generated): every other unit
// test reads the types, the operation index and the bundle from there, so it runs with them.
import { appendFile, cp, mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { findStaleGenerated } from '../../scripts/lib/generate.js';

describe('generated/', () => {
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
