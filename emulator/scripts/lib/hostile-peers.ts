// Hostile peers for `npm run stress`, each on 127.0.0.1 and bounded in count and time: an upstream
// behind the proxy that answers huge, or small but compressed to huge; a server under
// cloud-platform-check that does the same; and a client that sends the journal 1 MiB bodies. Each
// scenario's memory is measured (the process's peak RSS over its start, or the heap a journal keeps
// after a full collection) and held to a bound far below what an unbounded read takes.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { gzipSync } from 'node:zlib';
import { checkContract } from 'cloud-platform-check';
import { createEmulator } from '../../src/index.js';

const MIB = 1024 * 1024;

export interface PeerResult {
  name: string;
  /** What the scenario measured, in MiB. */
  mib: number;
  boundMib: number;
  /** What the peer got: a status, a failure, a count. */
  outcome: string;
}

/** Peak RSS over the run of `work`, sampled every 5 ms, less the RSS at its start. */
async function peakRssMib<T>(work: () => Promise<T>): Promise<{ mib: number; value: T }> {
  const start = process.memoryUsage.rss();
  let peak = start;
  const timer = setInterval(() => (peak = Math.max(peak, process.memoryUsage.rss())), 5);
  try {
    const value = await work();
    peak = Math.max(peak, process.memoryUsage.rss());
    return { mib: (peak - start) / MIB, value };
  } finally {
    clearInterval(timer);
  }
}

/** A full collection, so that heap use is what is still held. */
function collect(): void {
  setFlagsFromString('--expose-gc');
  (runInNewContext('gc') as () => void)();
}

async function serve(answer: Buffer, headers: Record<string, string>): Promise<{ url: string; server: Server }> {
  const server = createServer((req, res) => {
    req.resume();
    res.writeHead(200, { 'content-type': 'application/json', ...headers }).end(answer);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, server };
}

const close = (server: Server) => new Promise<void>((resolve) => server.close(() => resolve()));

/** 256 MiB of JSON spaces, as a 256 kB gzip answer. */
const compressedAnswer = () => ({
  body: gzipSync(Buffer.alloc(256 * MIB, 32)),
  headers: { 'content-encoding': 'gzip' },
});
/** 64 MiB, as it is. */
const hugeAnswer = () => ({ body: Buffer.alloc(64 * MIB, 32), headers: {} });

async function throughProxy(
  name: string,
  make: () => { body: Buffer; headers: Record<string, string> },
): Promise<PeerResult> {
  const { body, headers } = make();
  const upstream = await serve(body, headers);
  const emulator = await createEmulator({ proxy: { baseUrl: upstream.url } });
  try {
    const { mib, value } = await peakRssMib(() =>
      emulator
        .fetch('http://emulator.local/streaming/videos/1444', { headers: { authorization: 'apikey stress' } })
        .then((r) => r.status),
    );
    return { name, mib, boundMib: 200, outcome: `the proxy answered ${value}` };
  } finally {
    await emulator.close();
    await close(upstream.server);
  }
}

async function underCheck(
  name: string,
  make: () => { body: Buffer; headers: Record<string, string> },
): Promise<PeerResult> {
  const { body, headers } = make();
  const target = await serve(body, headers);
  try {
    const { mib, value } = await peakRssMib(() =>
      checkContract({ baseUrl: target.url, apiKey: 'stress', seed: 1, maxRequests: 3 }),
    );
    return { name, mib, boundMib: 200, outcome: value.stoppedEarly ?? `${value.failures.length} failures` };
  } finally {
    await close(target.server);
  }
}

/** 1,000 requests of 1 MiB to the journal: the heap it still holds after a full collection. */
async function journalOfLargeBodies(): Promise<PeerResult> {
  const emulator = await createEmulator();
  collect();
  const before = process.memoryUsage().heapUsed;
  for (let n = 0; n < 1000; n++) {
    const body = `${n}`.padEnd(MIB, ' ');
    await emulator.fetch('http://emulator.local/cdn/logs_uploader/configs', {
      method: 'POST',
      headers: { authorization: 'apikey stress', 'content-type': 'application/json' },
      body,
    });
  }
  collect();
  const mib = (process.memoryUsage().heapUsed - before) / MIB;
  const kept = emulator.requests.list().length;
  await emulator.close();
  return {
    name: 'a client sending the journal 1,000 bodies of 1 MiB',
    mib,
    boundMib: 64,
    outcome: `${kept} requests kept`,
  };
}

export async function runHostilePeers(): Promise<PeerResult[]> {
  return [
    await throughProxy('an upstream answering 256 MiB as a 256 kB gzip, through the proxy', compressedAnswer),
    await throughProxy('an upstream answering 64 MiB, through the proxy', hugeAnswer),
    await underCheck('a server answering cloud-platform-check 256 MiB as a 256 kB gzip', compressedAnswer),
    await underCheck('a server answering cloud-platform-check 64 MiB', hugeAnswer),
    await journalOfLargeBodies(),
  ];
}
