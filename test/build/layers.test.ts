// The layers of .dependency-cruiser.cjs, held: the sources break none of its rules, and the rules catch
// an upward import when one is planted (in a scratch copy of the folders, not in the sources).
import { spawnSync } from 'node:child_process';
import { copyFileSync, mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { projectRoot } from '../helpers/sources.js';

const CONFIG = '.dependency-cruiser.cjs';
const depcruise = (cwd: string, ...paths: string[]) =>
  spawnSync(
    path.join(projectRoot, 'node_modules', '.bin', 'depcruise'),
    ['--config', CONFIG, '--output-type', 'err', ...paths],
    { cwd, encoding: 'utf8', timeout: 60_000 },
  );

describe('the layers (dependency-cruiser)', () => {
  it('src/, check/src/, emulator/src/ and mcp/src/ break no rule: no cycle, no import that runs upward', () => {
    const run = depcruise(projectRoot, 'src', 'check/src', 'emulator/src', 'mcp/src');
    expect(run.status, run.stdout + run.stderr).toBe(0);
    expect(run.stdout).toMatch(/no dependency violations found \(\d+ modules/);
  });

  it.each([
    ['core-not-up', 'emulator/src/core/stage.ts', 'emulator/src/operations/index.ts', '../operations/index.js'],
    ['contract-not-up', 'src/contract/helper.ts', 'src/client/redact.ts', '../client/redact.js'],
    [
      'src-not-to-check',
      'src/client/attempt.ts',
      'check/src/contract/validator.ts',
      '../../check/src/contract/validator.js',
    ],
    [
      'check-uses-entry-points',
      'check/src/check/links.ts',
      'src/contract/routes.ts',
      '../../../src/contract/routes.js',
    ],
    [
      'check-not-to-emulator',
      'check/src/check/report.ts',
      'emulator/src/core/auth.ts',
      '../../../emulator/src/core/auth.js',
    ],
    ['validator-not-to-runner', 'check/src/contract/validator.ts', 'check/src/check/links.ts', '../check/links.js'],
    ['store-is-the-bottom', 'emulator/src/store/rows.ts', 'emulator/src/core/state.ts', '../core/state.js'],
    ['mcp-uses-entry-points', 'mcp/src/tools.ts', 'emulator/src/core/state.ts', '../../emulator/src/core/state.js'],
    ['src-and-emulator-not-to-mcp', 'emulator/src/cli.ts', 'mcp/src/server.ts', '../../mcp/src/server.js'],
  ])('fails %s on a planted upward import', (rule, from, to, specifier) => {
    const scratch = mkdtempSync(path.join(os.tmpdir(), 'layers-'));
    copyFileSync(path.join(projectRoot, CONFIG), path.join(scratch, CONFIG));
    writeFileSync(
      path.join(scratch, 'tsconfig.json'),
      '{"compilerOptions":{"module":"nodenext","moduleResolution":"nodenext"}}',
    );
    for (const file of [from, to]) mkdirSync(path.join(scratch, path.dirname(file)), { recursive: true });
    writeFileSync(path.join(scratch, to), 'export const value = 1;\n');
    writeFileSync(path.join(scratch, from), `import { value } from '${specifier}';\nexport const used = value;\n`);
    const run = depcruise(scratch, path.dirname(from));
    expect(run.status).not.toBe(0);
    expect(run.stdout).toContain(`error ${rule}: ${from} → ${to}`);
  });
});
