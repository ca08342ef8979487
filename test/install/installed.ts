// Checks an installed copy of the packages as a user's project would use them: every export by ESM
// import and by require() (Node 20.19+ and 22.12+ load ES modules with require), and the bins.
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect } from 'vitest';

/** Every export of both packages, and a name each must export. */
export const EXPORTS: [specifier: string, member: string][] = [
  ['cloud-platform-api', 'createCloudClient'],
  ['cloud-platform-api/validate', 'validateResponse'],
  ['cloud-platform-api/contract', 'createContractValidator'],
  ['cloud-platform-api/internal', 'deriveRoutes'],
  ['cloud-platform-api/check', 'checkContract'],
  ['cloud-platform-emulator', 'createEmulator'],
  ['cloud-platform-emulator/msw', 'createMswHandlers'],
  ['cloud-platform-emulator/server', 'startEmulatorServer'],
];

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

/**
 * The package in `dir` packed into `destination`, its path. Scripts are skipped: `prepare` would build
 * `dist/` again while other test files import from it (the suite has built it already).
 */
export function packedTarball(dir: string, destination: string): string {
  const pack = run('npm', ['pack', '--ignore-scripts', '--json', '--pack-destination', destination], dir);
  expect(pack.status, pack.stderr).toBe(0);
  return path.join(destination, (JSON.parse(pack.stdout) as { filename: string }[])[0]!.filename);
}

/** Imports every export both ways in the installed project, checks each has its member, and runs the bins. */
export function expectUsable(project: string, { emulator }: { emulator: boolean }): void {
  for (const [specifier, member] of EXPORTS.filter(([s]) => emulator || s.startsWith('cloud-platform-api'))) {
    const esm = run(
      process.execPath,
      [
        '--input-type=module',
        '-e',
        `const m = await import(${JSON.stringify(specifier)}); if (typeof m.${member} !== 'function') process.exit(3);`,
      ],
      project,
    );
    expect(esm.status, `import('${specifier}'): ${esm.stderr}`).toBe(0);
    const cjs = run(
      process.execPath,
      [
        '--input-type=commonjs',
        '-e',
        `const m = require(${JSON.stringify(specifier)}); if (typeof m.${member} !== 'function') process.exit(3);`,
      ],
      project,
    );
    expect(cjs.status, `require('${specifier}'): ${cjs.stderr}`).toBe(0);
  }
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
  const validate = run('npx', ['--no-install', 'cloud-platform-validate', '--help'], project);
  expect(validate.stdout).toMatch(/^Usage: cloud-platform-validate/);
  const check = run('npx', ['--no-install', 'cloud-platform-check', '--help'], project);
  expect(check.stdout).toMatch(/^Usage: cloud-platform-check/);
  if (!emulator) return;
  const version = run('npx', ['--no-install', 'cloud-platform-emulator', '--version'], project);
  expect(version.stdout.trim(), `cloud-platform-emulator --version: ${version.stderr}`).toMatch(/^\d+\.\d+\.\d+$/);
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
    const url = await new Promise<string>((resolve, reject) => {
      let out = '';
      child.stdout!.on('data', (chunk: Buffer) => {
        out += chunk;
        const found = /listening on (http:\/\/\S+)/.exec(out);
        if (found) resolve(found[1]!);
      });
      child.on('exit', (code) => reject(new Error(`the emulator exited with ${code} before listening`)));
      setTimeout(() => reject(new Error('the emulator did not listen within 20 s')), 20_000);
    });
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
