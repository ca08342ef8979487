// `npm run typecheck`: tsc over every TypeScript file of the repository (incremental), skipped when these
// sources passed it already: npm test runs it on each Node line, and tsc's verdict does not depend on the line.
import { unlessFresh } from './lib/fresh.js';
import { runTool } from './lib/tools.js';

await unlessFresh('typecheck', [], async () => {
  const tsc = await runTool('tsc', [
    '--noEmit',
    '-p',
    'tsconfig.json',
    '--incremental',
    '--tsBuildInfoFile',
    'dist/typecheck.tsbuildinfo',
  ]);
  process.stdout.write(tsc.output);
  if (tsc.code !== 0) process.exit(tsc.code);
});
