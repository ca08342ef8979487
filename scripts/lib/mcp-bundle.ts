// Builds the cloud-platform-mcp package's dist/: one ES module bundle of its command with this
// project's own code in it (the client, the validator, the emulator), so the tarball installs alone,
// with no cloud-platform-api, cloud-platform-check or cloud-platform-emulator from a registry that has none. Every other
// package stays an import, each a dependency of cloud-platform-mcp (a test holds the two lists equal).
// The emulator's bin/run-command.js goes in beside it: the MCP command refuses an unsupported Node line
// as the emulator's does. Not minified and without a source map: the bundle reads as the source does.
import { rm } from 'node:fs/promises';
import path from 'node:path';
import { rolldown } from 'rolldown';

/** The client's compiled modules and the generated files they import, as the bundle reads them. */
const CLIENT_DIST = `${path.resolve('dist')}${path.sep}`;
const OWN_PACKAGES = /^cloud-platform-(api|check|emulator)(\/|$)/;

/** A bare specifier of a package from the registry (or node:), which the bundle leaves an import. */
export const isExternal = (id: string) => !/^[./]/.test(id) && !OWN_PACKAGES.test(id) && !/^[A-Za-z]:/.test(id);

export async function bundleMcp(): Promise<void> {
  await rm('mcp/dist', { recursive: true, force: true });
  const bundle = await rolldown({
    input: { cli: 'mcp/src/cli.ts', 'run-command': 'emulator/bin/run-command.js' },
    platform: 'node',
    external: isExternal,
    logLevel: 'warn',
    tsconfig: 'tsconfig.json',
  });
  try {
    await bundle.write({
      dir: 'mcp/dist',
      format: 'esm',
      entryFileNames: '[name].js',
      chunkFileNames: 'chunks/[name].js',
      // The client's modules loaded on demand (its failure path, the resource layer, another document's
      // readers) split a browser's bundle; a command reads them from disk, so they share one chunk.
      codeSplitting: { groups: [{ name: 'client', test: (id) => id.startsWith(CLIENT_DIST) }] },
    });
  } finally {
    await bundle.close();
  }
}
