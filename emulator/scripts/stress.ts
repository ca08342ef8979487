// npm run stress: at least 10,000 hostile requests (scripts/lib/fuzz-requests.ts) to an emulator on
// 127.0.0.1, over real sockets, for at most 2 minutes; then hostile snapshots and fixture sets
// (scripts/lib/hostile-state.ts), each fed to a fresh emulator in process, which must refuse it by
// name or serve only answers the document declares; then hostile peers (scripts/lib/hostile-peers.ts),
// each with its memory measured against a bound. Every answer is judged against the document; it
// prints the counts, a histogram of statuses, the 5xx, the crashes, the contradictions and the memory,
// and exits 1 unless all are 0 and every peer stays in its bound. Not part of npm test (which runs a smaller share of both).
import { Agent, request as httpRequest } from 'node:http';
import fc from 'fast-check';
import { createServerEmulator, startEmulatorServer } from '../src/server.js';
import { createJudge, fuzzRequests, type Answer, type FuzzRequest } from './lib/fuzz-requests.js';
import { feedHostileState } from './lib/hostile-state.js';
import { runHostilePeers } from './lib/hostile-peers.js';

const REQUESTS = 20_000;
/** Hostile snapshots, and as many hostile fixture sets. */
const HOSTILE_STATES = 250;
const TIME_LIMIT_MS = 110_000;
const CONCURRENCY = 8;
const PER_REQUEST_TIMEOUT_MS = 15_000;

/**
 * Sends one request and reads the whole answer. A kept-alive socket that the server closed just as it
 * was reused fails without an answer (a race of keep-alive itself, not the server's fault): such a
 * request is sent once more on a new connection, as Node's documentation advises.
 */
function send(base: URL, agent: Agent | false, fuzz: FuzzRequest): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(
      {
        agent,
        host: base.hostname,
        port: base.port,
        method: fuzz.method,
        path: fuzz.url,
        // Node sends a DELETE's or GET's body without a length unless told it: the server would read it as the next request.
        headers:
          fuzz.body === undefined
            ? fuzz.headers
            : { ...fuzz.headers, 'content-length': String(Buffer.byteLength(fuzz.body)) },
        timeout: PER_REQUEST_TIMEOUT_MS,
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () =>
          resolve({
            status: res.statusCode!,
            contentType: res.headers['content-type'],
            body: Buffer.concat(chunks).toString('utf8'),
          }),
        );
        res.on('error', reject);
      },
    );
    req.on('timeout', () => req.destroy(new Error(`no answer in ${PER_REQUEST_TIMEOUT_MS} ms`)));
    req.on('error', (error: NodeJS.ErrnoException) => {
      if (agent && req.reusedSocket && error.code === 'ECONNRESET')
        return void send(base, false, fuzz).then(resolve, reject);
      reject(error);
    });
    req.end(fuzz.body);
  });
}

async function main(): Promise<number> {
  const server = await startEmulatorServer(await createServerEmulator(), { port: 0 });
  const { document } = server.emulator;
  const judge = createJudge(document);
  const base = new URL(server.url);
  const agent = new Agent({ keepAlive: true, maxSockets: CONCURRENCY });
  const seed = Number(process.env.STRESS_SEED ?? Date.now() % 2 ** 31);
  const requests = fc.sample(fuzzRequests(document), { numRuns: REQUESTS, seed });
  const statuses = new Map<string, number>();
  const contradictions: string[] = [];
  let sent = 0;
  let next = 0;
  const deadline = Date.now() + TIME_LIMIT_MS;
  const worker = async () => {
    while (next < requests.length && Date.now() < deadline) {
      const fuzz = requests[next++]!;
      sent++;
      const answer = await send(base, agent, fuzz).catch((error: Error) => ({
        status: 0,
        contentType: undefined,
        body: error.message,
      }));
      const key = answer.status === 0 ? 'no answer' : String(answer.status);
      statuses.set(key, (statuses.get(key) ?? 0) + 1);
      // The server answers even a malformed request: a connection dropped without an answer is a fault too.
      const verdict = answer.status === 0 ? `no answer: ${answer.body}` : judge(fuzz, answer);
      if (verdict) contradictions.push(`${fuzz.method} ${fuzz.url.slice(0, 120)} -> ${verdict}`);
    }
  };
  const started = Date.now();
  await Promise.all(Array.from({ length: CONCURRENCY }, worker));
  agent.destroy();
  await server.close();
  const fivexx = [...statuses].filter(([status]) => status.startsWith('5')).reduce((n, [, count]) => n + count, 0);
  console.log(
    `stress: ${sent} requests in ${((Date.now() - started) / 1000).toFixed(1)} s to 127.0.0.1 (fast-check seed ${seed})`,
  );
  console.log('statuses:');
  for (const [status, count] of [...statuses].sort()) console.log(`  ${status.padEnd(9)} ${count}`);
  console.log(`5xx: ${fivexx}`);
  console.log(`contradictions of the document: ${contradictions.length}`);
  for (const line of contradictions.slice(0, 20)) console.log(`  ${line}`);
  const state = await feedHostileState(HOSTILE_STATES, seed);
  console.log(
    `hostile state: ${state.fed} snapshots and fixture sets fed, ${state.refused} refused by name, ${state.accepted} accepted and probed`,
  );
  console.log(`crashes: ${state.crashes.length}`);
  for (const line of state.crashes.slice(0, 20)) console.log(`  ${line}`);
  console.log(`answers off the document after a hostile state: ${state.contradictions.length}`);
  for (const line of state.contradictions.slice(0, 20)) console.log(`  ${line}`);
  const peers = await runHostilePeers();
  console.log('hostile peers (memory: peak RSS over the start, or heap still held):');
  for (const peer of peers)
    console.log(
      `  ${peer.mib <= peer.boundMib ? 'ok  ' : 'OVER'} ${peer.mib.toFixed(1).padStart(6)} MiB (bound ${peer.boundMib}) ${peer.name}: ${peer.outcome}`,
    );
  const bounded = peers.every((peer) => peer.mib <= peer.boundMib);
  const clean =
    fivexx === 0 &&
    contradictions.length === 0 &&
    state.crashes.length === 0 &&
    state.contradictions.length === 0 &&
    bounded;
  return sent >= 10_000 && clean ? 0 : 1;
}

process.exitCode = await main();
