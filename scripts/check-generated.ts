// `npm run check:generated`: fails when generated/ (or api.md) is not exactly what the build derives from
// openapi/ now, naming each stale or hand-edited file.
import { API_REFERENCE, findStaleGenerated, generatedFiles } from './lib/generate.js';

const stale = await findStaleGenerated();
if (stale.length > 0) {
  process.stderr.write(
    `Stale or hand-edited: ${stale.join(', ')}. Run \`npm run build\` and commit generated/ and ${API_REFERENCE}.\n`,
  );
  process.exitCode = 1;
} else {
  process.stdout.write(`generated/ is fresh (${generatedFiles.join(', ')}), and ${API_REFERENCE}\n`);
}
