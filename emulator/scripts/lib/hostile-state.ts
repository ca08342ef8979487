// Hostile state for the emulator, from fast-check: snapshots and fixtures made from valid ones with one
// part spoiled (nested deep, a wrong type, a prototype key, a counter missing or not a number, an id at
// 2^53 - 1, a row that is null), and the run that feeds each one in and, where it is accepted, sends the
// emulator requests and judges its answers. Used by `npm run stress` and by the robustness test.
import fc from 'fast-check';
import type { OpenApiDocument } from 'cloud-platform-api/toolbox';
import { FixtureError } from '../../src/core/state/fixtures.js';
import { createEmulator, type Emulator } from '../../src/index.js';
import { BUILT_IN_FIXTURES as builtIn, TABLE_NAMES } from '../../src/operations/index.js';
import type { StateSnapshot } from '../../src/index.js';
import { StateFileError } from '../../src/store/store.js';
import { createJudge, fuzzRequests } from './fuzz-requests.js';

const MAX_ID = Number.MAX_SAFE_INTEGER;
/** Nested deeper than anything the emulator serves should hold; too deep for a recursive serializer. */
const deep = (depth: number): unknown => {
  let value: unknown = 1;
  for (let i = 0; i < depth; i++) value = { d: value };
  return value;
};

/** A value that may break a row or a fixture: wrong types, prototype keys, deep nesting, extreme ids. */
const hostileValue = fc.oneof(
  fc.constantFrom<unknown>(null, 'abc', -1, 1.5, MAX_ID, MAX_ID + 1, true, [], {}, '', 'x'.repeat(10_000)),
  fc.constantFrom<unknown>(
    JSON.parse('{"__proto__":{"polluted":1}}'),
    { constructor: { prototype: { polluted: 1 } } },
    { toString: 1 },
  ),
  fc.integer({ min: 33, max: 6000 }).map(deep),
  fc.jsonValue({ maxDepth: 3 }),
);

/** A copy of a JSON value with the value at one path (a list of keys) replaced. */
function replacedAt(value: unknown, keys: readonly (string | number)[], replacement: unknown): unknown {
  if (keys.length === 0) return replacement;
  const [key, ...rest] = keys;
  const copy = (Array.isArray(value) ? [...value] : { ...(value as object) }) as Record<string | number, unknown>;
  Object.defineProperty(copy, key!, {
    value: replacedAt(copy[key!], rest, replacement),
    enumerable: true,
    writable: true,
    configurable: true,
  });
  return copy;
}

/** Every path into a JSON value, down to `depth`. */
function pathsOf(value: unknown, depth = 4, at: (string | number)[] = []): (string | number)[][] {
  if (depth === 0 || value === null || typeof value !== 'object') return [at];
  return [
    at,
    ...Object.keys(value).flatMap((key) =>
      pathsOf((value as Record<string, unknown>)[key], depth - 1, [...at, Array.isArray(value) ? Number(key) : key]),
    ),
  ];
}

/** Snapshots made from a valid one with one part spoiled, or a counter dropped. */
export function hostileSnapshots(valid: StateSnapshot): fc.Arbitrary<StateSnapshot> {
  const spoiled = fc
    .tuple(fc.constantFrom(...pathsOf(valid.tables, 5).filter((p) => p.length > 0)), hostileValue)
    .map(([keys, value]) => ({ ...valid, tables: replacedAt(valid.tables, keys, value) as StateSnapshot['tables'] }));
  const counterDropped = fc.constantFrom('nextConfigId', 'nextClientId').map((name) => ({
    ...valid,
    tables: { ...valid.tables, counters: valid.tables.counters.filter(([key]) => key !== name) },
  }));
  const tableDropped = fc
    .constantFrom(...TABLE_NAMES)
    .map((name) => ({ ...valid, tables: { ...valid.tables, [name]: [] } }));
  return fc.oneof(
    { weight: 6, arbitrary: spoiled },
    { weight: 1, arbitrary: counterDropped },
    { weight: 1, arbitrary: tableDropped },
  );
}

/** Fixture sets made from the built-in one with one part spoiled. */
export function hostileFixtures(): fc.Arbitrary<unknown> {
  return fc
    .tuple(fc.constantFrom(...pathsOf(builtIn, 4).filter((p) => p.length > 0)), hostileValue)
    .map(([keys, value]) => replacedAt(builtIn, keys, value));
}

export interface HostileStateReport {
  fed: number;
  refused: number;
  accepted: number;
  /** Anything but a refusal that names what is wrong: an exception of another kind, with what caused it. */
  crashes: string[];
  /** Answers the document does not declare, from an emulator that accepted a hostile state. */
  contradictions: string[];
}

/** Sends an emulator `requests` fuzzed requests in process and judges every answer. */
async function probe(emulator: Emulator, document: OpenApiDocument, requests: number, seed: number): Promise<string[]> {
  const judge = createJudge(document);
  const problems: string[] = [];
  for (const request of fc.sample(fuzzRequests(document), { numRuns: requests, seed })) {
    if (
      /\/\.\.?(\/|\?|$)/.test(request.url) ||
      ['TRACE', 'CONNECT'].includes(request.method) ||
      (request.body !== undefined && ['GET', 'HEAD'].includes(request.method))
    )
      continue;
    const response = await emulator.fetch(`http://emulator.local${request.url}`, {
      method: request.method,
      headers: request.headers,
      ...(request.body === undefined ? {} : { body: request.body }),
    });
    const verdict = judge(request, {
      status: response.status,
      contentType: response.headers.get('content-type') ?? undefined,
      body: await response.text(),
    });
    if (verdict) problems.push(`${request.method} ${request.url.slice(0, 80)} -> ${verdict}`);
  }
  return problems;
}

/** Feeds `count` hostile snapshots and `count` hostile fixture sets, each into a fresh emulator in process. */
export async function feedHostileState(
  count: number,
  seed: number,
  requestsPerAccepted = 20,
): Promise<HostileStateReport> {
  const report: HostileStateReport = { fed: 0, refused: 0, accepted: 0, crashes: [], contradictions: [] };
  const fresh = await createEmulator();
  const valid = fresh.store.snapshot();
  const feeds: [string, () => Promise<Emulator>][] = [
    ...fc
      .sample(hostileSnapshots(valid), { numRuns: count, seed })
      .map((snapshot): [string, () => Promise<Emulator>] => [
        'snapshot',
        async () => {
          const emulator = await createEmulator();
          emulator.importState(snapshot, 'a hostile snapshot');
          return emulator;
        },
      ]),
    ...fc
      .sample(hostileFixtures(), { numRuns: count, seed })
      .map((fixtures): [string, () => Promise<Emulator>] => [
        'fixtures',
        () => createEmulator({ fixtures: { value: fixtures as Record<string, unknown>, source: 'hostile fixtures' } }),
      ]),
  ];
  for (const [kind, feed] of feeds) {
    report.fed++;
    let emulator: Emulator;
    try {
      emulator = await feed();
    } catch (error) {
      if (error instanceof StateFileError || error instanceof FixtureError) report.refused++;
      else report.crashes.push(`${kind}: ${(error as Error).stack?.split('\n').slice(0, 3).join(' | ')}`);
      continue;
    }
    report.accepted++;
    try {
      report.contradictions.push(
        ...(await probe(emulator, fresh.document, requestsPerAccepted, seed + report.fed)).map((p) => `${kind}: ${p}`),
      );
    } catch (error) {
      report.crashes.push(`${kind}, serving: ${(error as Error).stack?.split('\n').slice(0, 3).join(' | ')}`);
    }
  }
  return report;
}
