// Compiles src/ to dist/ and emulator/src/ to emulator/dist/ (ESM + .d.ts), in one `tsc -b`: one
// compiler process reads the standard library and Node's types once for both, where two took a
// second longer. The emulator compiles against the library's declarations, so it comes second.
// --force compiles both in full every time: tsc -b's up-to-date check looks at a project's own
// files only, so it could skip the emulator after a change to the library.
// tsc does not copy .d.ts inputs: the generated types go beside the compiled operation index, where
// dist/src/*.d.ts (and so the emulator's compile) expects them.
import { copyFile, mkdir } from 'node:fs/promises';
import { runToolOrFail } from './tools.js';

export const PACKAGES_STEP = 'library, emulator -> dist/src, emulator/dist/src (ESM + .d.ts)';

export async function buildPackages(): Promise<void> {
  await mkdir('dist/generated', { recursive: true });
  await copyFile('generated/schema.d.ts', 'dist/generated/schema.d.ts');
  await runToolOrFail('tsc', ['-b', '--force', 'tsconfig.build.json', 'emulator/tsconfig.build.json']);
}
