// `npm run tarballs [-- FOLDER]`: the four packages' tarballs as users install them, in FOLDER (relative
// to the repository's root; default the root), after `npm run build`. The same as `npm pack` of each,
// less the repository's scripts and development fields in its package.json: an install from them prints
// nothing about these packages.
import path from 'node:path';
import { packTarball } from './lib/tarball.js';
import { projectRoot } from './lib/tools.js';

const destination = path.resolve(projectRoot, process.argv[2] ?? '.');
for (const dir of ['', 'check', 'emulator', 'mcp']) {
  process.stdout.write(`${path.relative(projectRoot, packTarball(path.join(projectRoot, dir), destination))}\n`);
}
