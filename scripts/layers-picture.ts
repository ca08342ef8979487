// `npm run layers:picture`: draws docs/images/layers.svg from what dependency-cruiser finds in the
// sources now; test/build/layers-picture.test.ts fails while the committed picture differs.
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { cruise, LAYERS_PICTURE, layerGraph, layersSvg } from './lib/layers-picture.js';

const root = path.resolve(import.meta.dirname, '..');
writeFileSync(path.join(root, LAYERS_PICTURE), layersSvg(layerGraph(cruise(root), root)));
process.stdout.write(`${LAYERS_PICTURE} drawn\n`);
