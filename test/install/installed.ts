// Checks an installed copy of the packages as a user's project would use them: every export by ESM
// import and by require() (Node 20.19+ and 22.12+ load ES modules with require), and the bins.
import { spawn, spawnSync } from 'node:child_process';
import {
  copyFileSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  renameSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect } from 'vitest';
import { sourceKey } from '../../scripts/lib/fresh.js';
import { packTarball } from '../../scripts/lib/tarball.js';
import { listeningUrl } from '../../test-kit/listening.js';
import { projectRoot } from '../helpers/sources.js';

/** Every export of the library packages, and a name each must export. */
export const EXPORTS: [specifier: string, member: string][] = [
  ['cloud-platform-api', 'createCloudClient'],
  ['cloud-platform-api/toolbox', 'deriveRoutes'],
  ['cloud-platform-check', 'checkContract'],
  ['cloud-platform-check/contract', 'createContractValidator'],
  ['cloud-platform-check/validate', 'validateResponse'],
  ['cloud-platform-check/coverage', 'computeCoverage'],
  ['cloud-platform-check/document', 'loadDocument'],
  ['cloud-platform-emulator', 'createEmulator'],
  ['cloud-platform-emulator/msw', 'createMswHandlers'],
  ['cloud-platform-emulator/server', 'startEmulatorServer'],
];

/**
 * Each package's bins, the arguments they are run with, and the start of what they print. The validator
 * judges the project's own package.json as a getVideo body (it declares no required field): it reads the
 * bundled document from the installed client package, which the checker's package does not hold.
 */
const BINS: Record<string, [bin: string, args: string[], prints: RegExp][]> = {
  'cloud-platform-check': [
    ['cloud-platform-validate', ['--help'], /^Usage: cloud-platform-validate/],
    [
      'cloud-platform-validate',
      ['package.json', '--operation', 'getVideo'],
      /^valid: package\.json against getVideo 200/,
    ],
    ['cloud-platform-check', ['--help'], /^Usage: cloud-platform-check/],
  ],
  'cloud-platform-emulator': [['cloud-platform-emulator', ['--version'], /^\d+\.\d+\.\d+\s*$/]],
};

/** The package an export belongs to: its specifier up to the subpath. */
const packageOf = (specifier: string) => specifier.split('/')[0]!;

/** Every package under `project`'s node_modules, nested ones too, by name (`@scope/name` for a scoped one). */
export function installedPackages(project: string): string[] {
  const namesIn = (modules: string): string[] =>
    existsSync(modules)
      ? readdirSync(modules)
          .filter((name) => !name.startsWith('.'))
          .flatMap((name) =>
            name.startsWith('@') ? readdirSync(path.join(modules, name)).map((scoped) => `${name}/${scoped}`) : [name],
          )
          .flatMap((name) => [name, ...namesIn(path.join(modules, name, 'node_modules'))])
      : [];
  return namesIn(path.join(project, 'node_modules'));
}

/** A fresh project folder with a package.json, for npm to install into. */
export function freshProject(prefix: string): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), prefix));
  writeFileSync(path.join(dir, 'package.json'), '{"name":"user-app","version":"1.0.0","private":true,"type":"module"}');
  return dir;
}

export function run(command: string, args: string[], cwd: string) {
  return spawnSync(command, args, {
    cwd,
    encoding: 'utf8',
    env: { ...process.env, npm_config_fund: 'false', npm_config_audit: 'false' },
  });
}

let packsKept: string | undefined;
/**
 * Where each package's tarball is kept once packed: dist/packed/<source key>, shared by the lanes of one CI run
 * (the package lane on each Node line and the release lane packed the same sources seven times; npm packs the
 * same on every line). Any edit to what git would commit makes another key, and the build stamps hold the
 * build to the same key. Without git, inside the run's scratch folder, gone when it ends.
 */
function packedOnce(): string {
  packsKept ??= packsFolder();
  return packsKept;
}

function packsFolder(): string {
  const key = sourceKey();
  if (!key) return path.join(os.tmpdir(), 'packed-once');
  const kept = path.join(projectRoot, 'dist', 'packed');
  // The tarballs of earlier sources are of no use again.
  if (existsSync(kept))
    for (const old of readdirSync(kept).filter((name) => name !== key))
      rmSync(path.join(kept, old), { recursive: true, force: true });
  return path.join(kept, key);
}

/**
 * The package in `dir` packed into `destination` as `npm run tarballs` packs it (the suite has built it), its
 * path. Packed once for these sources (two npm commands, about 3 s of CPU each time) and copied for every later
 * caller. Two workers packing the same package at once both finish; the first folder renamed into place is
 * the one every caller copies from.
 */
export function packedTarball(dir: string, destination: string): string {
  const kept = path.join(packedOnce(), path.relative(projectRoot, dir) || 'root');
  if (!existsSync(kept)) {
    mkdirSync(packedOnce(), { recursive: true });
    const fresh = mkdtempSync(`${kept}-`);
    packTarball(dir, fresh);
    try {
      renameSync(fresh, kept);
    } catch (error) {
      if (!['ENOTEMPTY', 'EEXIST'].includes((error as NodeJS.ErrnoException).code ?? '')) throw error;
      rmSync(fresh, { recursive: true, force: true });
    }
  }
  const [file] = readdirSync(kept);
  const copy = path.join(destination, file!);
  copyFileSync(path.join(kept, file!), copy);
  return copy;
}

/**
 * Loads each export in one process of the module system given, by import() or by require() (a process
 * for each export cost a second apiece), and says of each: "ok" when it has its member, else why not.
 */
function loadedExports(
  project: string,
  system: 'module' | 'commonjs',
  exports: typeof EXPORTS,
): Record<string, string> {
  const load = system === 'module' ? 'await import(specifier)' : 'require(specifier)';
  const script = `const found = {};
for (const [specifier, member] of ${JSON.stringify(exports)}) {
  try { const m = ${load}; found[specifier] = typeof m[member] === 'function' ? 'ok' : 'no function ' + member; }
  catch (error) { found[specifier] = String(error?.message ?? error); }
}
process.stdout.write(JSON.stringify(found));`;
  const ran = run(process.execPath, [`--input-type=${system}`, '-e', script], project);
  expect(ran.status, ran.stderr).toBe(0);
  return JSON.parse(ran.stdout) as Record<string, string>;
}

/** Imports every export of `packages` both ways in the installed project, checks each has its member, and runs their bins. */
export function expectUsable(project: string, packages: readonly string[]): void {
  const exports = EXPORTS.filter(([specifier]) => packages.includes(packageOf(specifier)));
  const allOk = Object.fromEntries(exports.map(([specifier]) => [specifier, 'ok']));
  expect(loadedExports(project, 'module', exports), 'import()').toEqual(allOk);
  expect(loadedExports(project, 'commonjs', exports), 'require()').toEqual(allOk);
  const json = run(
    process.execPath,
    [
      '--input-type=module',
      '-e',
      "const { default: d } = await import('cloud-platform-api/openapi.json', { with: { type: 'json' } }); if (d.openapi !== '3.1.0') process.exit(3);",
    ],
    project,
  );
  expect(json.status, json.stderr).toBe(0);
  for (const [bin, args, prints] of packages.flatMap((name) => BINS[name] ?? [])) {
    const ran = run('npx', ['--no-install', bin, ...args], project);
    expect(ran.stdout, `${bin} ${args.join(' ')}: ${ran.stderr}`).toMatch(prints);
  }
}

/**
 * Starts the installed emulator command on a free port and fetches its interactive reference at /docs,
 * then every file the page loads from the emulator and the document it renders: the package ships them.
 */
export async function fetchInstalledDocs(
  project: string,
): Promise<{ status: number; text: string; files: Record<string, number> }> {
  const child = spawn('npx', ['--no-install', 'cloud-platform-emulator', '--port', '0', '--quiet'], {
    cwd: project,
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
  try {
    const url = await listeningUrl(child, 'the installed emulator');
    const response = await fetch(`${url}/docs`);
    const text = await response.text();
    const loaded = [...text.matchAll(/(?:src|href)="(\/[^"]+)"/g)].map((m) => m[1]!);
    const files: Record<string, number> = {};
    for (const file of [...loaded, '/docs/openapi.json']) files[file] = (await fetch(`${url}${file}`)).status;
    return { status: response.status, text, files };
  } finally {
    // npx runs the command in a child of its own: end the whole group.
    process.kill(-child.pid!, 'SIGTERM');
  }
}
