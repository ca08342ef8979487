// The emulator's command line: bad options, bad fixtures and unusable state files are clear errors
// with exit codes; --export-state and --import-state carry the state through a JSON snapshot.
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { main } from '../src/cli.js';
import builtIn from '../src/core/default-fixtures.json' with { type: 'json' };
import { createServerEmulator } from '../src/server.js';

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
  ])('exits 2 on %j (env %j), saying what is wrong', async (argv, env, message) => {
    captureStderr();
    expect(await main(argv, env)).toBe(2);
    expect(stderr).toContain(message);
    expect(stderr).toContain('Usage: cloud-platform-emulator');
  });

  it('exits 1 on a fixtures file that breaks the document, naming the file and the field', async () => {
    const file = path.join(dir, 'bad-fixtures.json');
    writeFileSync(file, JSON.stringify({ ...builtIn, videos: [{ id: 1, name: 7 }], flavors: { f: { not_a_quota: 1 } } }));
    captureStderr();
    expect(await main(['--fixtures', file, '--port', '0'], {})).toBe(1);
    expect(stderr).toContain(`Invalid fixtures in ${file}:`);
    expect(stderr).toContain('$.videos[0].name: must be string (type)');
    expect(stderr).toContain('$.flavors.f.not_a_quota: is not an allowed key (must be equal to one of the allowed values) (propertyNames)');
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
    ['an SQLite header over garbage', (file) => writeFileSync(file, Buffer.concat([Buffer.from('SQLite format 3\0'), Buffer.alloc(4096, 7)])), 'cannot be used'],
    [
      'another program\'s SQLite database',
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
        db.exec('CREATE TABLE schema_version (version INTEGER NOT NULL); INSERT INTO schema_version VALUES (99); PRAGMA application_id = 1129333061');
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
    expect(await main(['--state', path.join(work, 'b.db'), '--import-state', snapshot, '--export-state', path.join(work, 'again.json')], {})).toBe(0);
    expect(JSON.parse(readFileSync(path.join(work, 'again.json'), 'utf8'))).toEqual(JSON.parse(readFileSync(snapshot, 'utf8')));
  });

  it('exits 1 on an --import-state file that is not a snapshot, naming it', async () => {
    const file = path.join(dir, 'not-a-snapshot.json');
    writeFileSync(file, '{"tables": {}}');
    captureStderr();
    expect(await main(['--import-state', file, '--export-state', path.join(dir, 'unused.json')], {})).toBe(1);
    expect(stderr).toContain(`State snapshot ${file} is not a version 1 cloud-platform-emulator-state file`);
  });
});
