// "Did you mean": the closest options to one a user mistyped, in the one function every command uses,
// and each command's answer to a mistyped option as the user sees it on stderr.
import { execFile } from 'node:child_process';
import path from 'node:path';
import { parseArgs, promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { closestOptions, optionErrorMessage } from '../../src/contract/option-suggestion.js';
import { projectRoot } from '../helpers/sources.js';

const CHECK = [
  'base-url',
  'api-key',
  'operations',
  'max-requests',
  'seed',
  'rate',
  'junit',
  'coverage',
  'coverage-html',
  'fail-under-statuses',
  'fail-under-parameters',
  'allow-writes',
  'help',
];
const EMULATOR = [
  'port',
  'host',
  'fixtures',
  'state',
  'strict',
  'quiet',
  'log',
  'proxy',
  'proxy-errors',
  'proxy-timeout',
];
const MCP = ['emulator', 'base-url', 'allow-writes', 'allow-deletes', 'allow-remote', 'http', 'port', 'host', 'tags'];

describe('closestOptions', () => {
  it.each([
    ['the start of two options', '--fail-under', CHECK, ['fail-under-statuses', 'fail-under-parameters']],
    ['two letters swapped', '--quite', EMULATOR, ['quiet']],
    ['two letters swapped, in a short name', '--lgo', EMULATOR, ['log']],
    ['_ for -', '--base_url', CHECK, ['base-url']],
    ['a letter doubled', '--porrt', EMULATOR, ['port']],
    ['a letter missing', '--operation', CHECK, ['operations']],
    ['a letter too many', '--operations', ['operation', 'status', 'help'], ['operation']],
    ['capitals', '--PORT', EMULATOR, ['port']],
    ['the nearest of several near ones', '--stat', EMULATOR, ['state']],
    ['the start of one option, cut short', '--coverage-htm', CHECK, ['coverage-html']],
    ['three letters that start three options', '--pro', EMULATOR, ['proxy', 'proxy-errors', 'proxy-timeout']],
    ['a singular', '--allow-write', MCP, ['allow-writes']],
    ['without its dashes', 'seeds', CHECK, ['seed']],
    ['nothing near', '--verbose', EMULATOR, []],
    ['two letters: too few to complete', '--pr', EMULATOR, []],
    ['a short option', '-x', EMULATOR, []],
    ['an empty name', '--', EMULATOR, []],
  ])('%s: %s', (_case, typed, known, expected) => {
    expect(closestOptions(typed, known)).toEqual(expected);
  });
});

/** The error node:util's parseArgs throws for `args`, as the commands call it. */
function parseError(args: string[], allowPositionals: boolean): unknown {
  try {
    parseArgs({
      args,
      strict: true,
      allowPositionals,
      options: { port: { type: 'string' }, quiet: { type: 'boolean' } },
    });
  } catch (error) {
    return error;
  }
  throw new Error(`parseArgs took ${args.join(' ')}`);
}

describe('optionErrorMessage', () => {
  it.each([
    ['an unknown option', ['--quite'], false, "Unknown option '--quite'. Did you mean --quiet?"],
    ['an unknown option given a value', ['--prot=1'], false, "Unknown option '--prot'. Did you mean --port?"],
    [
      'an unknown option where positionals are allowed: the advice after it kept',
      ['--quite'],
      true,
      `Unknown option '--quite'. Did you mean --quiet? To specify a positional argument starting with a '-', place it at the end of the command after '--', as in '-- "--quite"`,
    ],
    ['an unknown option with nothing near', ['--verbose'], false, "Unknown option '--verbose'"],
    ['a missing value: not an unknown option', ['--port'], false, "Option '--port <value>' argument missing"],
  ])('%s', (_case, args, allowPositionals, expected) => {
    expect(optionErrorMessage(parseError(args, allowPositionals), ['port', 'quiet'])).toBe(expected);
  });

  it('gives any other error its message, and a thrown non-error its text', () => {
    expect(optionErrorMessage(new Error("Unknown option '--quite'"), ['quiet'])).toBe("Unknown option '--quite'");
    expect(optionErrorMessage('plain', ['quiet'])).toBe('plain');
    expect(optionErrorMessage(null, ['quiet'])).toBe('null');
  });
});

const bin = (name: string) => path.join(projectRoot, 'node_modules', '.bin', name);

describe('each command, given a mistyped option', () => {
  it.each([
    [
      'cloud-platform-check',
      ['--base-url', 'http://127.0.0.1:9'],
      '--fail-under',
      '--fail-under-statuses or --fail-under-parameters',
    ],
    ['cloud-platform-validate', ['body.json', '--operation', 'getVideo'], '--stauts', '--status'],
    ['cloud-platform-emulator', [], '--quite', '--quiet'],
    ['cloud-platform-mcp', [], '--allow-write', '--allow-writes'],
  ])('%s %s %s exits 2 and names %s', async (command, args, typed, closest) => {
    const ran = await promisify(execFile)(bin(command), [...args, typed, '90'], { cwd: projectRoot }).then(
      () => ({ code: 0, stderr: '' }),
      (error: { code: number; stderr: string }) => error,
    );
    expect(ran.code).toBe(2);
    expect(ran.stderr).toContain(`Unknown option '${typed}'. Did you mean ${closest}?`);
  });
});
