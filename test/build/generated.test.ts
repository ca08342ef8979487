// generated/ is what the build derives from openapi/ now (npm run check:generated): every other unit
// test reads the types, the operation index and the bundle from there, so it runs with them. The
// derivation (Redocly's bundle and openapi-typescript, about 4 s) is made once and held against both.
import { appendFile, cp, mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deriveGenerated, staleAgainst } from '../../scripts/lib/generate.js';

describe('generated/', () => {
  let derived: string;
  beforeAll(async () => {
    derived = await mkdtemp(path.join(os.tmpdir(), 'cloud-api-generated-'));
    await deriveGenerated(derived);
  });
  afterAll(() => rm(derived, { recursive: true, force: true }));

  it('generated/ is exactly what the build derives now', async () => {
    expect(await staleAgainst(derived)).toEqual([]);
  });

  it('names a generated file that was edited by hand', async () => {
    const copy = await mkdtemp(path.join(os.tmpdir(), 'cloud-api-tampered-'));
    try {
      await cp('generated', copy, { recursive: true });
      await appendFile(path.join(copy, 'schema.d.ts'), '// edited by hand\n');
      expect(await staleAgainst(derived, copy)).toEqual([path.join(copy, 'schema.d.ts')]);
    } finally {
      await rm(copy, { recursive: true, force: true });
    }
  });
});
