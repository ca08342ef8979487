// Issue #53's measure of "any document", side by side: for each test document, our emulator
// (`cloud-platform-emulator --document FILE`) and Prism 5's mock of the same file run at once, and the same
// `cloud-platform-check --document FILE` run (same seed, same budget) goes to each. Ours must answer no 5xx
// the document does not declare, and fail no more checks than Prism's stateless mock does.
import { beforeAll, describe, expect, it } from 'vitest';
import { documentPath, TEST_DOCUMENTS, type TestDocument } from './documents.js';
import { type CheckRun, runCheck, type Running, startEmulatorCommand, startPrism } from './processes.js';

/** Documents compared at once: each runs two servers and two checks, on a lane of two shared cores. */
const AT_ONCE = 2;
const TOKEN = 'side-by-side-token';

interface SideBySide {
  /** Our run, or why our emulator did not start. */
  ours: CheckRun | { refused: string };
  /** Prism's run, or why Prism would not start on the document. */
  prism: CheckRun | { refused: string };
}

/** Starts a server of the file, runs the check against it and stops it; a server that does not start is a refusal. */
async function checked(
  file: string,
  start: (file: string) => Promise<Running>,
): Promise<CheckRun | { refused: string }> {
  let server: Running;
  try {
    server = await start(file);
  } catch (error) {
    return { refused: String(error) };
  }
  try {
    return await runCheck(file, server.url, TOKEN);
  } finally {
    await server.stop();
  }
}

/** Both servers of the document at once, each with its check run. */
async function compare(doc: TestDocument): Promise<SideBySide> {
  const file = documentPath(doc);
  const [ours, prism] = await Promise.all([checked(file, startEmulatorCommand), checked(file, startPrism)]);
  return { ours, prism };
}

/** Our run, or the reason our emulator did not start, thrown as the test's failure. */
function oursOf({ ours }: SideBySide): CheckRun {
  if ('refused' in ours) throw new Error(ours.refused);
  return ours;
}

/** Runs `task` for each item, at most `limit` at a time; the results in the items' order. */
function bounded<T, R>(items: readonly T[], limit: number, task: (item: T) => Promise<R>): Promise<R>[] {
  const slots: Promise<unknown>[] = [];
  return items.map((item, i) => {
    // Item i starts once item i - limit has settled, whichever way.
    const started = (slots[i - limit] ?? Promise.resolve()).then(() => task(item));
    slots[i] = started.catch(() => undefined);
    return started;
  });
}

/** The report's failures, for a failed assertion's message: what to look at first. */
const failuresOf = (run: CheckRun) =>
  `exit ${run.code}\n${run.stderr}\n${run.stdout.slice(run.stdout.indexOf('failure(s):')).slice(0, 6_000)}`;

/** Every document's two runs, made before the tests read them: Prism alone may take a minute to start on a busy machine. */
const RUNS_MS = 600_000;
const results = new Map<string, PromiseSettledResult<SideBySide>>();
beforeAll(async () => {
  const settled = await Promise.allSettled(bounded(TEST_DOCUMENTS, AT_ONCE, compare));
  for (const [i, doc] of TEST_DOCUMENTS.entries()) results.set(doc.file, settled[i]!);
}, RUNS_MS);

/** The document's runs, or what stopped them, thrown as the test's failure. */
function resultOf(doc: TestDocument): SideBySide {
  const result = results.get(doc.file)!;
  if (result.status === 'rejected') throw result.reason;
  return result.value;
}

describe.each(TEST_DOCUMENTS)('$file ($exercises)', (doc) => {
  it('runs cloud-platform-check --document against cloud-platform-emulator --document, to a report', () => {
    const ours = oursOf(resultOf(doc));
    expect([0, 1], `${ours.stderr}${ours.stdout}`).toContain(ours.code);
    expect(Object.keys(ours.checks)).toContain('no-server-error');
  });

  it(
    typeof doc.prism === 'string' ? "runs it against Prism 5's mock of the same file" : 'finds Prism 5 refusing it',
    () => {
      const { prism } = resultOf(doc);
      if (doc.prism === 'serves') {
        expect('refused' in prism ? prism.refused : prism.code).toBeOneOf([0, 1]);
      } else {
        expect('refused' in prism ? prism.refused : 'Prism served it').toMatch(doc.prism.refuses);
      }
    },
  );

  it('gets no 5xx from our emulator that the document does not declare', () => {
    const ours = oursOf(resultOf(doc));
    expect(ours.undeclaredServerErrors).toEqual([]);
    // These documents declare no 5xx but through `default`: any 5xx the check did not ask for is undeclared.
    expect(ours.checks['no-server-error']?.failed, failuresOf(ours)).toBe(0);
  });

  it("fails no more checks against our emulator than against Prism's mock", () => {
    const result = resultOf(doc);
    const [ours, prism] = [oursOf(result), result.prism];
    // Prism refuses a document without operations (its table says so, and the test above holds it): a server
    // of such a document has nothing to fail, and ours must fail nothing.
    const theirs = 'refused' in prism ? 0 : prism.failed;
    expect(ours.failed, failuresOf(ours)).toBeLessThanOrEqual(theirs);
  });
});
