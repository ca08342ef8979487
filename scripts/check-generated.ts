// `npm run check:generated`: fails when generated/ is not exactly what the build derives from
// openapi/ now, naming each stale or hand-edited file.
import { findStaleGenerated, generatedFiles } from './lib/generate.js';

const stale = await findStaleGenerated();
if (stale.length > 0) {
  process.stderr.write(`Stale or hand-edited: ${stale.join(', ')}. Run \`npm run build\` and commit generated/.\n`);
  process.exitCode = 1;
} else {
  process.stdout.write(`generated/ is fresh (${generatedFiles.join(', ')})\n`);
}
