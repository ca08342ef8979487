// What each package weighs as npm packs it: printed, and held under a budget (docs/benchmarks.md, "Package sizes").
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { projectRoot } from '../helpers/sources.js';
import { run } from './installed.js';

/** Budgets: about a third above the sizes when they were set, so that growth is a decision (the root raised with the contract runner, cloud-platform-check; the emulator with its modules per area and per stage of the core, its docs page, and the request lifecycle all adapters share: 1 MB packed at most). */
const BUDGETS = [
  // The path-value check and its generated rules took the client past 150 files (153, 208.6 kB when raised).
  { dir: projectRoot, name: 'cloud-platform-api', packedKb: 230, unpackedKb: 1150, files: 170 },
  {
    dir: path.join(projectRoot, 'emulator'),
    name: 'cloud-platform-emulator',
    packedKb: 1000,
    unpackedKb: 3600,
    files: 260,
  },
  // The MCP server: one bundle of the command with the client and the emulator in it (88.9 kB packed, 9 files at 5.0.0).
  { dir: path.join(projectRoot, 'mcp'), name: 'cloud-platform-mcp', packedKb: 120, unpackedKb: 500, files: 15 },
];

describe('package footprint', () => {
  it.each(BUDGETS)(
    '$name stays within $packedKb kB packed, $unpackedKb kB unpacked and $files files',
    ({ dir, name, packedKb, unpackedKb, files }) => {
      const pack = run('npm', ['pack', '--dry-run', '--json', '--ignore-scripts'], dir);
      expect(pack.status, pack.stderr).toBe(0);
      const { size, unpackedSize, entryCount } = (
        JSON.parse(pack.stdout) as { size: number; unpackedSize: number; entryCount: number }[]
      )[0]!;
      process.stdout.write(
        `${name}: ${(size / 1024).toFixed(1)} kB packed, ${(unpackedSize / 1024).toFixed(1)} kB unpacked, ${entryCount} files\n`,
      );
      expect(size / 1024).toBeLessThanOrEqual(packedKb);
      expect(unpackedSize / 1024).toBeLessThanOrEqual(unpackedKb);
      expect(entryCount).toBeLessThanOrEqual(files);
    },
    60_000,
  );
});
