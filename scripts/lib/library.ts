// Compiles src/ to dist/ and emulator/src/ to emulator/dist/ (ESM + .d.ts). tsc does not copy .d.ts inputs, so the generated types are
// copied beside the compiled operation index, where dist/src/*.d.ts expects them.
import { copyFile, mkdir } from 'node:fs/promises';
import { runToolOrFail } from './tools.js';

export async function buildLibrary(): Promise<void> {
  await runToolOrFail('tsc', ['-p', 'tsconfig.build.json']);
  await mkdir('dist/generated', { recursive: true });
  await copyFile('generated/schema.d.ts', 'dist/generated/schema.d.ts');
}

/** Compiles the emulator workspace against the library just built (it imports the package by name). */
export async function buildEmulator(): Promise<void> {
  await runToolOrFail('tsc', ['-p', 'emulator/tsconfig.build.json']);
}
