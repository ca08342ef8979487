// npm run bench:client: the client's per-call time against openapi-fetch alone and bare fetch on the
// same local server, in interleaved rounds of one run, with openapi-fetch on the client's transport
// alone between them (where the time goes: the transport, or the middleware), and the size of a small
// app that imports createCloudClient (esbuild, minified, gzip), module by module. BENCH_ROUNDS and
// BENCH_CALLS change the rounds.
import { createServer } from 'node:http';
import { cpus } from 'node:os';
import type { AddressInfo } from 'node:net';
import { gzipSync } from 'node:zlib';
import { build } from 'esbuild';
import createClient from 'openapi-fetch';
import type { paths } from '../generated/schema.js';
import { createRedactor } from '../src/contract/redact.js';
import { createRetryingFetch } from '../src/client/retrying-fetch.js';
import { createCloudClient } from '../src/index.js';
import { interleave, metric, ratio, show } from './lib/rounds.js';

// Short rounds, many of them: a ratio of neighbours a second apart moves less with the machine's drift.
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 15);
const CALLS_PER_ROUND = Number(process.env.BENCH_CALLS ?? 4_000);
const GOAL_RATIO = 1.1;
const GOAL_GZIP_BYTES = 6 * 1024;

const body = JSON.stringify({ id: 1444, name: 'Product launch', status: 'ready' });
const server = createServer((_req, res) => {
  res.writeHead(200, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) });
  res.end(body);
});
await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
const baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

const client = createCloudClient({ apiKey: 'bench-key', baseUrl });
const bare = async () => {
  const response = await fetch(`${baseUrl}/streaming/videos/1444`, { headers: { Authorization: 'apikey bench-key' } });
  if (!response.ok) throw new Error(`bare fetch answered ${response.status}`);
  return response.json();
};
// A second reference: openapi-fetch on its own, to show which part of the gap is the library's.
const plainClient = createClient<paths>({ baseUrl, headers: { Authorization: 'apikey bench-key' } });
const plain = async () => {
  const { data, response } = await plainClient.GET('/streaming/videos/{video_id}', {
    params: { path: { video_id: 1444 } },
  });
  if (!response.ok) throw new Error(`openapi-fetch answered ${response.status}`);
  return data;
};
// The client's transport (per-attempt timeout, retries, the body read within the attempt, redaction)
// under openapi-fetch, without the client's middleware: createCloudClient's defaults.
const transportClient = createClient<paths>({
  baseUrl,
  headers: { Authorization: 'apikey bench-key' },
  fetch: createRetryingFetch({
    fetch: (request, init) => fetch(request, init),
    timeoutMs: 120_000,
    maxRetries: 2,
    redact: createRedactor('bench-key'),
  }),
});
const transport = async () => {
  const { data, response } = await transportClient.GET('/streaming/videos/{video_id}', {
    params: { path: { video_id: 1444 } },
  });
  if (!response.ok) throw new Error(`openapi-fetch on the transport answered ${response.status}`);
  return data;
};
const typed = async () => {
  const { data, response } = await client.GET('/streaming/videos/{video_id}', { params: { path: { video_id: 1444 } } });
  if (!response.ok) throw new Error(`client answered ${response.status}`);
  return data;
};

async function microsPerCall(call: () => Promise<unknown>): Promise<number> {
  const started = performance.now();
  for (let i = 0; i < CALLS_PER_ROUND; i++) await call();
  return ((performance.now() - started) * 1000) / CALLS_PER_ROUND;
}

// Warm every path (JIT, keep-alive sockets) once before the measured rounds.
for (const call of [bare, plain, transport, typed]) await microsPerCall(call);
const round = (call: () => Promise<unknown>) => async () => ({ us: await microsPerCall(call) });
const results = await interleave(
  [
    { name: 'bare fetch', round: round(bare) },
    { name: 'openapi-fetch alone', round: round(plain) },
    { name: 'openapi-fetch + transport', round: round(transport) },
    { name: 'createCloudClient', round: round(typed) },
  ],
  ROUNDS,
);
server.close();
const versusPlain = ratio(results, 'createCloudClient', 'openapi-fetch alone', 'us');
const versusBare = ratio(results, 'createCloudClient', 'bare fetch', 'us');

const app = await build({
  stdin: {
    contents:
      "import { createCloudClient } from './src/index.ts';\nconst c = createCloudClient({ apiKey: 'k' });\nc.GET('/streaming/videos/{video_id}', { params: { path: { video_id: 1 } } }).then(console.log);\n",
    resolveDir: new URL('..', import.meta.url).pathname,
    loader: 'ts',
  },
  bundle: true,
  minify: true,
  format: 'esm',
  platform: 'browser',
  write: false,
  logLevel: 'silent',
  metafile: true,
});
const minified = app.outputFiles[0]!.contents;
const gzipped = gzipSync(minified, { level: 9 }).length;

console.log(
  `Client per-call time, GET /streaming/videos/{video_id} on 127.0.0.1 (${cpus().length} cores, ${ROUNDS} interleaved rounds of ${CALLS_PER_ROUND} calls; median, min, max)`,
);
for (const name of results.keys()) console.log(`  ${name.padEnd(22)} ${show(metric(results, name, 'us'), 1)} µs/call`);
console.log(
  `  createCloudClient / openapi-fetch alone  ${show(versusPlain, 3)}x (goal <= ${GOAL_RATIO}x: ${versusPlain.median <= GOAL_RATIO ? 'met' : 'NOT met'})`,
);
console.log(`  createCloudClient / bare fetch           ${show(versusBare, 3)}x`);
console.log(
  `  openapi-fetch alone / bare fetch         ${show(ratio(results, 'openapi-fetch alone', 'bare fetch', 'us'), 3)}x`,
);
console.log(
  `  where the client's time goes: its transport ${show(ratio(results, 'openapi-fetch + transport', 'openapi-fetch alone', 'us'), 3)}x, then its middleware ${show(ratio(results, 'createCloudClient', 'openapi-fetch + transport', 'us'), 3)}x`,
);
console.log('Size of a small app importing createCloudClient (esbuild, minified, browser)');
console.log(
  `  minified ${(minified.length / 1024).toFixed(2)} kB, gzip ${(gzipped / 1024).toFixed(2)} kB (goal <= ${GOAL_GZIP_BYTES / 1024} kB) ${gzipped <= GOAL_GZIP_BYTES ? 'met' : 'NOT met'}`,
);
const modules = Object.entries(Object.values(app.metafile.outputs)[0]!.inputs).filter(
  ([, { bytesInOutput }]) => bytesInOutput > 0,
);
console.log(
  `  minified bytes by module: ${modules
    .sort(([, a], [, b]) => b.bytesInOutput - a.bytesInOutput)
    .map(([file, { bytesInOutput }]) => `${file.replace(/^node_modules\//, '')} ${bytesInOutput}`)
    .join(', ')}`,
);
