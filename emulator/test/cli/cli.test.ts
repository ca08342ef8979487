// The emulator's command line: bad options, bad fixtures and unusable state files are clear errors
// with exit codes; --export-state and --import-state carry the state through a JSON snapshot.
import { execFileSync, spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { chmodSync, existsSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { main } from '../../src/cli.js';
import { BUILT_IN_FIXTURES as builtIn } from '../../src/operations/index.js';
import { createServerEmulator } from '../../src/server.js';
import type { StateSnapshot } from '../../src/index.js';
import { bundled as bundledDocument } from '../helpers/emulator.js';

const dir = mkdtempSync(path.join(os.tmpdir(), 'emulator-cli-'));
let stderr = '';
afterEach(() => {
  vi.restoreAllMocks();
  stderr = '';
});
function captureStderr() {
  vi.spyOn(process.stderr, 'write').mockImplementation((chunk) => {
    stderr += String(chunk);
    return true;
  });
}

describe('cloud-platform-emulator', () => {
  it.each([
    [['--port', 'abc'], {}, '--port must be a whole number from 0 to 65535, got "abc"'],
    [['--port', '70000'], {}, '--port must be a whole number from 0 to 65535, got "70000"'],
    [[], { PORT: 'x' }, 'PORT must be a whole number from 0 to 65535, got "x"'],
    [['--nope'], {}, "Unknown option '--nope'"],
    [['--proxy', 'not a url'], {}, '--proxy must be an absolute http or https URL, got "not a url"'],
    [['--proxy', 'ftp://example.test'], {}, '--proxy must be an absolute http or https URL, got "ftp://example.test"'],
    [
      ['--proxy', 'http://user:s3cr3tpw@127.0.0.1:1/base'],
      {},
      '--proxy must not carry credentials, a query or a fragment, got "http://***@127.0.0.1:1/base"',
    ],
    [
      ['--proxy', 'http://127.0.0.1:1/base?x=1'],
      {},
      '--proxy must not carry credentials, a query or a fragment, got "http://127.0.0.1:1/base?x=1"',
    ],
    [['--record', 'recorded.json'], {}, '--record works only with --proxy URL'],
    [
      ['--proxy', 'http://127.0.0.1:1', '--proxy-timeout', '0'],
      {},
      '--proxy-timeout must be a whole number of milliseconds from 1 to 600000, got "0"',
    ],
  ])('exits 2 on %j (env %j), saying what is wrong', async (argv, env, message) => {
    captureStderr();
    expect(await main(argv, env)).toBe(2);
    expect(stderr).toContain(message);
    expect(stderr).toContain('Usage: cloud-platform-emulator');
  });

  it('exits 1 on a fixtures file that breaks the document, naming the file and the field', async () => {
    const file = path.join(dir, 'bad-fixtures.json');
    writeFileSync(
      file,
      JSON.stringify({ ...builtIn, videos: [{ id: 1, name: 7 }], flavors: { f: { not_a_quota: 1 } } }),
    );
    captureStderr();
    expect(await main(['--fixtures', file, '--port', '0'], {})).toBe(1);
    expect(stderr).toContain(`Invalid fixtures in ${file}:`);
    expect(stderr).toContain('$.videos[0].name: must be string (type)');
    expect(stderr).toMatch(
      /\$\.flavors\.f\.not_a_quota: is not an allowed key \(must be one of "baremetal_basic_count", .* and \d+ more\) \(propertyNames\)/,
    );
  });

  it('exits 1 on a fixtures file that is not JSON', async () => {
    const notJson = path.join(dir, 'not-json.json');
    writeFileSync(notJson, '{ nope');
    captureStderr();
    expect(await main(['--fixtures', notJson, '--port', '0'], {})).toBe(1);
    expect(stderr).toContain(`Fixtures file ${notJson} is not valid JSON`);
  });

  it('adds its process listeners (ignored SIGXFSZ, the log flush at exit) once, however often it runs in one process', async () => {
    const notJson = path.join(dir, 'not-json-again.json');
    writeFileSync(notJson, '{ nope');
    captureStderr();
    for (let run = 0; run < 3; run++) expect(await main(['--fixtures', notJson, '--port', '0'], {})).toBe(1);
    const before = { signal: process.listenerCount('SIGXFSZ'), exit: process.listenerCount('exit') };
    for (let run = 0; run < 12; run++) expect(await main(['--fixtures', notJson, '--port', '0'], {})).toBe(1);
    expect({ signal: process.listenerCount('SIGXFSZ'), exit: process.listenerCount('exit') }).toEqual(before);
  });

  /** State files the emulator must refuse at start, each made by `make`, with what the message says. */
  const unusable: [string, (file: string) => void, string][] = [
    ['a JSON file', (file) => writeFileSync(file, '{"configs": []}'), 'is not an SQLite database'],
    [
      'an SQLite header over garbage',
      (file) => writeFileSync(file, Buffer.concat([Buffer.from('SQLite format 3\0'), Buffer.alloc(4096, 7)])),
      'cannot be used',
    ],
    [
      "another program's SQLite database",
      (file) => {
        const db = new Database(file);
        db.exec('CREATE TABLE notes (text TEXT)');
        db.close();
      },
      'is an SQLite database of another program',
    ],
    [
      'a state file from a newer emulator',
      (file) => {
        const db = new Database(file);
        db.exec(
          'CREATE TABLE schema_version (version INTEGER NOT NULL); INSERT INTO schema_version VALUES (99); PRAGMA application_id = 1129333061',
        );
        db.close();
      },
      'has schema version 99, newer than this emulator knows',
    ],
  ];
  it.each(unusable)('exits 1 on %s given to --state, naming the file', async (_what, make, message) => {
    const file = path.join(mkdtempSync(path.join(os.tmpdir(), 'emulator-cli-state-')), 'state.db');
    make(file);
    captureStderr();
    expect(await main(['--state', file, '--port', '0'], {})).toBe(1);
    expect(stderr).toContain(`State file ${file}`);
    expect(stderr).toContain(message);
  });

  it('exports the state as JSON and imports it into another state file', async () => {
    const work = mkdtempSync(path.join(os.tmpdir(), 'emulator-cli-export-'));
    const source = await createServerEmulator({ stateFile: path.join(work, 'a.db') });
    const created = await source.fetch('http://emulator.local/cdn/logs_uploader/configs', {
      method: 'POST',
      headers: { authorization: 'apikey exporter', 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'exported', policy: 1, target: 2 }),
    });
    expect(created.status).toBe(200);
    await source.close();

    const snapshot = path.join(work, 'state.json');
    vi.spyOn(process.stdout, 'write').mockImplementation(() => true);
    expect(await main(['--state', path.join(work, 'a.db'), '--export-state', snapshot], {})).toBe(0);
    expect(JSON.parse(readFileSync(snapshot, 'utf8')).tables.configs[0][1]).toMatchObject({ id: 1, name: 'exported' });

    // Import into a new file (and export again to read it back without serving).
    expect(
      await main(
        [
          '--state',
          path.join(work, 'b.db'),
          '--import-state',
          snapshot,
          '--export-state',
          path.join(work, 'again.json'),
        ],
        {},
      ),
    ).toBe(0);
    expect(JSON.parse(readFileSync(path.join(work, 'again.json'), 'utf8'))).toEqual(
      JSON.parse(readFileSync(snapshot, 'utf8')),
    );
  });

  it('exits 1 on an --import-state file that is not a snapshot, naming it', async () => {
    const file = path.join(dir, 'not-a-snapshot.json');
    writeFileSync(file, '{"tables": {}}');
    captureStderr();
    expect(await main(['--import-state', file, '--export-state', path.join(dir, 'unused.json')], {})).toBe(1);
    expect(stderr).toContain(`State snapshot ${file} is not a version 1 cloud-platform-emulator-state file`);
  });
});

/** A state with one config of a client, as the emulator makes it: the fixtures' rows, the config, and both counters. */
async function validSnapshot(): Promise<StateSnapshot> {
  const emulator = await createServerEmulator({});
  const created = await emulator.fetch('http://emulator.local/cdn/logs_uploader/configs', {
    method: 'POST',
    headers: { authorization: 'apikey snapshot-maker', 'content-type': 'application/json' },
    body: JSON.stringify({ name: 'kept', policy: 1, target: 2 }),
  });
  expect(created.status).toBe(200);
  const snapshot = emulator.store.snapshot();
  await emulator.close();
  return snapshot;
}

/** JSON text with the value nested `depth` deep put where `"DEEP"` stands: JSON.stringify would overflow the stack making it. */
const DEEP = '"DEEP"';
const withDeepValue = (text: string, depth: number) =>
  text.replace(DEEP, `${'{"d":'.repeat(depth)}1${'}'.repeat(depth)}`);
const sha = (file: string) => createHash('sha256').update(readFileSync(file)).digest('hex');

describe('a state it cannot use whole is refused, naming the file, the table, the row and the rule, and nothing is changed', () => {
  /** Hostile or damaged snapshots, each a change to a valid one, and what the refusal names. */
  const snapshots: [string, (snapshot: StateSnapshot) => void, RegExp][] = [
    ['without the counters table', (s) => (s.tables.counters = []), /table counters has no row "nextConfigId"/],
    [
      'with a counter that is not a number',
      (s) =>
        (s.tables.counters = [
          ['nextConfigId', 'abc' as never],
          ['nextClientId', 1001],
        ]),
      /table counters, row "nextConfigId": \$: must be integer \(type\)/,
    ],
    [
      'with a config id of 2^53-1, which leaves no next id',
      (s) => {
        const [, config] = s.tables.configs[0]!;
        s.tables.configs = [[String(2 ** 53 - 1), { ...config, id: 2 ** 53 - 1 }]];
      },
      /table configs, row "9007199254740991": \$\.id: must be <= 9007199254740990 \(maximum\)/,
    ],
    [
      'with a field nested 5,000 deep',
      (s) => (s.tables.configs[0]![1] = { ...s.tables.configs[0]![1], status: 'DEEP' as never }),
      /table configs, row "1": nested deeper than 32 levels/,
    ],
    [
      'with a threshold the document does not allow',
      (s) =>
        (s.tables.thresholds = [
          ['3', { client_id: 3, threshold: 'high' as never, last_sending: null, last_message: null }],
        ]),
      /table thresholds, row "3": \$\.threshold: must be integer \(type\)/,
    ],
    [
      'with a row of JSON null',
      (s) => (s.tables.configs[0]![1] = null as never),
      /table configs, row "1": \$: must be object \(type\)/,
    ],
  ];

  it.each(snapshots)('--import-state of a snapshot %s', async (_, spoil, message) => {
    const work = mkdtempSync(path.join(os.tmpdir(), 'emulator-import-'));
    const snapshot = await validSnapshot();
    spoil(snapshot);
    const file = path.join(work, 'snapshot.json');
    writeFileSync(file, withDeepValue(JSON.stringify(snapshot), 5_000));
    // Into a state file that holds a config already: it must be kept as it was.
    const state = path.join(work, 'state.db');
    const kept = await createServerEmulator({ stateFile: state });
    await kept.fetch('http://emulator.local/cdn/logs_uploader/configs', {
      method: 'POST',
      headers: { authorization: 'apikey owner', 'content-type': 'application/json' },
      body: '{"name":"before","policy":1,"target":2}',
    });
    await kept.close();
    const before = sha(state);
    captureStderr();
    expect(
      await main(['--state', state, '--import-state', file, '--export-state', path.join(work, 'out.json')], {}),
    ).toBe(1);
    expect(stderr).toContain(`State snapshot ${file}: `);
    expect(stderr).toMatch(message);
    expect(stderr).not.toMatch(/\n\s+at /);
    expect(sha(state)).toBe(before);
    expect(existsSync(path.join(work, 'out.json'))).toBe(false);
  });

  /** State files damaged after the emulator wrote them, and what the refusal names. */
  const damaged: [string, (file: string) => void, RegExp][] = [
    [
      'whose config counter row was deleted',
      (file) => sql(file, "DELETE FROM counters WHERE key = 'nextConfigId'"),
      /table counters has no row "nextConfigId"/,
    ],
    [
      'with a row that is JSON null',
      (file) => sql(file, "UPDATE configs SET row = 'null'"),
      /table configs, row "1": \$: must be object \(type\)/,
    ],
    [
      'with a row that is not JSON',
      (file) => sql(file, "UPDATE configs SET row = '{not json'"),
      /table configs, row "1" is not JSON/,
    ],
    ['with a dropped table', (file) => sql(file, 'DROP TABLE configs'), /has lost its table configs/],
    ['with overwritten pages', (file) => overwrite(file, 2 * 4096, Infinity), /is damaged \(SQLite quick_check: /],
    [
      'with a threshold the document does not allow',
      (file) =>
        sql(
          file,
          `UPDATE thresholds SET row = '{"client_id":3,"threshold":"high","last_sending":null,"last_message":null}' WHERE key = '3'`,
        ),
      /table thresholds, row "3": \$\.threshold: must be integer \(type\)/,
    ],
  ];

  it.each(damaged)('--state with a file %s', async (_, damage, message) => {
    const file = path.join(mkdtempSync(path.join(os.tmpdir(), 'emulator-damaged-')), 'state.db');
    const made = await createServerEmulator({ stateFile: file });
    await made.fetch('http://emulator.local/cdn/logs_uploader/configs', {
      method: 'POST',
      headers: { authorization: 'apikey owner', 'content-type': 'application/json' },
      body: '{"name":"kept","policy":1,"target":2}',
    });
    await made.close();
    damage(file);
    const before = sha(file);
    captureStderr();
    expect(await main(['--state', file, '--port', '0'], {})).toBe(1);
    expect(stderr).toContain(`State file ${file}`);
    expect(stderr).toMatch(message);
    expect(stderr).not.toMatch(/\n\s+at /);
    expect(sha(file), 'the refused file was written to').toBe(before);
  });

  it.each([
    ['a directory', (file: string) => mkdirSync(file)],
    ['a FIFO, which would block the open', (file: string) => execFileSync('mkfifo', [file])],
    ['/dev/null', undefined],
  ])('--state naming %s is refused at once as no regular file', async (_, make) => {
    const file = make
      ? path.join(mkdtempSync(path.join(os.tmpdir(), 'emulator-not-a-file-')), 'state.db')
      : '/dev/null';
    make?.(file);
    captureStderr();
    expect(await main(['--state', file, '--port', '0'], {})).toBe(1);
    expect(stderr).toContain(`State file ${file} is not a regular file`);
  });

  it('--fixtures with a field nested 5,000 deep is refused where it enters', async () => {
    const file = path.join(dir, 'deep-fixtures.json');
    writeFileSync(file, withDeepValue(JSON.stringify({ zones: [{ ...builtIn.zones[0], meta: 'DEEP' }] }), 5_000));
    captureStderr();
    expect(await main(['--fixtures', file, '--port', '0'], {})).toBe(1);
    expect(stderr).toContain(`Invalid fixtures in ${file}: nested deeper than 32 levels`);
  });
});

function sql(file: string, statement: string): void {
  const db = new Database(file);
  db.exec(statement);
  db.close();
}

function overwrite(file: string, from: number, to: number): void {
  const bytes = readFileSync(file);
  bytes.fill(0x5a, from, Math.min(to, bytes.length));
  writeFileSync(file, bytes);
}

const { engines, unsupportedNode } = (await import('../../bin/node-line.js')) as {
  engines: string;
  unsupportedNode: (version: string, range: string) => string | undefined;
};

describe('the bin on a Node line engines does not list', () => {
  it.each([
    ['20.20.2', true],
    ['22.11.0', true],
    ['22.12.0', false],
    ['23.5.0', true],
    ['24.0.0', false],
    ['26.1.0', false],
  ])('Node %s is refused: %s', (version, refused) => {
    const message = unsupportedNode(version, engines);
    if (refused)
      expect(message).toBe(
        `cloud-platform-emulator runs on Node ${engines}; this is Node ${version}: use a supported line\n`,
      );
    else expect(message).toBeUndefined();
  });

  // The machine's own Node (20, end of life) where there is one: the bin says so in one line, where it
  // used to crash with --state and print nothing.
  const unsupported = ['/usr/bin/node', '/usr/local/bin/node'].find((node) => {
    const version = spawnSync(node, ['--version'], { encoding: 'utf8' }).stdout?.trim().slice(1);
    return version !== undefined && version !== '' && unsupportedNode(version, engines) !== undefined;
  });
  it.runIf(unsupported)(
    `refuses to start on ${unsupported ?? 'an unsupported Node'}, in one line naming the lines`,
    () => {
      const file = path.join(mkdtempSync(path.join(os.tmpdir(), 'emulator-old-node-')), 'state.db');
      const run = spawnSync(
        unsupported!,
        [
          path.join(import.meta.dirname, '..', '..', 'bin', 'cloud-platform-emulator.js'),
          '--state',
          file,
          '--port',
          '0',
        ],
        { encoding: 'utf8', timeout: 20_000 },
      );
      expect(run.status).toBe(1);
      expect(run.stderr).toMatch(
        /^cloud-platform-emulator runs on Node \^22\.12\.0 \|\| >=24\.0\.0; this is Node 20\.\d+\.\d+: use a supported line\n$/,
      );
      expect(existsSync(file)).toBe(false);
    },
  );
});

describe('a state file this process cannot both read and write', () => {
  const bin = path.join(import.meta.dirname, '..', '..', 'bin', 'cloud-platform-emulator.js');
  const asNobody = ['--reuid=65534', '--regid=65534', '--clear-groups'];
  // Root reads and writes any file, so the command is run as nobody, where this machine lets a test do so.
  const nobodyCanRun =
    process.getuid?.() === 0 &&
    spawnSync('setpriv', [...asNobody, process.execPath, bin, '--version'], { encoding: 'utf8', timeout: 20_000 })
      .status === 0;
  if (!nobodyCanRun)
    console.warn(
      'test of an unreadable state file skipped: cannot run the command as nobody here (needs root, setpriv, and a Node and a checkout nobody can read)',
    );

  it.runIf(nobodyCanRun).each([
    ['unreadable', 0o000],
    ['read-only', 0o444],
  ])('refuses an %s file, naming it and the reason, where it said "Cannot listen" or "disk I/O error"', (_, mode) => {
    const folder = mkdtempSync(path.join(os.tmpdir(), 'emulator-eacces-'));
    chmodSync(folder, 0o777);
    const file = path.join(folder, 'state.db');
    writeFileSync(file, '');
    chmodSync(file, mode);
    const run = spawnSync('setpriv', [...asNobody, process.execPath, bin, '--state', file, '--port', '0'], {
      encoding: 'utf8',
      timeout: 20_000,
    });
    expect(run.status).toBe(1);
    expect(run.stderr).toBe(
      `State file ${file} cannot be both read and written by this process (EACCES): check its permissions\n`,
    );
  });
});

describe('the built-in fixture set', () => {
  it('meets the document (it is not checked at run time: the emulator trusts the set it ships)', async () => {
    const { createFixtureLoader } = await import('../../src/core/state/fixtures.js');
    const { createContractValidator } = await import('cloud-platform-check/contract');
    const { fixtureSchemas } = await import('../../src/operations/index.js');
    const loader = createFixtureLoader(bundledDocument, createContractValidator(bundledDocument), {
      schemas: fixtureSchemas,
      builtIn,
    });
    expect(() => loader.checked(structuredClone(builtIn), 'the built-in fixture set')).not.toThrow();
  });
});

const { isUnbuilt } = (await import('../../bin/run-command.js')) as { isUnbuilt: (error: unknown) => boolean };

describe('a command whose load fails', () => {
  const notFound = (message: string) => Object.assign(new Error(message), { code: 'ERR_MODULE_NOT_FOUND' });
  it.each([
    [
      'its own dist/ missing',
      notFound("Cannot find module '/app/node_modules/x/dist/cli.js' imported from /b.js"),
      true,
    ],
    ['a chunk of dist/ missing', notFound("Cannot find module 'C:\\x\\dist\\chunks\\a.js' imported from /b.js"), true],
    ['a dependency missing', notFound("Cannot find package 'zod' imported from /app/dist/cli.js"), false],
    ['another error', new SyntaxError("Cannot find module '/x/dist/cli.js'"), false],
    ['nothing thrown but undefined', undefined, false],
  ])('%s: says "not built" = %s', (_what, error, unbuilt) => {
    expect(isUnbuilt(error)).toBe(unbuilt);
  });
});
