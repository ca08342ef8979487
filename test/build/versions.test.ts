// The document's info.version and the package's version move together, and the changelog has the release.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { parse } from 'yaml';
import { describe, expect, it } from 'vitest';
import { bundled } from '../helpers/document.js';
import { projectRoot } from '../helpers/sources.js';

const pkg = JSON.parse(readFileSync(path.join(projectRoot, 'package.json'), 'utf8')) as { version: string };
const root = parse(readFileSync(path.join(projectRoot, 'openapi', 'openapi.yaml'), 'utf8')) as {
  info: { version: string };
};

describe('versions', () => {
  it("keeps info.version (source and bundle) equal to package.json's version, as semver", () => {
    expect(pkg.version).toMatch(/^\d+\.\d+\.\d+(-[0-9A-Za-z.-]+)?$/);
    expect(root.info.version).toBe(pkg.version);
    expect(bundled.info.version).toBe(pkg.version);
  });

  it('has a changelog entry for the current version', () => {
    expect(readFileSync(path.join(projectRoot, 'CHANGELOG.md'), 'utf8')).toMatch(
      new RegExp(`^## ${pkg.version.replaceAll('.', '\\.')} - \\d{4}-\\d{2}-\\d{2}$`, 'm'),
    );
  });
});
