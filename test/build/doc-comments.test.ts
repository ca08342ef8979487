// Every export of every entry point of the packages has a /** */ comment an editor can show, and the
// functions people start from have an @example too. The entry points are read from the packages'
// `exports`, so a new one is held to this as soon as it is published.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { projectRoot } from '../helpers/sources.js';

/** The functions people start from: each shows how it is called. */
const WITH_EXAMPLE = [
  'createCloudClient',
  'unwrap',
  'operationById',
  'createContractValidator',
  'createResponseChecker',
  'createAnswerChecker',
  'checkContract',
  'createEmulator',
  'createMswHandlers',
  'startEmulatorServer',
];

type Exports = Record<string, string | Record<string, unknown>>;

/** The source file behind an `exports` entry's types: `./dist/src/x.d.ts` is `src/x.ts` of that package. */
function typesSource(packageDir: string, target: unknown): string | undefined {
  const types = JSON.stringify(target).match(/"types":"\.\/dist\/(src\/[^"]+)\.d\.ts"/)?.[1];
  return types === undefined ? undefined : path.join(packageDir, `${types}.ts`);
}

const entryPoints = ['', 'check', 'emulator'].flatMap((dir) => {
  const packageDir = path.join(projectRoot, dir);
  const { name, exports } = JSON.parse(readFileSync(path.join(packageDir, 'package.json'), 'utf8')) as {
    name: string;
    exports: Exports;
  };
  return Object.entries(exports).flatMap(([subpath, target]) => {
    const file = typesSource(packageDir, target);
    return file === undefined ? [] : [{ specifier: path.posix.join(name, subpath), file }];
  });
});

const program = ts.createProgram(
  entryPoints.map(({ file }) => file),
  {
    strict: true,
    module: ts.ModuleKind.NodeNext,
    moduleResolution: ts.ModuleResolutionKind.NodeNext,
    target: ts.ScriptTarget.ES2022,
    resolveJsonModule: true,
    noEmit: true,
  },
);
const checker = program.getTypeChecker();

/** Each export of a module: its name, its doc comment's text and whether that has an @example. */
function documented(file: string) {
  const module = checker.getSymbolAtLocation(program.getSourceFile(file)!)!;
  return checker.getExportsOfModule(module).map((exported) => {
    const symbol = exported.flags & ts.SymbolFlags.Alias ? checker.getAliasedSymbol(exported) : exported;
    return {
      name: exported.name,
      text: ts.displayPartsToString(symbol.getDocumentationComment(checker)).trim(),
      hasExample: symbol.getJsDocTags(checker).some((tag) => tag.name === 'example'),
    };
  });
}

describe('doc comments on the packages surface', () => {
  it('reads every entry point the packages publish', () => {
    expect(entryPoints.map(({ specifier }) => specifier)).toEqual(
      expect.arrayContaining([
        'cloud-platform-api',
        'cloud-platform-api/toolbox',
        'cloud-platform-check',
        'cloud-platform-check/contract',
        'cloud-platform-emulator/msw',
      ]),
    );
  });

  it.each(entryPoints)('$specifier: every export has a doc comment', ({ file }) => {
    expect(
      documented(file)
        .filter(({ text }) => text === '')
        .map(({ name }) => name),
    ).toEqual([]);
  });

  it('the functions people start from each have an @example', () => {
    const all = new Map(entryPoints.flatMap(({ file }) => documented(file).map((entry) => [entry.name, entry])));
    expect(WITH_EXAMPLE.filter((name) => !all.get(name)?.hasExample)).toEqual([]);
  });
});
