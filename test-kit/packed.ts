// A package as npm would ship it, and its code as a browser bundler would load it: what each package's
// own test checks its files and its browser fitness against.
import { spawnSync } from 'node:child_process';
import { build } from 'esbuild';
import { expect } from 'vitest';

/** The files `npm pack` puts in the package at `dir` (scripts skipped: the suite has built it). */
export function packedFiles(dir: string): string[] {
  const pack = spawnSync('npm', ['pack', '--dry-run', '--json', '--ignore-scripts'], { cwd: dir, encoding: 'utf8' });
  expect(pack.status, pack.stderr).toBe(0);
  return (JSON.parse(pack.stdout) as { files: { path: string }[] }[])[0]!.files.map((file) => file.path);
}

/** Node's modules a browser has not: an import of `node:*`, or a require() of the named ones. */
export const nodeOnly = (modules: readonly string[]) =>
  new RegExp(`from\\s*["']node:|require\\(["'](node:)?(${modules.join('|')})["']\\)`);

/** The entry point bundled by esbuild for a browser, as one ES module's text. */
export async function browserBundle(entry: string, external: string[] = []): Promise<string> {
  const result = await build({
    entryPoints: [entry],
    bundle: true,
    platform: 'browser',
    format: 'esm',
    write: false,
    logLevel: 'silent',
    external,
  });
  return result.outputFiles[0]!.text;
}
