// The emulator package as it ships: what npm pack puts in it, and a core that bundles for browsers.
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { build } from 'esbuild';
import { describe, expect, it } from 'vitest';

const emulatorRoot = path.resolve('emulator');

describe('the cloud-platform-emulator package', () => {
  it('ships the bin, the compiled core, adapters and stores, and the fixtures, but no tests', () => {
    const pack = spawnSync('npm', ['pack', '--dry-run', '--json', '--ignore-scripts'], {
      cwd: emulatorRoot,
      encoding: 'utf8',
    });
    expect(pack.status, pack.stderr).toBe(0);
    const files = (JSON.parse(pack.stdout) as { files: { path: string }[] }[])[0]!.files.map((f) => f.path);
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
      const result = await build({
        entryPoints: [path.join(emulatorRoot, entry)],
        bundle: true,
        platform: 'browser',
        format: 'esm',
        write: false,
        logLevel: 'silent',
        external: ['msw'],
      });
      const code = result.outputFiles[0]!.text;
      expect(code).not.toMatch(/from\s*["']node:|require\(["'](node:)?(fs|http|net|path|crypto|better-sqlite3)["']\)/);
    },
  );
});
