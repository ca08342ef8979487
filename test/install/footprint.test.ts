// What each package weighs as npm packs it: printed, and held under a budget (docs/benchmarks.md, "Package sizes").
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { projectRoot } from '../helpers/sources.js';
import { run } from './installed.js';

/**
 * Budgets: about a tenth above each package's size when the checker became a package of its own (5.0.0),
 * so that growth is a decision. The emulator's includes its docs page; the MCP server is one bundle with
 * the client, the validator and the emulator in it.
 */
const BUDGETS = [
  // 142.0 kB packed, 795.4 kB unpacked, 99 files; 163.7 kB, 874.0 kB, 123 files once the toolbox held each
  // rule the tools share in a module of its own (path templates, parameters, schema checks, loopback, Host,
  // usage; each module ships as .js, .d.ts and a map); 179.7 kB, 925.9 kB, 141 files in 7.0.0, with the
  // resource methods, their generated table and the Origin rule; 213.1 kB, 1,051.0 kB, 150 files once it
  // read any document (#53: security of every scheme kind, parameters by style); 215.1 kB, 1,057.8 kB, 164
  // files once the resource layer and another document's readers were modules loaded on demand (#55).
  { dir: projectRoot, name: 'cloud-platform-api', packedKb: 235, unpackedKb: 1160, files: 165 },
  // 67.7 kB, 246.3 kB, 59 files; with the coverage model and its page, 90.4 kB, 327.0 kB, 75 files; 139.0 kB,
  // 513.2 kB, 114 files with the document loader, readDocument, the sampler and requests written by style (#53).
  { dir: path.join(projectRoot, 'check'), name: 'cloud-platform-check', packedKb: 155, unpackedKb: 565, files: 125 },
  // 900.7 kB, 3,328.5 kB, 231 files; 926.0 kB, 3,420.3 kB, 258 files once the field filter's reading of a
  // schema became a module of its own (each module ships as .js, .d.ts and a map); 937.2 kB, 3,453.1 kB,
  // 277 files in 7.0.0, the core's stages each a module of their own; 1,017.0 kB, 3,976.1 kB, 415 files with
  // kept collections, error shapes from the document and the security kinds (#53).
  {
    dir: path.join(projectRoot, 'emulator'),
    name: 'cloud-platform-emulator',
    packedKb: 1120,
    unpackedKb: 4380,
    files: 455,
  },
  // 89.1 kB, 371.0 kB, 9 files; 117.1 kB, 465.0 kB, 9 files in 7.0.0, with re2js for a document's patterns;
  // 142.8 kB, 552.0 kB, 12 files with tool names, selection and the schema budget for any document (#53).
  { dir: path.join(projectRoot, 'mcp'), name: 'cloud-platform-mcp', packedKb: 160, unpackedKb: 610, files: 14 },
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
