// The checker package as it ships: what npm pack puts in it, and a validator that bundles for browsers.
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { build } from 'esbuild';
import { describe, expect, it } from 'vitest';
import { projectRoot } from '../../test/helpers/sources.js';

const checkRoot = path.join(projectRoot, 'check');

describe('the cloud-platform-check package', () => {
  it('ships both bins, the compiled checker and validator, the README and the LICENSE, but no sources or tests', () => {
    const pack = spawnSync('npm', ['pack', '--dry-run', '--json', '--ignore-scripts'], {
      cwd: checkRoot,
      encoding: 'utf8',
    });
    expect(pack.status, pack.stderr).toBe(0);
    const files = (JSON.parse(pack.stdout) as { files: { path: string }[] }[])[0]!.files.map((f) => f.path);
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
    const result = await build({
      entryPoints: [path.join(checkRoot, 'src', 'contract', 'index.ts')],
      bundle: true,
      platform: 'browser',
      format: 'esm',
      write: false,
      logLevel: 'silent',
    });
    const code = result.outputFiles[0]!.text;
    expect(code).not.toMatch(/from\s*["']node:|require\(["'](node:)?(fs|http|net|path|crypto|module)["']\)/);
  });
});
