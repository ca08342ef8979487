// npm run bench:client: the client's per-call time, in the path form and as a method
// (client.streaming.videos.get), against openapi-fetch alone and bare fetch on the same local server, in
// interleaved rounds of one run, with openapi-fetch on the client's transport alone between them (where
// the time goes: the transport, or its checks of each call), and the size of a small app that imports
// createCloudClient and makes one call in either form (lib/app-size.ts), module by module. BENCH_ROUNDS and
// BENCH_CALLS change the rounds. The calls go through the built dist/src, as the package ships it:
// src/ run through tsx is another program (its keepNames transform names every function a call makes).
import { createServer } from 'node:http';
import { cpus } from 'node:os';
import type { AddressInfo } from 'node:net';
import createClient from 'openapi-fetch';
import type { paths } from '../generated/schema.js';
import { CallRequest } from '../dist/src/client/call-request.js';
import { createClientFetch } from '../dist/src/client/client-fetch.js';
import { createCloudClient } from '../dist/src/index.js';
import { type ChunkSet, smallAppSize } from './lib/app-size.js';
import { interleave, metric, ratio, show } from './lib/rounds.js';

// Short rounds, many of them: a ratio of neighbours a tenth of a second apart moves less with the
// machine's drift, and the median of 120 ratios less with a slow spell than the median of 15.
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 120);
const CALLS_PER_ROUND = Number(process.env.BENCH_CALLS ?? 500);
const GOAL_RATIO = 1.05;
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
// The client's transport (per-attempt timeout, the body read within the attempt, retries where needed)
// under openapi-fetch, with the Request it reads a call's options from (without which an attempt would
// listen to the request's signal), but not the client's checks of each call: createCloudClient's defaults.
const transportClient = createClient<paths>({
  baseUrl,
  headers: { Authorization: 'apikey bench-key' },
  Request: CallRequest,
  fetch: createClientFetch({
    fetch: (request, init) => fetch(request, init),
    timeoutMs: 120_000,
    maxRetries: 2,
    apiKey: 'bench-key',
    logLevel: 'off',
    logger: console,
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

// Awaited inside, as the path form's body is: returning the promise from an async function would add the
// two turns of resolving one promise with another to this target alone.
const method = async () => {
  const video = await client.streaming.videos.get(1444);
  return video;
};

async function microsPerCall(call: () => Promise<unknown>): Promise<number> {
  const started = performance.now();
  for (let i = 0; i < CALLS_PER_ROUND; i++) await call();
  return ((performance.now() - started) * 1000) / CALLS_PER_ROUND;
}

// Warm every path (JIT, keep-alive sockets) once before the measured rounds.
for (const call of [bare, plain, transport, typed, method]) await microsPerCall(call);
const round = (call: () => Promise<unknown>) => async () => ({ us: await microsPerCall(call) });
const results = await interleave(
  [
    { name: 'bare fetch', round: round(bare) },
    { name: 'openapi-fetch alone', round: round(plain) },
    { name: 'openapi-fetch + transport', round: round(transport) },
    { name: 'createCloudClient', round: round(typed) },
    { name: 'method form', round: round(method) },
  ],
  ROUNDS,
);
server.close();
const versusPlain = ratio(results, 'createCloudClient', 'openapi-fetch alone', 'us');
const versusBare = ratio(results, 'createCloudClient', 'bare fetch', 'us');
const methodVersusPlain = ratio(results, 'method form', 'openapi-fetch alone', 'us');

const root = new URL('..', import.meta.url).pathname.replace(/\/$/, '');
const apps = { path: await smallAppSize(root, 'path'), method: await smallAppSize(root, 'method') };

console.log(
  `Client per-call time, GET /streaming/videos/{video_id} on 127.0.0.1 (${cpus().length} cores, ${ROUNDS} interleaved rounds of ${CALLS_PER_ROUND} calls; median, min, max)`,
);
for (const name of results.keys()) console.log(`  ${name.padEnd(22)} ${show(metric(results, name, 'us'), 1)} µs/call`);
console.log(
  `  createCloudClient / openapi-fetch alone  ${show(versusPlain, 3)}x (goal <= ${GOAL_RATIO}x: ${versusPlain.median <= GOAL_RATIO ? 'met' : 'NOT met'})`,
);
console.log(
  `  method form / openapi-fetch alone        ${show(methodVersusPlain, 3)}x (goal <= ${GOAL_RATIO}x: ${methodVersusPlain.median <= GOAL_RATIO ? 'met' : 'NOT met'})`,
);
console.log(
  `  method form / createCloudClient          ${show(ratio(results, 'method form', 'createCloudClient', 'us'), 3)}x`,
);
console.log(`  createCloudClient / bare fetch           ${show(versusBare, 3)}x`);
console.log(
  `  openapi-fetch alone / bare fetch         ${show(ratio(results, 'openapi-fetch alone', 'bare fetch', 'us'), 3)}x`,
);
console.log(
  `  where the client's time goes: its transport ${show(ratio(results, 'openapi-fetch + transport', 'openapi-fetch alone', 'us'), 3)}x, then its checks of each call ${show(ratio(results, 'createCloudClient', 'openapi-fetch + transport', 'us'), 3)}x`,
);
const kB = (bytes: number) => `${(bytes / 1024).toFixed(2)} kB`;
const modulesOf = (set: ChunkSet) => set.modules.map(([name, bytes]) => `${name} ${bytes}`).join(', ');
for (const [form, app] of Object.entries(apps)) {
  console.log(
    `Size of a small app importing createCloudClient, one call in the ${form} form (rolldown as Vite 8 builds, minified, browser)`,
  );
  console.log(
    `  loaded before the first call is answered: gzip ${kB(app.first.gzipBytes)} (goal <= ${GOAL_GZIP_BYTES / 1024} kB: ${app.first.gzipBytes <= GOAL_GZIP_BYTES ? 'met' : 'NOT met'}), minified ${kB(app.first.minifiedBytes)}`,
  );
  console.log(
    `  loaded with the first failure: gzip ${kB(app.onDemand.gzipBytes)}, minified ${kB(app.onDemand.minifiedBytes)}`,
  );
  console.log(`  bytes by module before minifying, first: ${modulesOf(app.first)}`);
  console.log(`  bytes by module before minifying, on demand: ${modulesOf(app.onDemand)}`);
}
