// The picture of the layers in docs/contributing.md, drawn from what dependency-cruiser finds in the
// sources: each folder one box (a file directly under a package's src/ one of its own), each import
// between two of them one arrow (dashed where every import is of types only), and each box in the row
// of the longest chain of run-time imports under it, so the bottom row imports nothing of the project. Only the boxes and the arrows, not the files in them:
// the picture changes when the layers do, not on every new file.
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';

/** The sources dependency-cruiser reads, as layers.test.ts holds them. */
const SOURCES = ['src', 'emulator/src', 'mcp/src'];
/** The project's own modules; anything else (Node's, the dependencies') is left out of the picture. */
const OWN = /^(generated|src|emulator\/src|mcp\/src)\//;
/** The packages the emulator and the MCP server import by name, and the folder of each. */
const PACKAGE_DIRS = { 'cloud-platform-api': '', 'cloud-platform-emulator': 'emulator' };
/** The columns of the picture, left to right, in the order data flows. */
const COLUMNS = [/^(generated|src)\//, /^emulator\//, /^mcp\//];

interface Cruised {
  modules: { source: string; dependencies: { resolved: string; module: string; dependencyTypes: string[] }[] }[];
}

/** Runs dependency-cruiser with the project's config over the sources; its JSON output. */
export function cruise(root: string): Cruised {
  const run = spawnSync(
    path.join(root, 'node_modules', '.bin', 'depcruise'),
    ['--config', '.dependency-cruiser.cjs', '--output-type', 'json', ...SOURCES],
    { cwd: root, encoding: 'utf8', timeout: 60_000, maxBuffer: 64 * 1024 * 1024 },
  );
  if (run.status !== 0) throw new Error(`depcruise failed: ${run.stderr}`);
  return JSON.parse(run.stdout) as Cruised;
}

/**
 * The source file behind each specifier the packages export (`cloud-platform-api/toolbox`:
 * src/contract/internal.ts), read from their package.json, as the build maps dist/ back to the sources.
 */
function exportedSources(root: string): Map<string, string> {
  const sources = new Map<string, string>();
  for (const [name, dir] of Object.entries(PACKAGE_DIRS)) {
    const { exports } = JSON.parse(readFileSync(path.join(root, dir, 'package.json'), 'utf8')) as {
      exports: Record<string, unknown>;
    };
    for (const [subpath, target] of Object.entries(exports)) {
      const text = JSON.stringify(target);
      const file =
        /"types":"\.\/dist\/(src\/[^"]+)\.d\.ts"/.exec(text)?.[1] ?? /^"\.\/(generated\/[^"]+)"$/.exec(text)?.[1];
      const source = file && (file.startsWith('src/') ? `${file}.ts` : file);
      if (source) sources.set(path.posix.join(name, subpath), path.posix.join(dir, source));
    }
  }
  return sources;
}

/**
 * The box a module belongs to, or undefined for one outside the project: the MCP server is one box, its
 * package has no layers; the emulator's core is drawn by its folders, and each file at its top.
 */
function boxOf(module: string): string | undefined {
  if (!OWN.test(module)) return undefined;
  if (module.startsWith('generated/')) return 'generated/';
  if (module.startsWith('mcp/')) return 'mcp/src/';
  if (module.startsWith('emulator/src/core/')) return /^emulator\/src\/core\/[^/]+\//.exec(module)?.[0] ?? module;
  const folder = /^((?:emulator\/)?src\/[^/]+\/)/.exec(module)?.[1];
  return folder ?? module;
}

/** An import from one box of another: `typeOnly` where no import between the two is kept at run time. */
interface Arrow {
  to: string;
  typeOnly: boolean;
}

/** Each box and the boxes it imports, sorted. */
export function layerGraph(cruised: Cruised, root: string): Map<string, Arrow[]> {
  const exported = exportedSources(root);
  const edges = new Map<string, Map<string, boolean>>();
  const add = (box: string) => edges.get(box) ?? edges.set(box, new Map()).get(box)!;
  for (const { source, dependencies } of cruised.modules) {
    const from = boxOf(source);
    if (!from) continue;
    const targets = add(from);
    for (const { resolved, module, dependencyTypes } of dependencies) {
      const to = boxOf(OWN.test(resolved) ? resolved : (exported.get(module) ?? module));
      if (!to || to === from) continue;
      add(to);
      targets.set(to, (targets.get(to) ?? true) && dependencyTypes.includes('type-only'));
    }
  }
  return new Map(
    [...edges]
      .sort(([a], [b]) => a.localeCompare(b))
      .map(([box, to]) => [
        box,
        [...to].sort(([a], [b]) => a.localeCompare(b)).map(([target, typeOnly]) => ({ to: target, typeOnly })),
      ]),
  );
}

/** Whether `from` imports `to`, through any chain of boxes. */
function reaches(graph: Map<string, Arrow[]>, from: string, to: string, seen = new Set<string>()): boolean {
  if (from === to) return true;
  seen.add(from);
  return (graph.get(from) ?? []).some((arrow) => !seen.has(arrow.to) && reaches(graph, arrow.to, to, seen));
}

/**
 * Each box's row: 0 for a box that imports none, else one more than the highest row it imports. A
 * type-only import in a cycle is drawn but not ranked (it points up); a cycle of run-time imports is an error.
 */
function rows(graph: Map<string, Arrow[]>): Map<string, number> {
  const row = new Map<string, number>();
  const rowOf = (box: string, seen: readonly string[]): number => {
    if (seen.includes(box)) throw new Error(`a cycle between the layers: ${[...seen, box].join(' -> ')}`);
    const known = row.get(box);
    if (known !== undefined) return known;
    const ranked = (graph.get(box) ?? []).filter(({ to, typeOnly }) => !typeOnly || !reaches(graph, to, box));
    const own = Math.max(-1, ...ranked.map(({ to }) => rowOf(to, [...seen, box]))) + 1;
    row.set(box, own);
    return own;
  };
  for (const box of graph.keys()) rowOf(box, []);
  return row;
}

const CHAR_WIDTH = 7;
const BOX_HEIGHT = 28;
const ROW_GAP = 56;
const BOX_GAP = 16;
const COLUMN_GAP = 48;
const MARGIN = 20;

const escaped = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;');

/** The SVG: rows from the top (the entry points) to the bottom (what imports nothing), arrows pointing to what is imported. */
export function layersSvg(graph: Map<string, Arrow[]>): string {
  const rowOf = rows(graph);
  const height = Math.max(...rowOf.values());
  const widthOf = (box: string) => box.length * CHAR_WIDTH + 20;
  const rowWidth = (boxes: string[]) =>
    boxes.reduce((sum, box) => sum + widthOf(box), 0) + BOX_GAP * Math.max(0, boxes.length - 1);
  // Each package a column of its own, each box in its row within the column.
  const cells = COLUMNS.map((column) =>
    Array.from({ length: height + 1 }, (_, row) =>
      [...graph.keys()].filter((box) => column.test(box) && rowOf.get(box) === row),
    ),
  );
  const columnWidths = cells.map((column) => Math.max(...column.map(rowWidth)));
  const width = columnWidths.reduce((sum, w) => sum + w + COLUMN_GAP, 2 * MARGIN - COLUMN_GAP);
  const place = new Map<string, { x: number; y: number; w: number }>();
  let left = MARGIN;
  cells.forEach((column, index) => {
    column.forEach((boxes, row) => {
      let x = left + (columnWidths[index]! - rowWidth(boxes)) / 2;
      const y = MARGIN + (height - row) * (BOX_HEIGHT + ROW_GAP);
      for (const box of boxes) {
        place.set(box, { x, y, w: widthOf(box) });
        x += widthOf(box) + BOX_GAP;
      }
    });
    left += columnWidths[index]! + COLUMN_GAP;
  });
  const arrows = [...graph].flatMap(([from, targets]) =>
    targets.map(({ to, typeOnly }) => {
      const a = place.get(from)!;
      const b = place.get(to)!;
      const upward = b.y < a.y;
      const dash = typeOnly ? ' stroke-dasharray="4 3"' : '';
      return `  <line x1="${a.x + a.w / 2}" y1="${upward ? a.y : a.y + BOX_HEIGHT}" x2="${b.x + b.w / 2}" y2="${upward ? b.y + BOX_HEIGHT : b.y}"${dash} marker-end="url(#head)"/>`;
    }),
  );
  const boxes = [...place].map(
    ([box, { x, y, w }]) =>
      `  <g><rect x="${x}" y="${y}" width="${w}" height="${BOX_HEIGHT}" rx="4"/><text x="${x + w / 2}" y="${y + 18}">${escaped(box)}</text></g>`,
  );
  const svgHeight = 2 * MARGIN + (height + 1) * BOX_HEIGHT + height * ROW_GAP;
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${svgHeight}" viewBox="0 0 ${width} ${svgHeight}" font-family="monospace" font-size="12">`,
    '  <title>The layers: each folder imports only the folders its arrows point to (made by npm run layers:picture)</title>',
    '  <defs><marker id="head" viewBox="0 0 8 8" refX="8" refY="4" markerWidth="8" markerHeight="8" orient="auto"><path d="M0,0 L8,4 L0,8 z" fill="#888"/></marker></defs>',
    '  <rect width="100%" height="100%" fill="#fff"/>',
    '  <g stroke="#888" stroke-opacity="0.6">',
    ...arrows,
    '  </g>',
    '  <g fill="#eef3fb" stroke="#4a6fa5" text-anchor="middle">',
    ...boxes.map((box) => box.replace('<text ', '<text fill="#000" stroke="none" ')),
    '  </g>',
    '</svg>',
    '',
  ].join('\n');
}

/** Where the picture is committed. */
export const LAYERS_PICTURE = 'docs/images/layers.svg';
