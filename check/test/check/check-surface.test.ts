// What the checker's root exports beside checkContract, held to what docs/contract.md says of it: the
// names of the checks, and the error a bad option throws.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { projectRoot } from '../../../test-kit/project-root.js';
import { CHECKS, CheckOptionError, checkContract } from '../../src/check/index.js';

const guide = readFileSync(path.join(projectRoot, 'docs', 'contract.md'), 'utf8');

describe("the checker's root", () => {
  it("CHECKS names exactly the checks the guide's table lists", () => {
    const table = guide.slice(guide.indexOf('| check | passes when |'));
    const rows = table.slice(0, table.indexOf('\n\n')).split('\n').slice(2);
    const listed = rows.map((row) => /^\| `([a-z-]+)` \|/.exec(row)?.[1]);
    expect(listed.sort()).toEqual(Object.keys(CHECKS).sort());
  });

  it.each([
    ['no base URL', { baseUrl: '', apiKey: 'k' }, '--base-url is required'],
    ['a base URL that is not http', { baseUrl: 'ftp://x', apiKey: 'k' }, '--base-url'],
    ['no key', { baseUrl: 'http://127.0.0.1:9', apiKey: '' }, 'An API key is required'],
    ['a rate of 0', { baseUrl: 'http://127.0.0.1:9', apiKey: 'k', rate: 0 }, '--rate'],
    ['a fractional seed', { baseUrl: 'http://127.0.0.1:9', apiKey: 'k', seed: 1.5 }, '--seed'],
  ])('refuses %s with a CheckOptionError naming the option', async (_case, options, named) => {
    const outcome = await checkContract(options).catch((error: unknown) => error);
    expect(outcome).toBeInstanceOf(CheckOptionError);
    expect((outcome as Error).message).toContain(named);
  });
});
