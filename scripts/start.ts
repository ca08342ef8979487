// `npm start`: builds when the build is missing or older than the sources, then runs the emulator.
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { projectRoot } from './lib/tools.js';

const outputs = ['dist/src/emulator/bin.js', 'dist/docs/index.html', 'generated/openapi.json'].map((f) => path.join(projectRoot, f));
const sourceDirs = ['openapi', 'src'].map((d) => path.join(projectRoot, d));

function newestSource(): number {
  let newest = 0;
  for (const dir of sourceDirs) {
    for (const entry of readdirSync(dir, { recursive: true, withFileTypes: true })) {
      if (entry.isFile()) newest = Math.max(newest, statSync(path.join(entry.parentPath, entry.name)).mtimeMs);
    }
  }
  return newest;
}

const stale = outputs.some((file) => !existsSync(file)) || Math.min(...outputs.map((f) => statSync(f).mtimeMs)) < newestSource();
if (stale) {
  process.stdout.write('The build is missing or older than the sources: building first.\n');
  await import('./build.js');
}
const { main } = (await import(path.join(projectRoot, 'dist/src/emulator/cli.js'))) as typeof import('../src/emulator/cli.js');
const code = await main(process.argv.slice(2));
if (code !== 0) process.exit(code);
