// The start warning names the operations the document's own behaviour answers: a few, then a count, so
// that a 1,000-operation document does not print one line of 1,000 names.
import { describe, expect, it } from 'vitest';
import type { RouteSpec } from 'cloud-platform-api/toolbox';
import { NAMED_IN_A_WARNING, named } from '../../src/core/state/document-behaviour.js';

const routes = (count: number) =>
  Array.from({ length: count }, (_, i) => ({ operationId: `op${i}` }) as unknown as RouteSpec);

describe('named', () => {
  it.each([
    [1, 'op0'],
    [NAMED_IN_A_WARNING, Array.from({ length: NAMED_IN_A_WARNING }, (_, i) => `op${i}`).join(', ')],
    [NAMED_IN_A_WARNING + 1, `${Array.from({ length: NAMED_IN_A_WARNING }, (_, i) => `op${i}`).join(', ')} and 1 more`],
    [1000, `${Array.from({ length: NAMED_IN_A_WARNING }, (_, i) => `op${i}`).join(', ')} and 990 more`],
  ])('names %i operations as %s', (count, line) => {
    expect(named(routes(count))).toBe(line);
  });
});
