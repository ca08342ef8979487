// createEmulator's numeric and list options from code, checked where the core receives them: a value the
// command line would refuse is an EmulatorOptionError naming the option and the rule, never a server that
// dies on its first request or a journal without a limit.
import { describe, expect, it } from 'vitest';
import { createEmulator, EmulatorOptionError, type EmulatorOptions } from '../../src/index.js';
import { createServerEmulator, type ServerEmulatorOptions } from '../../src/server.js';

describe('createEmulator refuses', () => {
  it.each<[string, Partial<EmulatorOptions> | Record<string, unknown>, string]>([
    ['a negative journalSize', { journalSize: -1 }, 'journalSize: must be a whole number from 1 to 1000000, got -1'],
    ['a journalSize of 0', { journalSize: 0 }, 'journalSize: must be a whole number from 1 to 1000000, got 0'],
    ['a NaN journalSize', { journalSize: Number.NaN }, 'got NaN'],
    ['an Infinity journalSize', { journalSize: Number.POSITIVE_INFINITY }, 'got Infinity'],
    ['a fractional journalSize', { journalSize: 2.5 }, 'got 2.5'],
    ['a journalSize as a string', { journalSize: '2' }, 'got "2"'],
    ['a journalSize over the most', { journalSize: 1_000_001 }, 'got 1000001'],
    [
      'apiKeys as one string',
      { apiKeys: 'abc' },
      'apiKeys: must be an array of keys, each a non-empty string, got "abc"',
    ],
    ['apiKeys with an empty key', { apiKeys: [''] }, 'apiKeys: must be an array of keys'],
    ['apiKeys with a number', { apiKeys: ['k', 5] }, 'apiKeys: must be an array of keys'],
    ['a holdMs of 0', { holdMs: 0 }, 'holdMs: must be a whole number of milliseconds from 1 to 2147483647, got 0'],
  ])('%s, naming the option and the rule', async (_, options, message) => {
    const made = createEmulator(options as EmulatorOptions);
    await expect(made).rejects.toThrow(EmulatorOptionError);
    await expect(made).rejects.toThrow(message);
  });
});

describe('createEmulator takes', () => {
  it('a journal of one request, and keeps the newest', async () => {
    const emulator = await createEmulator({ journalSize: 1 });
    try {
      await emulator.fetch('http://emulator.local/streaming/streams', { headers: { authorization: 'apikey k' } });
      await emulator.fetch('http://emulator.local/streaming/videos/1', { headers: { authorization: 'apikey k' } });
      expect(emulator.requests.list().map((entry) => entry.path)).toEqual(['/streaming/videos/1']);
    } finally {
      await emulator.close();
    }
  });

  it('a list of keys, and accepts only those whole', async () => {
    const emulator = await createEmulator({ apiKeys: ['abc'] });
    try {
      const status = async (key: string) =>
        (
          await emulator.fetch('http://emulator.local/streaming/streams', {
            headers: { authorization: `apikey ${key}` },
          })
        ).status;
      expect([await status('abc'), await status('a')]).toEqual([200, 401]);
    } finally {
      await emulator.close();
    }
  });
});

describe('the proxy options refuse', () => {
  const baseUrl = 'https://api.example.test';
  it.each<[string, unknown, string]>([
    ['a URL alone, in place of the object', baseUrl, 'proxy: must be an object of baseUrl'],
    ['a misspelt option', { baseUrl, failOnViolations: true }, 'proxy: unknown option "failOnViolations"'],
    ['an option it does not take', { baseUrl, apiKey: 'k' }, 'proxy: unknown option "apiKey"'],
    ['a file path as the recording', { baseUrl, recording: 'rec.json' }, 'proxy.recording: must be a recording sink'],
    ['a recording without save', { baseUrl, recording: { initial: {} } }, 'proxy.recording: must be a recording sink'],
    [
      'failOnViolation as a string',
      { baseUrl, failOnViolation: 'yes' },
      'proxy.failOnViolation: must be true or false',
    ],
  ])('%s, naming the option and the rule', async (_, proxy, message) => {
    const made = createEmulator({ proxy } as EmulatorOptions);
    await expect(made).rejects.toThrow(EmulatorOptionError);
    await expect(made).rejects.toThrow(message);
  });
});

describe('createServerEmulator refuses', () => {
  it.each([
    ['an empty stateFile', { stateFile: '' }, 'createServerEmulator: stateFile must be a file\'s path, got ""'],
    [
      'an empty fixturesFile',
      { fixturesFile: '' },
      'createServerEmulator: fixturesFile must be a file\'s path, got ""',
    ],
    ['a stateFile that is no string', { stateFile: 5 }, "createServerEmulator: stateFile must be a file's path, got 5"],
  ])('%s, naming the option and the rule', async (_, options, message) => {
    const made = createServerEmulator(options as ServerEmulatorOptions);
    await expect(made).rejects.toThrow(EmulatorOptionError);
    await expect(made).rejects.toThrow(message);
  });
});
