// The packages as a user installs them from their tarballs (npm run tarballs), on the Node line running
// the suite: ESM import and require() of every export, and the bins. In the full install, install scripts
// are skipped, so the SQLite binding is not built; nothing here opens a state file. The client's install
// is the README's, as written, and prints nothing about the package.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { REPOSITORY_ONLY_FIELDS } from '../../scripts/lib/tarball.js';
import { projectRoot } from '../helpers/sources.js';
import { expectUsable, fetchInstalledDocs, freshProject, installedPackages, packedTarball, run } from './installed.js';

/** The library packages and their folders. */
const FOLDERS: Record<string, string> = {
  'cloud-platform-api': projectRoot,
  'cloud-platform-check': path.join(projectRoot, 'check'),
  'cloud-platform-emulator': path.join(projectRoot, 'emulator'),
};
const LIBRARIES = Object.keys(FOLDERS);
/**
 * The most a client + checker + emulator install may bring, every package counted, nested ones too: 42 in
 * the release that read any document (#53), 24 before. The checker gained what reading another document
 * takes: yaml, @apidevtools/json-schema-ref-parser (bundling local $refs, 4 packages), @scalar/openapi-upgrader
 * (3.0 read as 3.1, 3) and openapi-sampler (values from a schema, 11, most of them its XML samples').
 */
const FULL_INSTALL_BUDGET = 45;

describe(`the packages installed from tarballs, on Node ${process.versions.node}`, () => {
  it(`client, checker and emulator: at most ${FULL_INSTALL_BUDGET} packages, no MCP SDK; every export, both bins of the checker, the docs page`, async () => {
    const project = freshProject('tarball-install-');
    const tarballs = LIBRARIES.map((name) => packedTarball(FOLDERS[name]!, project));
    const install = run('npm', ['install', '--ignore-scripts', '--omit=dev', ...tarballs], project);
    expect(install.status, install.stderr).toBe(0);
    for (const name of LIBRARIES) {
      const manifest = JSON.parse(readFileSync(path.join(project, 'node_modules', name, 'package.json'), 'utf8'));
      expect(
        Object.keys(manifest).filter((field) => REPOSITORY_ONLY_FIELDS.includes(field)),
        name,
      ).toEqual([]);
    }
    const installed = installedPackages(project);
    process.stdout.write(`client + checker + emulator: ${installed.length} packages\n`);
    expect(installed.length, installed.join(' ')).toBeLessThanOrEqual(FULL_INSTALL_BUDGET);
    // The MCP server is a package of its own (cloud-platform-mcp): the SDK comes with it alone.
    expect(installed.filter((name) => name.startsWith('@modelcontextprotocol/'))).toEqual([]);
    // msw is the emulator's optional peer, installed by an app that uses its handlers.
    const msw = run('npm', ['install', '--ignore-scripts', '--omit=dev', 'msw@2'], project);
    expect(msw.status, msw.stderr).toBe(0);
    expectUsable(project, LIBRARIES);
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

  it('a client-only install (cloud-platform-api alone, as the README has it) says nothing of the package, and brings openapi-fetch and its helper types, nothing else', () => {
    const project = freshProject('client-only-install-');
    const install = run('npm', ['install', packedTarball(projectRoot, project)], project);
    expect(install.status, install.stderr).toBe(0);
    // npm 11 names a package whose manifest has install scripts, `prepare` too ("not yet covered by allowScripts").
    expect(`${install.stdout}${install.stderr}`).not.toContain('cloud-platform-api');
    expectUsable(project, ['cloud-platform-api']);
    expect(installedPackages(project).sort()).toEqual([
      'cloud-platform-api',
      'openapi-fetch',
      'openapi-typescript-helpers',
    ]);
  }, 240_000);
});
