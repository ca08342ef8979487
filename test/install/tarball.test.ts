// The client and the emulator as a user installs them from their tarballs (npm pack), on the Node line running the
// suite: ESM import and require() of every export, and the bins. Install scripts are skipped, so the
// SQLite binding is not built; nothing here opens a state file.
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { projectRoot } from '../helpers/sources.js';
import { expectUsable, fetchInstalledDocs, freshProject, packedTarball, run } from './installed.js';

describe(`the packages installed from tarballs, on Node ${process.versions.node}`, () => {
  it('import and require() every export, run the bins, the emulator serves its docs page, and no MCP SDK comes', async () => {
    const project = freshProject('tarball-install-');
    const tarballs = [projectRoot, path.join(projectRoot, 'emulator')].map((dir) => packedTarball(dir, project));
    const install = run('npm', ['install', '--ignore-scripts', '--omit=dev', ...tarballs, 'msw@2'], project);
    expect(install.status, install.stderr).toBe(0);
    expectUsable(project, { emulator: true });
    // The MCP server is a package of its own (cloud-platform-mcp): the SDK comes with it alone.
    expect(existsSync(path.join(project, 'node_modules', '@modelcontextprotocol', 'sdk'))).toBe(false);
    // The docs page comes with the emulator package: an installed emulator serves it.
    const docs = await fetchInstalledDocs(project);
    expect(docs.status).toBe(200);
    expect(docs.text).toContain('<elements-api');
    expect(Object.keys(docs.files)).toEqual(
      expect.arrayContaining([
        '/docs/elements/web-components.min.js',
        '/docs/elements/styles.min.css',
        '/docs/openapi.json',
      ]),
    );
    expect(
      Object.values(docs.files).every((status) => status === 200),
      JSON.stringify(docs.files),
    ).toBe(true);
  }, 240_000);

  it('a client-only install (cloud-platform-api alone) pulls in no MCP SDK, nothing it brings, and no SQLite binding', () => {
    const project = freshProject('client-only-install-');
    const install = run(
      'npm',
      ['install', '--ignore-scripts', '--omit=dev', packedTarball(projectRoot, project)],
      project,
    );
    expect(install.status, install.stderr).toBe(0);
    expectUsable(project, { emulator: false });
    const dependencies = (dir: string) =>
      Object.keys(
        (JSON.parse(readFileSync(path.join(dir, 'package.json'), 'utf8')) as { dependencies: Record<string, string> })
          .dependencies,
      );
    const clientDependencies = new Set(dependencies(projectRoot));
    // The MCP SDK and what it brings (an HTTP server framework among them), and the emulator's SQLite binding.
    const sdk = path.join(projectRoot, 'node_modules', '@modelcontextprotocol', 'sdk');
    const serverSide = ['@modelcontextprotocol/sdk', ...dependencies(sdk), 'better-sqlite3'].filter(
      (name) => !clientDependencies.has(name),
    );
    expect(serverSide).toEqual(expect.arrayContaining(['express', 'hono']));
    for (const name of serverSide) expect(existsSync(path.join(project, 'node_modules', name)), name).toBe(false);
  }, 240_000);
});
