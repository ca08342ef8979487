// Every code block in the pages people read works as written. A TypeScript or JavaScript block is either
// a whole file of the example app (examples/logs-app, whose own tests run it: so the README cannot drift
// from it) or a program: run here as an ES module against an emulator over HTTP (GCORE_BASE_URL), it
// prints what the sentence after it says ("It prints `...`"). Every command a shell block names exists;
// the shell blocks that do something here are run by the tests below and by test/docs/guard-recipe.test.ts.
import { execFile } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { transformSync } from 'esbuild';
import { describe, expect, it } from 'vitest';
import { useEmulator } from '../../emulator/test/helpers/emulator.js';
import { operationIndex } from '../../src/operations.js';
import { codeBlocks, readMarkdown, userPages, type CodeBlock } from '../helpers/markdown.js';
import { projectRoot } from '../helpers/sources.js';

const EXAMPLE = path.join(projectRoot, 'examples', 'logs-app');
/** The example app's own files (not what npm installs), by path relative to it. */
const exampleFiles = new Map(
  (readdirSync(EXAMPLE, { recursive: true, encoding: 'utf8' }) as string[])
    .filter((file) => /\.(ts|mjs)$/.test(file) && !file.startsWith('node_modules'))
    .map((file) => [file, readFileSync(path.join(EXAMPLE, file), 'utf8')]),
);
const fromExample = (block: CodeBlock) => [...exampleFiles].find(([, text]) => text === block.code)?.[0];

const blocks = userPages().flatMap(codeBlocks);
const label = (block: CodeBlock) => `${block.file}:${block.line}`;
const programs = blocks
  .filter((block) => ['ts', 'js'].includes(block.lang))
  .map((block) => ({ where: label(block), block }));
const shellBlocks = blocks.filter((block) => block.lang === 'sh').map((block) => ({ where: label(block), block }));

const running = useEmulator();

/** Runs a block as an ES module from inside the repository, so the package names resolve as installed. */
async function runProgram(block: CodeBlock): Promise<{ stdout: string; stderr: string }> {
  const dir = path.join(projectRoot, 'test-results', 'recipes');
  mkdirSync(dir, { recursive: true });
  const file = path.join(dir, `${block.file.replace(/\W+/g, '-')}-${block.line}.mjs`);
  writeFileSync(file, transformSync(block.code, { loader: 'ts', format: 'esm' }).code);
  const { GCORE_LOG: _log, ...inherited } = process.env;
  const env = { ...inherited, GCORE_API_KEY: 'recipe-token', GCORE_BASE_URL: running.url };
  return promisify(execFile)(process.execPath, [file], { cwd: projectRoot, encoding: 'utf8', timeout: 30_000, env });
}

interface PackageJson {
  scripts?: Record<string, string>;
  bin?: Record<string, string>;
}
const packageJson = (dir: string) =>
  JSON.parse(readFileSync(path.join(projectRoot, dir, 'package.json'), 'utf8')) as PackageJson;
const scripts = { root: packageJson('.').scripts ?? {}, emulator: packageJson('emulator').scripts ?? {} };
const installedBins = new Set(readdirSync(path.join(projectRoot, 'node_modules', '.bin')));

/** Why a command of a shell line would not run here, or undefined. Only npm scripts and package commands are checked. */
function missingCommand(command: string): string | undefined {
  const npmRun = /^npm run (?:-w (\S+) )?([\w:-]+)/.exec(command);
  if (npmRun) {
    const own = npmRun[1] === 'cloud-platform-emulator' ? scripts.emulator : scripts.root;
    return npmRun[2]! in own ? undefined : `no npm script "${npmRun[2]}"`;
  }
  // `npx [--yes] -p <tarball> <command>` runs the command the tarball installs: the command is what is checked.
  const bin = /^(?:npx (?:--yes )?(?:-p \S+ )?|node_modules\/\.bin\/)([\w@/.-]+)/.exec(command)?.[1];
  // `npx @scope/name` runs that package's command: it must be installed, with one.
  if (bin?.startsWith('@'))
    return existsSync(path.join(projectRoot, 'node_modules', bin, 'package.json')) &&
      packageJson(path.join('node_modules', bin)).bin
      ? undefined
      : `no package "${bin}" with a command is installed`;
  return bin && !installedBins.has(bin) ? `no command "${bin}" is installed` : undefined;
}

describe('code blocks in the user pages', () => {
  it('finds the pages and their blocks', () => {
    expect(userPages()).toEqual(
      expect.arrayContaining(['README.md', 'emulator/README.md', 'docs/client.md', 'docs/testing.md']),
    );
    expect(programs.length).toBeGreaterThan(5);
  });

  it.each(programs)(
    '$where is a file of the example app, or runs and prints what the page says',
    async ({ block }) => {
      if (fromExample(block)) return;
      const promised = /It prints `([^`]*)`/.exec(block.after)?.[1];
      expect(
        promised,
        `${label(block)}: neither a file of examples/logs-app nor a program followed by "It prints \`...\`"`,
      ).toBeDefined();
      const { stdout, stderr } = await runProgram(block);
      expect(stderr).toBe('');
      expect(stdout.trim()).toBe(promised);
    },
    40_000,
  );

  it('takes every program of the README from the example app, so the quick starts cannot drift', () => {
    const readmePrograms = programs.filter(({ block }) => block.file === 'README.md');
    expect(readmePrograms.length).toBeGreaterThanOrEqual(3);
    expect(readmePrograms.map(({ block }) => fromExample(block) ?? label(block))).toEqual(
      expect.arrayContaining([
        'quickstart.mjs',
        path.join('test', 'in-process.test.ts'),
        path.join('test', 'msw.test.ts'),
      ]),
    );
    for (const { block } of readmePrograms) expect(fromExample(block), label(block)).toBeDefined();
  });

  it.each(shellBlocks)('$where names only npm scripts and commands that exist', ({ block }) => {
    const commands = block.code
      .split('\n')
      .map((line) => line.replace(/#.*$/, ''))
      .flatMap((line) => line.split(/&&|;|&(?!&)/))
      .map((part) => part.trim())
      .filter(Boolean);
    expect(commands.flatMap((command) => missingCommand(command) ?? [])).toEqual([]);
  });

  it.each(userPages())('%s names only operationIds the description has (or exports of the packages)', async (file) => {
    const exported = await Promise.all(
      [
        'cloud-platform-api',
        'cloud-platform-check',
        'cloud-platform-check/contract',
        'cloud-platform-check/validate',
        'cloud-platform-emulator',
        'cloud-platform-emulator/msw',
        'cloud-platform-emulator/server',
      ].map(async (name) => Object.keys(await import(name))),
    );
    const known = new Set([...operationIndex.map((op) => op.operationId), ...exported.flat()]);
    const named = [...readMarkdown(file).matchAll(/`((?:get|list|create|update|delete|add|check)[A-Z]\w+)`/g)].map(
      (m) => m[1]!,
    );
    expect(named.filter((name) => !known.has(name))).toEqual([]);
  });
});
