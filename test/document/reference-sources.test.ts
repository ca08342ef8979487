// The tests read the committed copies in reference/; where the shared sources sit beside the
// checkout (as in CI), the copies must match them.
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { factsText, projectRoot, seedText } from '../helpers/sources.js';

const shared = path.resolve(projectRoot, '..', 'shared');
const seedFile = path.join(shared, 'seeds', '000_6ca76c451e005861.txt');
const factsFile = path.join(shared, 'reference', 'live-service-facts.md');

describe.skipIf(!existsSync(seedFile))('reference copies (shared/ is beside this checkout)', () => {
  it('reference/seed.md is the shared seed', () => {
    expect(seedText).toBe(readFileSync(seedFile, 'utf8'));
  });
  it('reference/live-service-facts.md is the shared facts file', () => {
    expect(factsText).toBe(readFileSync(factsFile, 'utf8'));
  });
});
