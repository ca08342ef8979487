// npm run bench:emulator: autocannon (10 connections) against the emulator's HTTP server, Prism mocking
// the same document, and a bare node:http server returning fixed JSON (the floor, answering each
// request with a body of the emulator's size), all running at once on 127.0.0.1, in interleaved rounds
// of 1 s after one unmeasured round each (JIT warm-up), with each server's own CPU time per request read
// from /proc. BENCH_SECONDS and BENCH_ROUNDS change the rounds. BENCH_BASELINE=DIR, a built checkout of an
// earlier commit, adds its emulator to the same rounds (an A/B in one run) and prints this one's ratio to it.
import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { cpus } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import { cpuMicros, interleave, metric, ratio, show, type Figures } from '../../bench/lib/rounds.js';
import { closedPort } from '../../test-kit/http-server.js';

// 15 rounds of 1 s rather than 7 of 1.5 s: on a 2-core KVM guest one slow spell moved a median of 7.
const SECONDS = Number(process.env.BENCH_SECONDS ?? 1);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 15);
const CONNECTIONS = 10;
const GOAL_GET_VS_FLOOR = 0.7;
const GOAL_POST_VS_FLOOR = 0.6;
const AUTH = { authorization: 'apikey bench-token' };

interface Probe {
  name: string;
  method: 'GET' | 'POST';
  path: string;
  body?: string;
}
const probes: Probe[] = [
  { name: 'GET video', method: 'GET', path: '/streaming/videos/1444' },
  { name: 'GET streams', method: 'GET', path: '/streaming/streams?page=1' },
  {
    name: 'POST config (validated)',
    method: 'POST',
    path: '/cdn/logs_uploader/configs',
    body: JSON.stringify({ name: 'Logs to S3', policy: 12, target: 34, resources: [100, 101] }),
  },
];

// The floor answers each probe with a fixed body the size of the emulator's answer to it, so the
// ratio measures the emulator's work, not a difference in bytes.
const here = path.dirname(fileURLToPath(import.meta.url));
const repo = path.resolve(here, '..', '..');
const fixtures = JSON.parse(
  readFileSync(path.join(here, '..', 'src', 'operations', 'fixtures', 'streaming.json'), 'utf8'),
);
const createdConfig = JSON.parse(readFileSync(path.join(repo, 'generated', 'openapi.json'), 'utf8')).paths[
  '/cdn/logs_uploader/configs'
].post.responses['200'].content['application/json'].example;
const floorBodies: Record<string, string> = {
  '/streaming/videos/1444': JSON.stringify(fixtures.videos[0]),
  '/streaming/streams?page=1': JSON.stringify(fixtures.streams.slice(0, fixtures.streamsPageSize)),
  '/cdn/logs_uploader/configs': JSON.stringify(createdConfig),
};
const FLOOR_SERVER = `
const bodies = JSON.parse(process.env.FLOOR_BODIES);
require('node:http').createServer((req, res) => {
  req.resume();
  req.on('end', () => {
    const body = bodies[req.url] ?? '{}';
    res.writeHead(200, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) });
    res.end(body);
  });
}).listen(Number(process.argv[1]), '127.0.0.1');
`;

const BASELINE = process.env.BENCH_BASELINE;
const BASELINE_NAME = 'emulator at baseline';

const servers: { name: string; start: (port: number) => ChildProcess }[] = [
  {
    name: 'emulator',
    start: (port) =>
      spawn(process.execPath, [path.join(here, '..', 'bin', 'cloud-platform-emulator.js'), '--port', String(port)], {
        stdio: 'ignore',
      }),
  },
  {
    name: 'prism',
    start: (port) =>
      spawn(
        path.join(repo, 'node_modules', '.bin', 'prism'),
        [
          'mock',
          path.join(repo, 'generated', 'openapi.yaml'),
          '--port',
          String(port),
          '--host',
          '127.0.0.1',
          '--verboseLevel',
          'error',
        ],
        { stdio: 'ignore' },
      ),
  },
  {
    name: 'bare node:http (floor)',
    start: (port) =>
      spawn(process.execPath, ['-e', FLOOR_SERVER, String(port)], {
        stdio: 'ignore',
        env: { ...process.env, FLOOR_BODIES: JSON.stringify(floorBodies) },
      }),
  },
];

if (BASELINE) {
  const bin = path.resolve(BASELINE, 'emulator', 'bin', 'cloud-platform-emulator.js');
  servers.push({
    name: BASELINE_NAME,
    start: (port) => spawn(process.execPath, [bin, '--port', String(port)], { stdio: 'ignore' }),
  });
}

async function waitUntilUp(port: number): Promise<void> {
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    try {
      await fetch(`http://127.0.0.1:${port}/streaming/videos/1444`, { headers: AUTH });
      return;
    } catch {
      await new Promise((r) => setTimeout(r, 200));
    }
  }
  throw new Error(`nothing answered on port ${port} within 60 s`);
}

/** One round of one probe against one server: req/s, and the server's own CPU µs per request. */
async function measure(port: number, pid: number, probe: Probe): Promise<Figures> {
  const cpuBefore = cpuMicros(pid);
  const result = await autocannon({
    url: `http://127.0.0.1:${port}${probe.path}`,
    method: probe.method,
    connections: CONNECTIONS,
    duration: SECONDS,
    headers: { ...AUTH, ...(probe.body ? { 'content-type': 'application/json' } : {}) },
    ...(probe.body ? { body: probe.body } : {}),
  });
  if (result.non2xx > 0 || result.errors > 0)
    throw new Error(`${probe.name} on port ${port}: ${result.non2xx} non-2xx answers, ${result.errors} errors`);
  return { rps: result.requests.average, cpuUsPerRequest: (cpuMicros(pid) - cpuBefore) / result.requests.total };
}

// All three servers run at once, and rounds alternate between them, probe by probe.
const running = await Promise.all(
  servers.map(async (server) => {
    // A port the OS handed out and nothing holds now, for the server to listen on.
    const port = await closedPort();
    const child = server.start(port);
    await waitUntilUp(port);
    return { name: server.name, port, child };
  }),
);
const results = new Map<string, Map<string, Figures[]>>();
try {
  for (const probe of probes) {
    process.stderr.write(`${probe.name}\n`);
    // Not counted: the first requests of a path compile it, in each server alike.
    for (const server of running) await measure(server.port, server.child.pid!, probe);
    results.set(
      probe.name,
      await interleave(
        running.map((server) => ({ name: server.name, round: () => measure(server.port, server.child.pid!, probe) })),
        ROUNDS,
      ),
    );
  }
} finally {
  for (const server of running) server.child.kill('SIGKILL');
}

const [emulator, prism, floor] = servers.map((server) => server.name) as [string, string, string];
console.log(
  `\nautocannon, ${CONNECTIONS} connections, ${ROUNDS} interleaved rounds of ${SECONDS} s per server and request, 127.0.0.1, ${cpus().length} cores`,
);
console.log('median (min, max) over the rounds');
for (const probe of probes) {
  for (const server of servers) {
    const byRound = results.get(probe.name)!;
    console.log(
      `  ${probe.name.padEnd(25)} ${server.name.padEnd(24)} ${show(metric(byRound, server.name, 'rps'))} req/s   ${show(metric(byRound, server.name, 'cpuUsPerRequest'), 1)} CPU µs/request`,
    );
  }
}
console.log(
  "\nratios of req/s (median of the per-round ratios, min, max); CPU per request of the floor over the emulator's",
);
for (const probe of probes) {
  const byRound = results.get(probe.name)!;
  const goal = probe.method === 'GET' ? GOAL_GET_VS_FLOOR : GOAL_POST_VS_FLOOR;
  const vsFloor = ratio(byRound, emulator, floor, 'rps');
  console.log(
    `  ${probe.name.padEnd(25)} vs floor ${show(vsFloor, 2)} (goal >= ${goal}x: ${vsFloor.median >= goal ? 'met' : 'NOT met'})   vs prism ${show(ratio(byRound, emulator, prism, 'rps'), 1)}   CPU floor/emulator ${show(ratio(byRound, floor, emulator, 'cpuUsPerRequest'), 2)}`,
  );
}
if (BASELINE) {
  console.log(
    `\nagainst ${BASELINE_NAME} (${BASELINE}): req/s ratio, and CPU per request of the baseline over this one's`,
  );
  for (const probe of probes) {
    const byRound = results.get(probe.name)!;
    console.log(
      `  ${probe.name.padEnd(25)} req/s ${show(ratio(byRound, emulator, BASELINE_NAME, 'rps'), 3)}   CPU ${show(ratio(byRound, BASELINE_NAME, emulator, 'cpuUsPerRequest'), 3)}`,
    );
  }
}
