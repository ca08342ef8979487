// Every error the emulator throws is an EmulatorError, so user code can tell the emulator's refusals from
// any other failure with one instanceof; each keeps its own class and name.
import { describe, expect, it } from 'vitest';
import * as root from '../../src/index.js';
import { createEmulator, EmulatorError, type JournalFilter } from '../../src/index.js';
import * as server from '../../src/server.js';
import { createServerEmulator, readFixturesFile, startEmulatorServer } from '../../src/server.js';
import { HttpProblem } from '../../src/core/common/http-problem.js';
import { createUpstream } from '../../src/proxy/upstream.js';
import { StatePersistError } from '../../src/store/store.js';

/** What `produce` threw or rejected with. */
async function thrownBy(produce: () => unknown): Promise<unknown> {
  try {
    await produce();
  } catch (error) {
    return error;
  }
  throw new Error('nothing was thrown');
}

const emulator = await createEmulator();

describe('EmulatorError', () => {
  it.each<[string, () => unknown]>([
    ['FixtureError', () => createEmulator({ fixtures: { value: { videos: 1 }, source: 'a test' } })],
    ['FixtureError', () => readFixturesFile('/nonexistent/fixtures.json')],
    ['StateFileError', () => emulator.importState({ format: 'something else' } as never)],
    ['FaultRuleError', () => emulator.faults.add({ operationId: 'noSuchOperation', status: 500 } as never)],
    ['OverrideError', () => emulator.override('noSuchOperation' as never, { status: 200 } as never)],
    ['JournalFilterError', () => emulator.requests.list({ colour: 'red' } as JournalFilter)],
    ['EmulatorOptionError', () => createEmulator({ holdMs: 0 })],
    ['EmulatorOptionError', () => createEmulator({ proxy: { baseUrl: 'ftp://127.0.0.1/' } })],
    ['EmulatorOptionError', () => createServerEmulator({ proxy: { baseUrl: 'http://127.0.0.1:9', timeoutMs: -1 } })],
    ['EmulatorOptionError', () => startEmulatorServer(emulator, { port: 70_000 })],
    // Caught inside the emulator and answered (502, 504, 400): thrown where the proxy forwards.
    [
      'UpstreamError',
      () =>
        createUpstream({ baseUrl: 'http://127.0.0.1:9/base' })({
          method: 'GET',
          path: 'munity://x/',
          query: {},
          headers: {},
        } as never),
    ],
    // Caught by the core and answered 503 or in the operation's area shape: made here as the emulator makes them.
    ['StatePersistError', () => Promise.reject(new StatePersistError('The change could not be saved'))],
    ['HttpProblem', () => Promise.reject(new HttpProblem(409, 'The zone is in use'))],
  ])('%s is an EmulatorError, with its own name', async (name, produce) => {
    const error = await thrownBy(produce);
    expect(error).toBeInstanceOf(EmulatorError);
    expect(error).toBeInstanceOf(Error);
    expect((error as Error).name).toBe(name);
  });

  it('is the base of every error class the packages export', () => {
    const classes = Object.entries({ ...root, ...server }).filter(([name]) => name.endsWith('Error'));
    expect(classes.map(([name]) => name).sort()).toEqual([
      'EmulatorError',
      'EmulatorOptionError',
      'FaultRuleError',
      'FixtureError',
      'JournalFilterError',
      'OverrideError',
      'StateFileError',
      'StatePersistError',
    ]);
    for (const [name, value] of classes)
      expect(value === EmulatorError || (value as { prototype: object }).prototype instanceof EmulatorError, name).toBe(
        true,
      );
  });
});
