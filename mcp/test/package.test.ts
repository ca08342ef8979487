// The cloud-platform-mcp package as it ships: the bin and the bundle, no source or tests; the bundle's
// imports are exactly the package's dependencies, at the versions installed here (the ones the tests
// ran), and none of this project's packages; and nothing but package.json is importable.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { packedFiles } from '../../test-kit/packed.js';

const mcpRoot = path.join(import.meta.dirname, '..');
const manifest = JSON.parse(readFileSync(path.join(mcpRoot, 'package.json'), 'utf8')) as {
  bin: Record<string, string>;
  dependencies: Record<string, string>;
  devDependencies: Record<string, string>;
  exports: Record<string, string>;
};

/** The package a bare specifier names: `@scope/name/x.js` -> `@scope/name`. */
const packageOf = (specifier: string) =>
  specifier
    .split('/')
    .slice(0, specifier.startsWith('@') ? 2 : 1)
    .join('/');

/**
 * Every specifier the bundle loads from outside it: its import statements (each on a line of its own, as
 * rolldown writes them, so an example in a doc comment is not one), what its require() calls name, and
 * the packages it imports when first needed (`import("yaml")`).
 */
function bundleSpecifiers(): string[] {
  const dist = path.join(mcpRoot, 'dist');
  const files = readdirSync(dist, { recursive: true, encoding: 'utf8' }).filter((file) => file.endsWith('.js'));
  const code = files.map((file) => readFileSync(path.join(dist, file), 'utf8')).join('\n');
  const found = [
    ...code.matchAll(/^import\b(?:[^;]*?\bfrom)?\s*"([^"]+)";$|\brequire\("([^"]+)"\)|\bimport\("([^".][^"]*)"\)/gm),
  ].map((m) => (m[1] ?? m[2] ?? m[3])!);
  return [...new Set(found.filter((specifier) => !/^(\.|node:)/.test(specifier)))];
}

/**
 * The version of a package the bundle loads, found as Node finds it from the package's folder: its own
 * node_modules first (where npm puts a version another workspace's dependency keeps from the root), then the root's.
 */
function installedVersion(name: string): string {
  const where = [mcpRoot, path.join(mcpRoot, '..')]
    .map((dir) => path.join(dir, 'node_modules', name, 'package.json'))
    .find((file) => existsSync(file));
  return (JSON.parse(readFileSync(where!, 'utf8')) as { version: string }).version;
}

describe('the cloud-platform-mcp package', () => {
  it('ships the bin, the bundle, the README and the licence, and no source, tests or node_modules', () => {
    const files = packedFiles(mcpRoot);
    for (const file of ['bin/cloud-platform-mcp.js', 'dist/cli.js', 'dist/run-command.js', 'README.md', 'LICENSE'])
      expect(files, file).toContain(file);
    expect(files.filter((f) => /^(src|test|node_modules)\//.test(f))).toEqual([]);
  }, 60_000);

  it('has one command, named as the package is', () => {
    expect(manifest.bin).toEqual({ 'cloud-platform-mcp': 'bin/cloud-platform-mcp.js' });
  });

  it("bundles this project's packages, so they are no dependency: at most a devDependency, pinned to this version", () => {
    expect(bundleSpecifiers().filter((s) => s.startsWith('cloud-platform-'))).toEqual([]);
    const own = Object.keys(manifest.dependencies).filter((name) => name.startsWith('cloud-platform-'));
    expect(own).toEqual([]);
    const { version } = JSON.parse(readFileSync(path.join(mcpRoot, 'package.json'), 'utf8')) as { version: string };
    for (const name of ['cloud-platform-api', 'cloud-platform-emulator'])
      expect(manifest.devDependencies[name], name).toBe(version);
  });

  it('lists as dependencies exactly the registry packages the bundle loads, each at the version installed here', () => {
    const loaded = bundleSpecifiers().map(packageOf);
    expect(Object.keys(manifest.dependencies).sort()).toEqual([...new Set(loaded)].sort());
    expect(loaded).toContain('@modelcontextprotocol/server');
    expect(loaded).not.toContain('@modelcontextprotocol/sdk');
    for (const [name, pinned] of Object.entries(manifest.dependencies))
      expect(pinned, name).toBe(installedVersion(name));
  });

  it.each([
    ['the package itself: it has no library entry', 'cloud-platform-mcp'],
    ['the bundle', 'cloud-platform-mcp/dist/cli.js'],
    ['the source', 'cloud-platform-mcp/src/server.ts'],
    ['the bin', 'cloud-platform-mcp/bin/cloud-platform-mcp.js'],
    ['a climb out of the package', 'cloud-platform-mcp/../cloud-platform-emulator/package.json'],
  ])('refuses an import of %s', (_what, specifier) => {
    // Node's own resolution, which vitest's would not show: the package's exports decide.
    expect(() => createRequire(import.meta.url).resolve(specifier)).toThrow(
      expect.objectContaining({
        code: expect.stringMatching(/^ERR_(PACKAGE_PATH_NOT_EXPORTED|INVALID_MODULE_SPECIFIER|MODULE_NOT_FOUND)$/),
      }),
    );
  });

  it('exports its package.json, and nothing else', async () => {
    expect(manifest.exports).toEqual({ './package.json': './package.json' });
    const { default: own } = (await import('cloud-platform-mcp/package.json', { with: { type: 'json' } })) as {
      default: { name: string };
    };
    expect(own.name).toBe('cloud-platform-mcp');
  });
});
