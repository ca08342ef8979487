// "No function over about 60 lines", held: every function, method, arrow and factory in the four source
// folders has a body of at most 60 lines, read with the TypeScript parser (not counted by eye).
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { projectRoot } from '../helpers/sources.js';

const LIMIT = 60;
const FOLDERS = ['src', 'check/src', 'emulator/src', 'mcp/src'];

/** Each function of a source text whose body spans more than LIMIT lines: `name (N lines)` at its line. */
function longFunctions(fileName: string, text: string): string[] {
  const source = ts.createSourceFile(fileName, text, ts.ScriptTarget.Latest, true);
  const lineOf = (position: number) => source.getLineAndCharacterOfPosition(position).line + 1;
  const found: string[] = [];
  const visit = (node: ts.Node): void => {
    if (ts.isFunctionLike(node) && 'body' in node && node.body !== undefined) {
      const body = node.body as ts.Node;
      const lines = lineOf(body.getEnd()) - lineOf(body.getStart(source)) + 1;
      const named = node.name ?? (ts.isVariableDeclaration(node.parent) ? node.parent.name : undefined);
      if (lines > LIMIT)
        found.push(
          `${fileName}:${lineOf(node.getStart(source))} ${named?.getText(source) ?? '<anonymous>'} (${lines} lines)`,
        );
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

const sourceFiles = FOLDERS.flatMap((folder) =>
  readdirSync(path.join(projectRoot, folder), { recursive: true, encoding: 'utf8' })
    .filter((file) => /\.m?ts$/.test(file) && !file.endsWith('.d.ts'))
    .map((file) => path.posix.join(folder, file.split(path.sep).join('/'))),
);

/** A function with a body of `lines` lines, in each form the rule covers. */
const planted = (lines: number) => {
  const inner = Array.from({ length: lines - 2 }, (_, i) => `  const v${i} = ${i};`).join('\n');
  return {
    declaration: `function f() {\n${inner}\n}`,
    arrow: `const f = () => {\n${inner}\n};`,
    method: `class C {\n  f() {\n${inner}\n  }\n}`,
    'object method': `const o = {\n  f() {\n${inner}\n  },\n};`,
  };
};

type Form = keyof ReturnType<typeof planted>;

describe('function length', () => {
  it('reads every source folder', () => {
    for (const folder of FOLDERS)
      expect(
        sourceFiles.some((file) => file.startsWith(`${folder}/`)),
        folder,
      ).toBe(true);
  });

  it(`no function in ${FOLDERS.join(', ')} has a body over ${LIMIT} lines`, () => {
    const offenders = sourceFiles.flatMap((file) =>
      longFunctions(file, readFileSync(path.join(projectRoot, file), 'utf8')),
    );
    expect(offenders).toEqual([]);
  });

  it.each(Object.keys(planted(LIMIT)))('finds a %s one line over the limit, and not one at it', (form) => {
    const at = planted(LIMIT)[form as Form];
    const over = planted(LIMIT + 1)[form as Form];
    expect(longFunctions('planted.ts', at)).toEqual([]);
    expect(longFunctions('planted.ts', over)).toHaveLength(1);
  });
});
