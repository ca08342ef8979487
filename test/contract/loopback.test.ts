// isLoopback, the one rule of which hosts are this machine only: the checker's policy, the MCP server's
// --host, and the names a loopback server answers to all read it. A table of spellings, each as the
// checker gets it (a URL's hostname) and as the MCP server's --host gets it (an address as typed).
import { describe, expect, it } from 'vitest';
import { isLoopback as checkersRule } from '../../check/src/check/check-options.js';
import { isLoopback, LOOPBACK_NAMES } from '../../src/contract/loopback.js';

describe.each([
  ['the toolbox', isLoopback],
  ['the checker', checkersRule],
])('isLoopback, as %s has it', (_, isLoopback) => {
  it.each([
    ['localhost', true],
    ['LOCALHOST', true],
    ['127.0.0.1', true],
    ['127.255.255.254', true],
    ['127.1', true],
    ['0x7f.0.0.1', true],
    ['::1', true],
    ['[::1]', true],
    ['0:0:0:0:0:0:0:1', true],
    ['[::ffff:127.0.0.1]', true],
    ['::ffff:7f00:1', true],
    ['128.0.0.1', false],
    ['127.0.0.256', false],
    ['10.0.0.1', false],
    ['0.0.0.0', false],
    ['::', false],
    ['[::2]', false],
    ['::ffff:10.0.0.1', false],
    ['localhost.evil.test', false],
    ['127.0.0.1.nip.io', false],
    ['evil.test', false],
    ['', false],
    ['127.0.0.1/x', false],
    ['user@127.0.0.1', false],
  ])('%s: %s', (host, loopback) => {
    expect(isLoopback(host)).toBe(loopback);
  });

  it('holds for every name a loopback server answers to', () => {
    expect(LOOPBACK_NAMES.every(isLoopback)).toBe(true);
  });
});
