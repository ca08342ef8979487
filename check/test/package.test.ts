// The checker package as it ships: what npm pack puts in it, and a validator that bundles for browsers.
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { browserBundle, nodeOnly, packedFiles } from '../../test-kit/packed.js';
import { projectRoot } from '../../test-kit/project-root.js';

const checkRoot = path.join(projectRoot, 'check');

describe('the cloud-platform-check package', () => {
  it('ships both bins, the compiled checker and validator, the README and the LICENSE, but no sources or tests', () => {
    const files = packedFiles(checkRoot);
    for (const file of [
      'bin/cloud-platform-check.js',
      'bin/cloud-platform-validate.js',
      'dist/src/check/index.js',
      'dist/src/check/check-cli.js',
      'dist/src/contract/index.js',
      'dist/src/contract/index.d.ts',
      'dist/src/contract/validate-cli.js',
      'dist/src/contract/validate-response.js',
      'README.md',
      'LICENSE',
    ]) {
      expect(files, file).toContain(file);
    }
    expect(files.some((f) => /^(test|src|node_modules|generated)\//.test(f))).toBe(false);
  }, 60_000);

  it('its ./contract entry bundles for the browser with nothing Node-only in it', async () => {
    const code = await browserBundle(path.join(checkRoot, 'src', 'contract', 'index.ts'));
    expect(code).not.toMatch(nodeOnly(['fs', 'http', 'net', 'path', 'crypto', 'module']));
  });
});
