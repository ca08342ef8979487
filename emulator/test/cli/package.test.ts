// The emulator package as it ships: what npm pack puts in it, and a core that bundles for browsers.
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { browserBundle, nodeOnly, packedFiles } from '../../../test-kit/packed.js';

const emulatorRoot = path.resolve('emulator');

describe('the cloud-platform-emulator package', () => {
  it('ships the bin, the compiled core, adapters and stores, and the fixtures, but no tests', () => {
    const files = packedFiles(emulatorRoot);
    for (const file of [
      'bin/cloud-platform-emulator.js',
      'dist/src/index.js',
      'dist/src/adapters/msw.js',
      'dist/src/server.js',
      'dist/src/store/sqlite.js',
      'dist/src/operations/fixtures/streaming.json',
      'README.md',
    ]) {
      expect(files, file).toContain(file);
    }
    expect(files.some((f) => f.startsWith('test/') || f.startsWith('src/') || f.startsWith('node_modules/'))).toBe(
      false,
    );
  }, 60_000);

  it.each(['src/index.ts', 'src/adapters/msw.ts'])(
    '%s bundles for the browser with nothing Node-only in it',
    async (entry) => {
      const code = await browserBundle(path.join(emulatorRoot, entry), ['msw']);
      expect(code).not.toMatch(nodeOnly(['fs', 'http', 'net', 'path', 'crypto', 'better-sqlite3']));
    },
  );
});
