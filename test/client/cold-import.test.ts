// What `import('cloud-platform-api')` loads in a fresh Node process: the client only, never the contract
// validator's Ajv (a client that only calls the API must not pay for it at every cold start). Ajv is
// CommonJS, so whatever loads it leaves it in require's cache; the contract entry, which does load it,
// shows that the probe sees it.
import { spawnSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { projectRoot } from '../helpers/sources.js';

/** The CommonJS modules of Ajv and ajv-formats that importing `specifier` loaded, in a fresh process. */
function ajvModulesLoadedBy(specifier: string): string[] {
  const probe = `import { createRequire } from 'node:module';
await import(${JSON.stringify(specifier)});
const cache = Object.keys(createRequire(import.meta.url).cache);
console.log(JSON.stringify(cache.filter((file) => /[\\\\/]node_modules[\\\\/]ajv(-formats)?[\\\\/]/.test(file))));`;
  const run = spawnSync(process.execPath, ['--input-type=module', '-e', probe], { cwd: projectRoot, encoding: 'utf8' });
  expect(run.status, run.stderr).toBe(0);
  return JSON.parse(run.stdout) as string[];
}

describe('a cold import of the client', () => {
  it('loads no Ajv module', () => {
    expect(ajvModulesLoadedBy('cloud-platform-api')).toEqual([]);
  });

  it('(the probe sees Ajv where it is loaded: cloud-platform-check/contract)', () => {
    expect(ajvModulesLoadedBy('cloud-platform-check/contract').length).toBeGreaterThan(0);
  });
});
