// The coverage flags of cloud-platform-check, hostile input: each bad value exits 2 before a request
// is sent, with a message naming the flag and the rule. Run in process: no server is needed.
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { checkCommand } from '../../src/check/check-cli.js';

const scratch = mkdtempSync(path.join(os.tmpdir(), 'coverage-options-'));
// Port 9 (discard): were a request sent, the run would report it unanswered, not exit 2.
const base = ['--base-url', 'http://127.0.0.1:9', '--api-key', 'k'];

describe('the coverage flags, given what they cannot use', () => {
  it.each([
    [
      'a percentage over 100',
      ['--fail-under-statuses', '101'],
      /--fail-under-statuses must be a percentage from 0 to 100, got "101"/,
    ],
    [
      'a word for a percentage',
      ['--fail-under-parameters', 'half'],
      /--fail-under-parameters must be a percentage from 0 to 100, got "half"/,
    ],
    [
      'a negative percentage',
      ['--fail-under-statuses=-5'],
      /--fail-under-statuses must be a percentage from 0 to 100, got "-5"/,
    ],
    ['a percent sign', ['--fail-under-statuses', '90%'], /got "90%"/],
    ['an empty percentage', ['--fail-under-parameters', ''], /--fail-under-parameters must be a percentage/],
    ['a threshold with no value', ['--fail-under-statuses'], /Option '--fail-under-statuses <value>' argument missing/],
    ['a file flag with no value', ['--coverage'], /Option '--coverage <value>' argument missing/],
    ['a file flag followed by another flag', ['--coverage-html', '--seed', '1'], /argument is ambiguous/],
    ['an empty file name', ['--coverage', ''], /--coverage needs a file name, got an empty one/],
    ['a blank file name', ['--coverage-html', '  '], /--coverage-html needs a file name/],
    [
      'a folder that does not exist',
      ['--coverage', path.join(scratch, 'no', 'c.json')],
      /--coverage .*: its folder .* does not exist/,
    ],
    ['a folder for a file', ['--coverage-html', scratch], /--coverage-html .*: is a folder, not a file/],
    [
      'a file under a file',
      ['--junit', path.join(os.devNull, 'c.xml')],
      /--junit .*: its folder \/dev\/null does not exist/,
    ],
  ])('exits 2 on %s, naming the flag and the rule', async (_, flags, message) => {
    const result = await checkCommand([...base, ...flags]);
    expect(result.code).toBe(2);
    expect(result.stderr).toMatch(message);
    expect(result.stdout).toBe('');
  });

  it.each(['0', '100', '99.5', '007'])('takes %s as a percentage', async (percent) => {
    // With a percentage it takes, the run goes on: to a server that is not there, so a check fails (1), not usage (2).
    const result = await checkCommand([...base, '--max-requests', '1', '--fail-under-statuses', percent]);
    expect(result.code).toBe(1);
  });
});
