// The layers of .dependency-cruiser.cjs, held: the sources break none of its rules, and the rules catch
// an upward import when one is planted (in a scratch copy of the folders, not in the sources).
import { spawnSync } from 'node:child_process';
import { copyFileSync, mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
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

  /** A run-time import of `value`, or one of its type only (gone at run time, but still a layer named). */
  const IMPORTS = {
    value: (specifier: string) => `import { value } from '${specifier}';\nexport const used = value;\n`,
    type: (specifier: string) => `import type { Value } from '${specifier}';\nexport const used: Value = 1;\n`,
  };

  /** Each rule, a file that breaks it by an upward import of one kind, the file imported, and the specifier. */
  const PLANTED: [rule: string, kind: keyof typeof IMPORTS, from: string, to: string, specifier: string][] = [
    [
      'core-not-up',
      'value',
      'emulator/src/core/stage.ts',
      'emulator/src/operations/index.ts',
      '../operations/index.js',
    ],
    ['core-not-up', 'type', 'emulator/src/core/routes.ts', 'emulator/src/proxy/log.ts', '../proxy/log.js'],
    ['contract-not-up', 'value', 'src/contract/helper.ts', 'src/client/redact.ts', '../client/redact.js'],
    [
      'src-not-to-check',
      'type',
      'src/client/attempt.ts',
      'check/src/contract/validator.ts',
      '../../check/src/contract/validator.js',
    ],
    [
      'check-uses-entry-points',
      'value',
      'check/src/check/links.ts',
      'src/contract/routes.ts',
      '../../../src/contract/routes.js',
    ],
    [
      'check-not-to-emulator',
      'value',
      'check/src/check/report.ts',
      'emulator/src/core/auth.ts',
      '../../../emulator/src/core/auth.js',
    ],
    [
      'validator-not-to-runner',
      'value',
      'check/src/contract/validator.ts',
      'check/src/check/links.ts',
      '../check/links.js',
    ],
    ['store-is-the-bottom', 'value', 'emulator/src/store/rows.ts', 'emulator/src/core/state.ts', '../core/state.js'],
    [
      'core-common-is-the-bottom',
      'value',
      'emulator/src/core/common/helper.ts',
      'emulator/src/core/document/reader.ts',
      '../document/reader.js',
    ],
    [
      'core-document-only-reads',
      'type',
      'emulator/src/core/document/reader.ts',
      'emulator/src/core/controls/faults.ts',
      '../controls/faults.js',
    ],
    [
      'core-state-below-controls',
      'value',
      'emulator/src/core/state/rows.ts',
      'emulator/src/core/api-keys.ts',
      '../api-keys.js',
    ],
    [
      'core-controls-below-stages',
      'value',
      'emulator/src/core/controls/faults.ts',
      'emulator/src/core/stages/pipeline.ts',
      '../stages/pipeline.js',
    ],
    [
      'core-stages-below-lifecycle',
      'type',
      'emulator/src/core/stages/pipeline.ts',
      'emulator/src/core/lifecycle.ts',
      '../lifecycle.js',
    ],
    ['operations-not-up', 'type', 'emulator/src/operations/all.ts', 'emulator/src/proxy/rec.ts', '../proxy/rec.js'],
    ['adapters-only-translate', 'type', 'emulator/src/adapters/msw.ts', 'emulator/src/index.ts', '../index.js'],
    ['error-base-imports-nothing', 'type', 'emulator/src/emulator-error.ts', 'emulator/src/core/a.ts', './core/a.js'],
    [
      'mcp-uses-entry-points',
      'value',
      'mcp/src/tools.ts',
      'emulator/src/core/state.ts',
      '../../emulator/src/core/state.js',
    ],
    ['src-and-emulator-not-to-mcp', 'value', 'emulator/src/cli.ts', 'mcp/src/server.ts', '../../mcp/src/server.js'],
    // By package name: not resolved, so the specifier is what the rule names.
    [
      'src-names-no-package',
      'type',
      'src/client/retry.ts',
      'cloud-platform-check/contract',
      'cloud-platform-check/contract',
    ],
    [
      'check-names-only-the-client',
      'value',
      'check/src/check/run.ts',
      'cloud-platform-emulator',
      'cloud-platform-emulator',
    ],
    [
      'emulator-names-only-below',
      'type',
      'emulator/src/core/port.ts',
      'cloud-platform-emulator',
      'cloud-platform-emulator',
    ],
    ['mcp-not-by-own-name', 'type', 'mcp/src/tool.ts', 'cloud-platform-mcp', 'cloud-platform-mcp'],
  ];

  // One scratch copy of the folders holds every planted import, and one run of dependency-cruiser judges
  // them all: each rule must report its own planted line (a run a case costs about a second each).
  let planted: ReturnType<typeof depcruise>;
  beforeAll(() => {
    const scratch = mkdtempSync(path.join(os.tmpdir(), 'layers-'));
    copyFileSync(path.join(projectRoot, CONFIG), path.join(scratch, CONFIG));
    writeFileSync(
      path.join(scratch, 'tsconfig.json'),
      '{"compilerOptions":{"module":"nodenext","moduleResolution":"nodenext"}}',
    );
    const write = (file: string, text: string) => {
      mkdirSync(path.join(scratch, path.dirname(file)), { recursive: true });
      writeFileSync(path.join(scratch, file), text);
    };
    // The imported files first: a file that is one case's importer and another's target keeps its import.
    for (const [, , , to] of PLANTED)
      if (to.endsWith('.ts')) write(to, 'export const value = 1;\nexport type Value = number;\n');
    for (const [, kind, from, , specifier] of PLANTED) write(from, IMPORTS[kind](specifier));
    planted = depcruise(scratch, ...new Set(PLANTED.map(([, , from]) => path.dirname(from))));
  });

  it.each(PLANTED)('fails %s on a planted upward import (%s)', (rule, _kind, from, to) => {
    expect(planted.status).not.toBe(0);
    expect(planted.stdout).toContain(`error ${rule}: ${from} → ${to}`);
  });
});
