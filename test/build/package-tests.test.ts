// Each package runs its own tests (`npm test -w <package>`), with its own helpers and the shared test kit
// (test-kit/): no file of a package reaches into the root's test/, whose helpers are the root's alone.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { projectRoot } from '../../test-kit/project-root.js';
import { trackedFiles } from '../helpers/tracked-files.js';

const PACKAGES = ['check', 'emulator', 'mcp'];

/** The relative module specifiers a file names: static and dynamic imports, re-exports, and vi.mock paths. */
function relativeSpecifiers(text: string): string[] {
  const found = text.matchAll(
    /(?:\bfrom\s*|\bimport\s*\(\s*|\bimport\s+|\bvi\.(?:do)?[mM]ock\(\s*)(['"])(\.[^'"]*)\1/g,
  );
  return [...found].map((match) => match[2]!);
}

/** The specifiers of `file` (a path from the root) that resolve into the root's test/ folder. */
function rootTestImports(file: string, text: string): string[] {
  return relativeSpecifiers(text).filter((specifier) => {
    const target = path.posix.normalize(path.posix.join(path.posix.dirname(file), specifier));
    return target === 'test' || target.startsWith('test/');
  });
}

const packageFiles = PACKAGES.flatMap((name) =>
  ['*.ts', '*.js', '*.mts', '*.cts'].flatMap((glob) => trackedFiles(`${name}/${glob}`)),
);

describe("the packages' tests", () => {
  it("import nothing from the root's test/", () => {
    expect(packageFiles.length).toBeGreaterThan(100);
    const offending = Object.fromEntries(
      packageFiles
        .map((file) => [file, rootTestImports(file, readFileSync(path.join(projectRoot, file), 'utf8'))] as const)
        .filter(([, found]) => found.length > 0),
    );
    expect(offending).toEqual({});
  });

  it.each(PACKAGES)('%s has a test script that runs its own unit-lane tests', (name) => {
    const manifest = JSON.parse(readFileSync(path.join(projectRoot, name, 'package.json'), 'utf8')) as {
      scripts?: Record<string, string>;
    };
    expect(manifest.scripts?.test).toBe(`cd .. && npm run build:lib && vitest run --project unit ${name}/test/`);
  });

  it.each([
    [
      'a static import climbing to the root test/',
      'emulator/test/core/x.test.ts',
      "from '../../../test/helpers/a.js'",
      1,
    ],
    ['a type import', 'mcp/test/x.test.ts', "import type { A } from '../../test/helpers/a.js';", 1],
    ['a re-export', 'emulator/test/helpers/e.ts', "export { a } from '../../../test/helpers/a.js';", 1],
    ['a dynamic import', 'check/test/x.test.ts', "await import('../../test/helpers/a.js')", 1],
    ['a side-effect import', 'check/test/x.test.ts', "import '../../test/setup.js';", 1],
    ['a mocked module', 'check/test/x.test.ts', "vi.doMock('../../test/helpers/a.js', () => ({}))", 1],
    ['the test kit', 'check/test/x.test.ts', "from '../../test-kit/http-server.js'", 0],
    ["the package's own helpers", 'emulator/test/core/x.test.ts', "from '../helpers/emulator.js'", 0],
    ["a package's own test/ folder", 'emulator/bench/x.ts', "from '../test/helpers/emulator.js'", 0],
    ['a package import', 'mcp/test/x.test.ts', "from 'cloud-platform-api/toolbox'", 0],
  ])('the check finds %s', (_case, file, text, count) => {
    expect(rootTestImports(file, text)).toHaveLength(count);
  });
});
