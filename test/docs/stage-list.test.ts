// The contributing guide's table of the emulator core's stages, held against the module that runs them:
// the order is read from runStages' calls in core/stages/pipeline.ts, never written a second time here.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { projectRoot } from '../helpers/sources.js';

const STAGES_FOLDER = path.join(projectRoot, 'emulator', 'src', 'core', 'stages');
const guide = readFileSync(path.join(projectRoot, 'docs', 'contributing.md'), 'utf8');
const section = /### The stages\n([\s\S]*?)\n#/.exec(guide)?.[1] ?? '';

/** Each stage as the table names it: its entry and its module, in the table's order. */
const listed = (text: string) =>
  [...text.matchAll(/^\| \d+ \| `(\w+)` \| `([\w-]+\.ts)` \|/gm)].map(([, entry, file]) => ({ entry, file }));

/**
 * The stages a pipeline module calls, in the order it first calls each: the names it imports from a
 * module of its folder and calls with the exchange. Its functions are written in the order they run.
 */
function called(source: string): { entry: string; file: string }[] {
  const modules = new Map<string, string>();
  for (const [, names, file] of source.matchAll(/^import \{([^}]+)\} from '\.\/([\w-]+)\.js';/gm))
    for (const name of names!.split(',').map((each) => each.trim()))
      if (!name.startsWith('type ')) modules.set(name, `${file}.ts`);
  const order: string[] = [];
  const code = source.replace(/\/\*[\s\S]*?\*\/|\/\/.*$/gm, '');
  for (const [, entry] of code.matchAll(/\b(\w+)\(exchange\)/g))
    if (modules.has(entry!) && !order.includes(entry!)) order.push(entry!);
  return order.map((entry) => ({ entry, file: modules.get(entry)! }));
}

const pipeline = readFileSync(path.join(STAGES_FOLDER, 'pipeline.ts'), 'utf8');

describe("the contributing guide's list of the core's stages", () => {
  it('is the order core/stages/pipeline.ts runs them in, each with its module', () => {
    const inCode = called(pipeline);
    expect(inCode.length).toBeGreaterThanOrEqual(8);
    expect(listed(section)).toEqual(inCode);
  });

  it('names modules that each export the stage as their entry', () => {
    for (const { entry, file } of listed(section))
      expect(readFileSync(path.join(STAGES_FOLDER, file!), 'utf8')).toMatch(new RegExp(`export function ${entry}\\(`));
  });

  it.each([
    [
      'two stages swapped',
      (code: string) =>
        code.replace(/auth\(exchange\);\n(\s*)validation\(exchange\);/, 'validation(exchange);\n$1auth(exchange);'),
    ],
    ['a stage dropped', (code: string) => code.replace(/\n\s*validation\(exchange\);/, '')],
    [
      'a stage left in a comment only',
      (code: string) => code.replace(/faultsAfter\(exchange\);/, '// faultsAfter(exchange);'),
    ],
  ])('would fail on a pipeline with %s', (_, change) => {
    const changed = change(pipeline);
    expect(changed).not.toBe(pipeline);
    expect(listed(section)).not.toEqual(called(changed));
  });
});
