// Compiles src/, check/src/ and emulator/src/ to each package's dist/ (ESM + .d.ts), in one `tsc -b`:
// one compiler process reads the standard library and Node's types once for all three. Each compiles
// against the declarations of the packages below it (src -> check -> emulator), so they go in that order.
// Incremental: each project references the ones below, so tsc -b compiles it again when their
// declarations change, and a build with nothing changed (npm test after npm ci) takes no time.
// tsc does not copy .d.ts inputs: the generated types go beside the compiled operation index, where
// dist/src/*.d.ts (and so the emulator's compile) expects them.
// The MCP package is bundled from both compiles' output, so it comes last (mcp-bundle.ts says why).
import { copyFile, mkdir, readFile, writeFile } from 'node:fs/promises';
import { bundleMcp } from './mcp-bundle.js';
import { runToolOrFail } from './tools.js';

export const PACKAGES_STEP =
  'library, checker, emulator -> dist/src, check/dist/src, emulator/dist/src (ESM + .d.ts); MCP server -> mcp/dist (one bundle)';

/** One file of each package the step builds, for the check that a build is fresh. */
export const PACKAGE_OUTPUTS = [
  'dist/src/index.js',
  'dist/generated/schema.d.ts',
  'check/dist/src/check/index.js',
  'emulator/dist/src/index.js',
  'emulator/dist/src/adapters/msw.d.cts',
  'mcp/dist/cli.js',
];

export async function buildPackages(): Promise<void> {
  await mkdir('dist/generated', { recursive: true });
  for (const types of ['schema.d.ts', 'key-header.d.ts', 'sdk-methods.d.ts'])
    await copyFile(`generated/${types}`, `dist/generated/${types}`);
  await runToolOrFail('tsc', [
    '-b',
    'tsconfig.build.json',
    'check/tsconfig.build.json',
    'emulator/tsconfig.build.json',
  ]);
  await writeCommonJsMswTypes();
  await bundleMcp();
}

const MSW_TYPES = 'emulator/dist/src/adapters/msw.d.ts';

/**
 * msw ships one set of type files for `import` and another for `require`, and TypeScript counts their
 * classes as different types. A CommonJS project's `setupServer` takes msw's `require` types, so the
 * `require` condition of `cloud-platform-emulator/msw` is a CommonJS entry (it requires the ES module,
 * as Node 22.12+ can) whose types are a copy of the adapter's that reads msw the same way; the
 * emulator's own types stay ES module types.
 */
async function writeCommonJsMswTypes(): Promise<void> {
  const esm = await readFile(MSW_TYPES, 'utf8');
  const own = /from '(\.{1,2}\/[^']+)';/g;
  if (!own.test(esm))
    throw new Error(`${MSW_TYPES} imports none of the emulator's own types: the copy's rewrite is stale`);
  await writeFile(
    MSW_TYPES.replace(/\.d\.ts$/, '.d.cts'),
    esm.replace(own, "from '$1' with { 'resolution-mode': 'import' };"),
  );
  await writeFile(MSW_TYPES.replace(/\.d\.ts$/, '.cjs'), "'use strict';\nmodule.exports = require('./msw.js');\n");
}
