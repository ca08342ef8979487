// npm run bench:emulator-state: the create rate (POST /cdn/logs_uploader/configs through the
// in-process adapter, one after another) with state in SQLite, at an empty state and after 100,000
// configs, against the in-memory store and against the way --state worked before the SQLite store
// (the whole state rewritten as one JSON file, temp file + rename, on every change): the baseline.
// Also GET calls per second through the in-process adapter against the HTTP adapter. Targets run in
// short interleaved rounds, so a noisy neighbour slows them all alike; each figure is the median of
// the rounds, with min and max. BENCH_ROUNDS, BENCH_ROUND_MS and BENCH_PREFILLED shorten a trial run.
// The stores' files go into a temporary folder, removed at the end, whether the run ended well or not.
import { mkdtempSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createCloudClient, type CloudClient } from 'cloud-platform-api';
import { createEmulator, type Emulator } from '../src/index.js';
import { initialSnapshot } from '../src/core/state/state.js';
import { STATE_MODEL, TABLE_NAMES, type EmulatorTables } from '../src/operations/index.js';
import { createServerEmulator, startEmulatorServer } from '../src/server.js';
import { createSqliteStore, type Store } from '../src/server.js';
import { createMemoryStore } from '../src/store/store.js';
import type { StateSnapshot } from '../src/index.js';
import { interleave, metric, ratio, show } from '../../bench/lib/rounds.js';

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 7);
const ROUND_MS = Number(process.env.BENCH_ROUND_MS ?? 1000);
const PREFILLED = Number(process.env.BENCH_PREFILLED ?? 100_000);
const dir = mkdtempSync(path.join(os.tmpdir(), 'bench-emulator-state-'));

/** The baseline: every change rewrites the whole state as one JSON file before it is acknowledged. */
function createJsonFileStore(file: string): Store {
  const memory = createMemoryStore<EmulatorTables>(TABLE_NAMES);
  const save = () => {
    writeFileSync(`${file}.tmp`, JSON.stringify(memory.snapshot()));
    renameSync(`${file}.tmp`, file);
  };
  return {
    ...memory,
    transaction: (change) => {
      const result = memory.transaction(change);
      save();
      return result;
    },
    replace: (snapshot) => {
      memory.replace(snapshot);
      save();
    },
  };
}

/** The fixtures' state plus `count` configs of one client, as the store keeps them. */
function prefilled(emulator: Emulator, count: number): StateSnapshot {
  const snapshot = initialSnapshot<EmulatorTables>(STATE_MODEL, emulator.fixtures);
  const now = '2026-11-22T00:00:00Z';
  for (let id = 1; id <= count; id++) {
    snapshot.tables.configs.push([
      String(id),
      {
        id,
        client_id: 999,
        name: `c${id}`,
        policy: 1,
        target: 2,
        enabled: true,
        for_all_resources: false,
        resources: [],
        created: now,
        updated: now,
        status: { status: 'in_progress', updated: now },
      },
    ]);
  }
  snapshot.tables.counters = [
    ['nextConfigId', count + 1],
    ['nextClientId', 1000],
  ];
  return snapshot;
}

async function emulatorWith(store: Store, records: number): Promise<Emulator> {
  const emulator = await createEmulator({ store });
  if (records > 0) store.replace(prefilled(emulator, records));
  return emulator;
}

const CREATE = {
  method: 'POST',
  headers: { authorization: 'apikey bench', 'content-type': 'application/json' },
  body: '{"name":"bench","policy":1,"target":2}',
};

interface Target {
  name: string;
  /** One call; resolves when answered. */
  call: () => Promise<Response>;
}

async function measure(target: Target): Promise<number> {
  const until = performance.now() + ROUND_MS;
  let calls = 0;
  const started = performance.now();
  while (performance.now() < until) {
    const response = await target.call();
    if (!response.bodyUsed) await response.arrayBuffer();
    if (response.status >= 300) throw new Error(`${target.name} answered ${response.status}`);
    calls++;
  }
  return calls / ((performance.now() - started) / 1000);
}

/** An emulator per store: in memory, and SQLite and JSON files in `dir`, each empty and prefilled. */
async function emulatorsIn(dir: string) {
  process.stdout.write(`Preparing: SQLite and JSON-file stores, empty and with ${PREFILLED} configs, in ${dir}\n`);
  return {
    memory: await emulatorWith(createMemoryStore<EmulatorTables>(TABLE_NAMES), 0),
    sqliteEmpty: await emulatorWith(createSqliteStore(path.join(dir, 'empty.db')), 0),
    sqliteFull: await emulatorWith(createSqliteStore(path.join(dir, 'full.db')), PREFILLED),
    jsonEmpty: await emulatorWith(createJsonFileStore(path.join(dir, 'empty.json')), 0),
    jsonFull: await emulatorWith(createJsonFileStore(path.join(dir, 'full.json')), PREFILLED),
  };
}

/** Every target's rounds, with the stores made in `dir`; the emulators are closed after, whatever happened. */
async function measureTargets() {
  const emulators = await emulatorsIn(dir);
  const http = await startEmulatorServer(await createServerEmulator(), { port: 0 });
  try {
    const targets = targetsOf(emulators, http.url);
    const results = await interleave(
      targets.map((target) => ({ name: target.name, round: async () => ({ perSecond: await measure(target) }) })),
      ROUNDS,
    );
    return { targets, results };
  } finally {
    await http.close();
    for (const emulator of Object.values(emulators)) await emulator.close();
  }
}

/** What is measured: creates through each store, and the client through each adapter. */
function targetsOf(emulators: Awaited<ReturnType<typeof emulatorsIn>>, url: string): Target[] {
  const creates = (emulator: Emulator) => () =>
    emulator.fetch('http://emulator.local/cdn/logs_uploader/configs', CREATE);
  const inProcessClient = createCloudClient({
    apiKey: 'bench',
    baseUrl: 'http://emulator.local',
    fetch: emulators.memory.fetch,
  });
  const httpClient = createCloudClient({ apiKey: 'bench', baseUrl: url });
  /** One call of the client, as the measure loop wants it: a Response, already read by the client. */
  const clientCall = (client: CloudClient, method: 'GET' | 'POST') => async () =>
    (method === 'GET'
      ? await client.GET('/streaming/videos/{video_id}', { params: { path: { video_id: 1444 } } })
      : await client.POST('/cdn/logs_uploader/configs', { body: { name: 'bench', policy: 1, target: 2 } })
    ).response;
  return [
    { name: 'create, in memory', call: creates(emulators.memory) },
    { name: 'create, SQLite, empty', call: creates(emulators.sqliteEmpty) },
    { name: `create, SQLite, ${PREFILLED} configs`, call: creates(emulators.sqliteFull) },
    { name: 'create, JSON file, empty', call: creates(emulators.jsonEmpty) },
    { name: `create, JSON file, ${PREFILLED} configs`, call: creates(emulators.jsonFull) },
    // The client through each adapter (its own retry covers a kept-alive connection the server closed
    // while the other targets ran).
    { name: 'client GET video, in-process adapter', call: clientCall(inProcessClient, 'GET') },
    { name: 'client GET video, HTTP adapter', call: clientCall(httpClient, 'GET') },
    { name: 'client POST config, in-process adapter', call: clientCall(inProcessClient, 'POST') },
    { name: 'client POST config, HTTP adapter', call: clientCall(httpClient, 'POST') },
  ];
}

let measured: Awaited<ReturnType<typeof measureTargets>>;
try {
  measured = await measureTargets();
} finally {
  rmSync(dir, { recursive: true, force: true });
}
const { targets, results } = measured;

const [memory, sqliteEmpty, sqliteFull, jsonEmpty, jsonFull, getInProcess, getOverHttp, postInProcess, postOverHttp] =
  targets.map((t) => t.name) as string[] as [string, string, string, string, string, string, string, string, string];
const per = (a: string, b: string) => ratio(results, a, b, 'perSecond');

console.log(
  `\ncalls per second, ${ROUNDS} interleaved rounds of ${ROUND_MS} ms, one call at a time (${os.cpus().length} cores)`,
);
for (const target of targets)
  console.log(`  ${target.name.padEnd(36)} ${show(metric(results, target.name, 'perSecond'))}`);
const flat = per(sqliteFull, sqliteEmpty);
const versusMemory = per(sqliteFull, memory);
console.log('\nratios (median of the per-round ratios, min, max)');
console.log(
  `  SQLite, ${PREFILLED} configs / SQLite, empty        ${show(flat, 2)}   goal >= 0.8: ${flat.median >= 0.8 ? 'met' : 'MISSED'}`,
);
console.log(
  `  SQLite, ${PREFILLED} configs / in memory             ${show(versusMemory, 2)}   goal >= 0.5: ${versusMemory.median >= 0.5 ? 'met' : 'MISSED'}`,
);
console.log(`  SQLite / JSON file (the baseline), empty         ${show(per(sqliteEmpty, jsonEmpty), 1)}`);
console.log(`  SQLite / JSON file (the baseline), ${PREFILLED} configs ${show(per(sqliteFull, jsonFull), 1)}`);
console.log(`  JSON file, ${PREFILLED} configs / JSON file, empty   ${show(per(jsonFull, jsonEmpty), 3)}`);
console.log(`  client GET: in-process adapter / HTTP adapter    ${show(per(getInProcess, getOverHttp), 2)}`);
console.log(`  client POST: in-process adapter / HTTP adapter   ${show(per(postInProcess, postOverHttp), 2)}`);
