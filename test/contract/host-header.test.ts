// hostAnswered, the one Host rule of the emulator's and the MCP server's HTTP servers, against the
// names a loopback server answers to: the name is compared, not the port; a request with no Host (which
// no browser sends) is taken; a rebinding page's name is not.
import { describe, expect, it } from 'vitest';
import { hostAnswered, hostName } from '../../src/contract/host-header.js';
import { LOOPBACK_NAMES } from '../../src/contract/loopback.js';

const names = new Set(LOOPBACK_NAMES);

describe('hostAnswered, for a server on loopback', () => {
  it.each([
    [undefined, true],
    ['localhost:4010', true],
    ['LOCALHOST:4010', true],
    ['127.0.0.1:4010', true],
    ['127.0.0.1', true],
    ['127.0.0.1:1', true],
    ['[::1]:4010', true],
    ['[::1]', true],
    ['rebound.evil.test:4010', false],
    ['localhost.evil.test:4010', false],
    ['127.0.0.2:4010', false],
    ['', false],
    ['[::2]:4010', false],
  ])('Host %j: %s', (host, answered) => {
    expect(hostAnswered(host, names)).toBe(answered);
  });

  it.each([
    ['localhost:4010', 'localhost'],
    ['[::1]:4010', '[::1]'],
    ['Example.TEST', 'example.test'],
  ])('the name of %s is %s', (host, name) => {
    expect(hostName(host)).toBe(name);
  });
});
