// readSnapshotFile and writeSnapshotFile, as `cloud-platform-emulator/server` publishes them: the files of
// `--export-state` and `--import-state` from Node. A file that is not a snapshot is a StateFileError
// naming the file and what is wrong, and a write that cannot happen says where it went.
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { createEmulator, StateFileError } from '../../src/index.js';
import { readSnapshotFile, writeSnapshotFile } from '../../src/server.js';

const freshDir = () => mkdtempSync(path.join(os.tmpdir(), 'emulator-snapshot-file-'));

describe('readSnapshotFile and writeSnapshotFile', () => {
  it('carry an emulator state to another emulator whole', async () => {
    const file = path.join(freshDir(), 'state.json');
    const first = await createEmulator();
    const created = await first.fetch(
      new Request('http://emulator/cdn/logs_uploader/configs', {
        method: 'POST',
        headers: { authorization: 'apikey t', 'content-type': 'application/json' },
        body: JSON.stringify({ name: 'kept', policy: 1, target: 1, resources: [1] }),
      }),
    );
    expect(created.status).toBe(200);
    writeSnapshotFile(file, first.store.snapshot());
    expect(JSON.parse(readFileSync(file, 'utf8'))).toEqual(first.store.snapshot());

    const second = await createEmulator();
    second.importState(readSnapshotFile(file));
    expect(second.store.snapshot()).toEqual(first.store.snapshot());
  });

  const NOT_A_SNAPSHOT: [what: string, text: string | undefined, rule: RegExp][] = [
    ['a missing file', undefined, /cannot be read as JSON: ENOENT/],
    ['text that is not JSON', '{"format":', /cannot be read as JSON/],
    ['JSON null', 'null', /is not a version 1 cloud-platform-emulator-state file/],
    ['another version', '{"format":"cloud-platform-emulator-state","version":2,"tables":{}}', /version 1/],
    [
      'tables as a list',
      '{"format":"cloud-platform-emulator-state","version":1,"tables":[]}',
      /"tables" must be an object/,
    ],
    [
      'a table of bare rows',
      '{"format":"cloud-platform-emulator-state","version":1,"tables":{"configs":[{"id":1}]}}',
      /table "configs" must be a list of \[key, row\] pairs/,
    ],
  ];

  it.each(NOT_A_SNAPSHOT)('refuses %s, naming the file and the rule', (_what, text, rule) => {
    const file = path.join(freshDir(), 'snapshot.json');
    if (text !== undefined) writeFileSync(file, text);
    const read = () => readSnapshotFile(file);
    expect(read).toThrow(StateFileError);
    expect(read).toThrow(`State snapshot ${file}`);
    expect(read).toThrow(rule);
  });

  it('refuses a write to a folder that does not exist, naming the file', async () => {
    const file = path.join(freshDir(), 'missing', 'state.json');
    const snapshot = (await createEmulator()).store.snapshot();
    const write = () => writeSnapshotFile(file, snapshot);
    expect(write).toThrow(StateFileError);
    expect(write).toThrow(`Cannot write the state snapshot to ${file}`);
  });
});
