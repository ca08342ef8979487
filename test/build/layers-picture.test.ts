// The picture of the layers in docs/contributing.md is what dependency-cruiser finds in the sources now:
// a change to the layers fails here until `npm run layers:picture` draws it again.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { cruise, LAYERS_PICTURE, layerGraph, layersSvg } from '../../scripts/lib/layers-picture.js';
import { projectRoot } from '../helpers/sources.js';

describe('the picture of the layers', () => {
  it(`${LAYERS_PICTURE} is drawn from the sources as they are (else run npm run layers:picture)`, () => {
    const committed = readFileSync(path.join(projectRoot, LAYERS_PICTURE), 'utf8');
    expect(committed).toBe(layersSvg(layerGraph(cruise(projectRoot), projectRoot)));
  });

  it('ranks each box above what it imports at run time, and refuses a cycle of run-time imports', () => {
    const arrow = (to: string, typeOnly = false) => ({ to, typeOnly });
    const graph = new Map([
      ['emulator/src/core/', [arrow('emulator/src/store/')]],
      ['emulator/src/store/', []],
      ['emulator/src/adapters/', [arrow('emulator/src/core/'), arrow('emulator/src/index.ts', true)]],
      ['emulator/src/index.ts', [arrow('emulator/src/adapters/')]],
    ]);
    const svg = layersSvg(graph);
    const top = (box: string) =>
      Number(new RegExp(`y="(\\d+)"[^>]*/><text[^>]*>${box.replace(/\./g, '\\.')}<`).exec(svg)?.[1]);
    expect(top('emulator/src/index.ts')).toBeLessThan(top('emulator/src/adapters/'));
    expect(top('emulator/src/adapters/')).toBeLessThan(top('emulator/src/core/'));
    expect(top('emulator/src/core/')).toBeLessThan(top('emulator/src/store/'));
    expect(svg.match(/stroke-dasharray/g)).toHaveLength(1);
    graph.set('emulator/src/store/', [arrow('emulator/src/core/')]);
    expect(() => layersSvg(graph)).toThrow('a cycle between the layers');
  });
});
