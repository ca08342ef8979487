// The commands' shared rules: one UsageError (the checker's CheckOptionError is one), and one reading of
// a port, as a command line types it and as an option object gives it.
import { describe, expect, it } from 'vitest';
import { parsePort, portProblem, UsageError } from '../../src/contract/usage.js';

describe('a port', () => {
  it.each([
    ['0', 0],
    ['4010', 4010],
    ['65535', 65535],
    ['65536', undefined],
    ['-1', undefined],
    ['1.5', undefined],
    ['x', undefined],
    ['', undefined],
    [' 80', undefined],
    ['0x50', undefined],
    ['1e3', undefined],
    ['000080', undefined],
    ['99999999999999999999', undefined],
  ])('typed as %j: %s', (text, port) => {
    if (port === undefined) {
      expect(() => parsePort(text, '--port')).toThrow(
        new UsageError(`--port must be a whole number from 0 to 65535, got ${JSON.stringify(text)}`),
      );
    } else expect(parsePort(text, '--port')).toBe(port);
  });

  it.each([
    [0, true],
    [65535, true],
    [65536, false],
    [-1, false],
    [1.5, false],
    [Number.NaN, false],
    [Number.POSITIVE_INFINITY, false],
    [null, false],
    [true, false],
  ])('given as %s: %s', (value, fits) => {
    expect(portProblem(value) === undefined).toBe(fits);
  });
});

describe('UsageError', () => {
  it("is the checker's CheckOptionError too", async () => {
    const { CheckOptionError } = await import('../../check/src/check/check-options.js');
    const error = new CheckOptionError('--seed must be a whole number');
    // The checker takes it from the built toolbox, as an installed package does.
    expect(error).toBeInstanceOf((await import('cloud-platform-api/toolbox')).UsageError);
    expect(error.name).toBe('CheckOptionError');
  });
});
