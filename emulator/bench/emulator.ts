// npm run bench:emulator: autocannon (10 connections, 10 s per target and request) against the
// emulator, Prism mocking the same document, and a bare node:http server returning fixed JSON (the
// floor, answering each request with a body of the emulator's size), all in one run, one target at a time, on 127.0.0.1. BENCH_SECONDS shortens a trial run.
import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const CONNECTIONS = 10;
const GOAL_VS_PRISM = 8;
const GOAL_VS_FLOOR = 0.6;
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
  { name: 'POST config (validated)', method: 'POST', path: '/cdn/logs_uploader/configs', body: JSON.stringify({ name: 'Logs to S3', policy: 12, target: 34, resources: [100, 101] }) },
];

// The floor answers each probe with a fixed body the size of the emulator's answer to it, so the
// ratio measures the emulator's work, not a difference in bytes.
const here = path.dirname(fileURLToPath(import.meta.url));
const repo = path.resolve(here, '..', '..');
const fixtures = JSON.parse(readFileSync(path.join(here, '..', 'src', 'core', 'default-fixtures.json'), 'utf8'));
const createdConfig = JSON.parse(readFileSync(path.join(repo, 'generated', 'openapi.json'), 'utf8')).paths['/cdn/logs_uploader/configs'].post.responses['200'].content['application/json'].example;
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

async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const server = createServer();
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

const targets: { name: string; start: (port: number) => ChildProcess }[] = [
  { name: 'emulator', start: (port) => spawn(process.execPath, [path.join(here, '..', 'bin', 'cloud-platform-emulator.js'), '--port', String(port)], { stdio: 'ignore' }) },
  {
    name: 'prism',
    start: (port) => spawn(path.join(repo, 'node_modules', '.bin', 'prism'), ['mock', path.join(repo, 'generated', 'openapi.yaml'), '--port', String(port), '--host', '127.0.0.1', '--verboseLevel', 'error'], { stdio: 'ignore' }),
  },
  {
    name: 'bare node:http (floor)',
    start: (port) => spawn(process.execPath, ['-e', FLOOR_SERVER, String(port)], { stdio: 'ignore', env: { ...process.env, FLOOR_BODIES: JSON.stringify(floorBodies) } }),
  },
];

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

interface Measured {
  rps: number;
  p99: number;
  non2xx: number;
  errors: number;
}

async function measure(port: number, probe: Probe): Promise<Measured> {
  const result = await autocannon({
    url: `http://127.0.0.1:${port}${probe.path}`,
    method: probe.method,
    connections: CONNECTIONS,
    duration: SECONDS,
    headers: { ...AUTH, ...(probe.body ? { 'content-type': 'application/json' } : {}) },
    ...(probe.body ? { body: probe.body } : {}),
  });
  return { rps: result.requests.average, p99: result.latency.p99, non2xx: result.non2xx, errors: result.errors };
}

const results = new Map<string, Map<string, Measured>>();
for (const target of targets) {
  const port = await freePort();
  const child = target.start(port);
  try {
    await waitUntilUp(port);
    const byProbe = new Map<string, Measured>();
    for (const probe of probes) {
      byProbe.set(probe.name, await measure(port, probe));
      process.stdout.write(`  measured ${target.name}: ${probe.name}\n`);
    }
    results.set(target.name, byProbe);
  } finally {
    child.kill('SIGKILL');
  }
}

const [emulator, prism, floor] = targets.map((t) => results.get(t.name)!);
console.log(`\nautocannon, ${CONNECTIONS} connections, ${SECONDS} s per row, 127.0.0.1`);
console.log('target                    request                    req/s   p99 ms  non-2xx  errors');
for (const target of targets) {
  for (const probe of probes) {
    const m = results.get(target.name)!.get(probe.name)!;
    console.log(`${target.name.padEnd(26)}${probe.name.padEnd(25)}${m.rps.toFixed(0).padStart(8)}${m.p99.toFixed(1).padStart(9)}${String(m.non2xx).padStart(9)}${String(m.errors).padStart(8)}`);
  }
}
console.log('\nratios (emulator req/s over the baseline named)');
for (const probe of probes) {
  const e = emulator!.get(probe.name)!.rps;
  const vsPrism = e / prism!.get(probe.name)!.rps;
  const vsFloor = e / floor!.get(probe.name)!.rps;
  const gated = probe.method === 'GET';
  console.log(
    `  ${probe.name.padEnd(25)} vs prism ${vsPrism.toFixed(2)}x${gated ? ` (goal >= ${GOAL_VS_PRISM}x: ${vsPrism >= GOAL_VS_PRISM ? 'met' : 'NOT met'})` : ''}` +
      `   vs floor ${vsFloor.toFixed(2)}x${gated ? ` (goal >= ${GOAL_VS_FLOOR}x: ${vsFloor >= GOAL_VS_FLOOR ? 'met' : 'NOT met'})` : ''}`,
  );
}
