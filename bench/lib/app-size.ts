// The size of a small app that calls the API through createCloudClient, built as Vite 8 builds an app
// (rolldown, minified, for the browser; a dynamic import becomes a chunk of its own). What the app
// loads before its first call is answered is its entry chunk with every chunk that chunk imports, and
// for a method call the chunk of the resource layer, which the call loads; the rest is loaded on demand
// (the client's failure path, with the first failure).
import { gzipSync } from 'node:zlib';
import { type OutputChunk, rolldown } from 'rolldown';

const APP_ID = '\0small-app.ts';
/** The one call the app makes: in the path form (client.GET) or as a method (client.streaming.videos.get). */
export type AppCall = 'path' | 'method';
const CALLS: Record<AppCall, string> = {
  path: "client.GET('/streaming/videos/{video_id}', { params: { path: { video_id: 1 } } }).then(console.log);",
  method: 'client.streaming.videos.get(1).then(console.log);',
};
/** The module whose chunk the first call of each form loads before it is sent: none for the path form. */
const LOADED_BY_CALL: Record<AppCall, string | undefined> = { path: undefined, method: '/src/client/resources.ts' };
const appSource = (root: string, call: AppCall) =>
  `import { createCloudClient } from ${JSON.stringify(`${root}/src/index.ts`)};
const client = createCloudClient({ apiKey: 'k' });
${CALLS[call]}
`;

export interface ChunkSet {
  minifiedBytes: number;
  gzipBytes: number;
  /** Bytes each source module puts in these chunks before minifying, largest first. */
  modules: [name: string, bytes: number][];
}

function measured(chunks: readonly OutputChunk[]): ChunkSet {
  const code = chunks.map((chunk) => chunk.code).join('\n');
  const modules = chunks
    .flatMap((chunk) => Object.entries(chunk.modules).map(([id, { renderedLength }]) => [id, renderedLength] as const))
    .filter(([, bytes]) => bytes > 0)
    .map(([id, bytes]): [string, number] => [
      // The app's own module has a virtual id that begins with a NUL, as rolldown's convention is: not printed.
      id
        .replace(/^\0/, '')
        .replace(/^.*node_modules\//, '')
        .replace(/^.*\/(src|generated)\//, '$1/'),
      bytes,
    ])
    .sort(([, a], [, b]) => b - a);
  return { minifiedBytes: Buffer.byteLength(code), gzipBytes: gzipSync(code, { level: 9 }).length, modules };
}

/** The app's chunks loaded before its first call, and those loaded only on demand. */
export async function smallAppSize(
  root: string,
  call: AppCall = 'path',
): Promise<{ first: ChunkSet; onDemand: ChunkSet }> {
  const bundle = await rolldown({
    input: APP_ID,
    platform: 'browser',
    logLevel: 'silent',
    plugins: [
      {
        name: 'small-app',
        resolveId: (id) => (id === APP_ID ? id : null),
        load: (id) => (id === APP_ID ? { code: appSource(root, call), moduleType: 'ts' } : null),
      },
    ],
  });
  const { output } = await bundle.generate({ format: 'esm', minify: true });
  await bundle.close();
  const chunks = new Map(output.filter((file) => file.type === 'chunk').map((chunk) => [chunk.fileName, chunk]));
  const loadedByCall = LOADED_BY_CALL[call];
  const first = new Set(
    [...chunks.values()].filter(
      (chunk) =>
        chunk.isEntry ||
        (loadedByCall !== undefined && Object.keys(chunk.modules).some((id) => id.endsWith(loadedByCall))),
    ),
  );
  for (const chunk of first) for (const name of chunk.imports) first.add(chunks.get(name)!);
  return {
    first: measured([...first]),
    onDemand: measured([...chunks.values()].filter((chunk) => !first.has(chunk))),
  };
}
