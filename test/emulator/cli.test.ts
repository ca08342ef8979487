// The emulator's command line: bad options and bad fixtures are clear errors with exit codes, and
// the built-in fixtures pass their own validation.
import { mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { main } from '../../src/emulator/cli.js';

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
    const { createEmulator } = await import('../../src/emulator/server.js');
    const base = await createEmulator();
    await base.app.close();
    writeFileSync(file, JSON.stringify({ ...base.fixtures, videos: [{ id: 1, name: 7 }], flavors: { f: { not_a_quota: 1 } } }));
    captureStderr();
    expect(await main(['--fixtures', file, '--port', '0'], {})).toBe(1);
    expect(stderr).toContain(`Invalid fixtures in ${file}:`);
    expect(stderr).toContain('$.videos[0].name: must be string (type)');
    expect(stderr).toContain('$.flavors.f.not_a_quota: is not an allowed key (must be equal to one of the allowed values) (propertyNames)');
  });

  it('exits 1 on a fixtures file that is not JSON, and on a broken state file', async () => {
    const notJson = path.join(dir, 'not-json.json');
    writeFileSync(notJson, '{ nope');
    captureStderr();
    expect(await main(['--fixtures', notJson, '--port', '0'], {})).toBe(1);
    expect(stderr).toContain(`Fixtures file ${notJson} is not valid JSON`);
    const state = path.join(dir, 'state.json');
    writeFileSync(state, '{"configs": []}');
    expect(await main(['--state', state, '--port', '0'], {})).toBe(1);
    expect(stderr).toContain(`State file ${state}: "inferenceKeys" must be an object`);
  });
});
