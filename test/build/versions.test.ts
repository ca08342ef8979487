// The document's info.version and the packages' versions move together, each package pins the others
// exactly, and the changelog has the release.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { parse } from 'yaml';
import { describe, expect, it } from 'vitest';
import { bundled } from '../../test-kit/document.js';
import { projectRoot } from '../helpers/sources.js';

interface Manifest {
  name: string;
  version: string;
  workspaces?: string[];
  dependencies?: Record<string, string>;
  devDependencies?: Record<string, string>;
  peerDependencies?: Record<string, string>;
}
const manifestIn = (dir: string) =>
  JSON.parse(readFileSync(path.join(projectRoot, dir, 'package.json'), 'utf8')) as Manifest;
const pkg = manifestIn('.');
const packages = [pkg, ...(pkg.workspaces ?? []).map(manifestIn)];
const root = parse(readFileSync(path.join(projectRoot, 'openapi', 'openapi.yaml'), 'utf8')) as {
  info: { version: string };
};

describe('versions', () => {
  it("keeps info.version (source and bundle) equal to package.json's version, as semver", () => {
    expect(pkg.version).toMatch(/^\d+\.\d+\.\d+(-[0-9A-Za-z.-]+)?$/);
    expect(root.info.version).toBe(pkg.version);
    expect(bundled.info.version).toBe(pkg.version);
  });

  it.each(packages.map((each) => [each.name, each] as const))(
    '%s has the one version, and names each of the other packages at exactly that version',
    (_name, manifest) => {
      expect(manifest.version).toBe(pkg.version);
      const own = new Set(packages.map((each) => each.name));
      const pinned = [manifest.dependencies, manifest.devDependencies, manifest.peerDependencies]
        .flatMap((list) => Object.entries(list ?? {}))
        .filter(([name]) => own.has(name));
      for (const [name, range] of pinned) expect(range, name).toBe(pkg.version);
    },
  );

  it('has a changelog entry for the current version', () => {
    expect(readFileSync(path.join(projectRoot, 'CHANGELOG.md'), 'utf8')).toMatch(
      new RegExp(`^## ${pkg.version.replaceAll('.', '\\.')} - \\d{4}-\\d{2}-\\d{2}$`, 'm'),
    );
  });
});
