// hostAnswered, the one Host rule of the emulator's and the MCP server's HTTP servers, against the
// names a loopback server answers to: the name is compared, not the port; a request with no Host (which
// no browser sends) is taken; a rebinding page's name is not.
import { describe, expect, it } from 'vitest';
import { hostAnswered, hostName, originAllowed } from '../../src/contract/host-header.js';
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

// originAllowed, the one Origin rule: the emulator's --cors list and the MCP server's own origins alike.
describe('originAllowed', () => {
  const emulatorDefaults = ['http://localhost:*', 'http://127.0.0.1:*'];
  const mcpOwn = ['http://127.0.0.1:3000', 'http://localhost:3000', 'http://[::1]:3000'];
  it.each([
    ['http://localhost:5173', emulatorDefaults, true],
    ['http://localhost', emulatorDefaults, true],
    ['http://127.0.0.1:1', emulatorDefaults, true],
    ['http://localhost:5173x', emulatorDefaults, false],
    ['http://localhost.evil.test:5173', emulatorDefaults, false],
    ['https://localhost:5173', emulatorDefaults, false],
    ['http://127.0.0.1:', emulatorDefaults, false],
    ['null', emulatorDefaults, false],
    ['https://app.example', ['*'], true],
    ['https://app.example', ['https://app.example'], true],
    ['https://app.example.evil', ['https://app.example'], false],
    ['http://127.0.0.1:3000', mcpOwn, true],
    ['http://[::1]:3000', mcpOwn, true],
    ['http://127.0.0.1:3001', mcpOwn, false],
    ['http://127.0.0.1', mcpOwn, false],
    ['http://LOCALHOST:3000', mcpOwn, false],
    ['http://localhost:3000/', mcpOwn, false],
    ['http://rebound.evil.test:3000', mcpOwn, false],
    ['', mcpOwn, false],
  ])('Origin %j against %j: %s', (origin, allowed, expected) => {
    expect(originAllowed(origin, allowed)).toBe(expected);
  });
});
