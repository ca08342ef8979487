// `npm start`: builds when the build is missing or older than the sources, then runs the emulator
// (the cloud-platform-emulator workspace) with the arguments given.
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { projectRoot } from './lib/tools.js';

const outputs = ['emulator/dist/src/cli.js', 'dist/src/index.js', 'dist/docs/index.html', 'generated/openapi.json'].map(
  (f) => path.join(projectRoot, f),
);
const sourceDirs = ['openapi', 'src', 'emulator/src'].map((d) => path.join(projectRoot, d));

function newestSource(): number {
  let newest = 0;
  for (const dir of sourceDirs) {
    for (const entry of readdirSync(dir, { recursive: true, withFileTypes: true })) {
      if (entry.isFile()) newest = Math.max(newest, statSync(path.join(entry.parentPath, entry.name)).mtimeMs);
    }
  }
  return newest;
}

const stale =
  outputs.some((file) => !existsSync(file)) || Math.min(...outputs.map((f) => statSync(f).mtimeMs)) < newestSource();
if (stale) {
  process.stdout.write('The build is missing or older than the sources: building first.\n');
  await import('./build.js');
}
const { main } = (await import(
  path.join(projectRoot, 'emulator/dist/src/cli.js')
)) as typeof import('../emulator/src/cli.js');
const code = await main(process.argv.slice(2));
if (code !== 0) process.exit(code);
