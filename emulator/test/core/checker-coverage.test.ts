// cloud-platform-check against the emulator meets every documented status the emulator can give on
// request: each one its Prefer handling turns into an injected answer is seen, and docs/contract.md
// states the run's figure.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { deriveRoutes, type RouteSpec } from 'cloud-platform-api/toolbox';
import { checkContract, type CheckResult } from 'cloud-platform-check';
import { coverageGaps } from 'cloud-platform-check/coverage';
import { beforeAll, describe, expect, it } from 'vitest';
import { preferredFault } from '../../src/core/controls/faults.js';
import { createEmulator } from '../../src/index.js';
import { projectRoot } from '../../../test-kit/project-root.js';
import { bundled } from '../helpers/emulator.js';

/** Whether `Prefer: code=NNN` makes the emulator inject that status, rather than refuse it or run the operation. */
function injects(route: RouteSpec, code: number): boolean {
  try {
    return preferredFault(`code=${code}`, route)?.status === code;
  } catch {
    return false;
  }
}

/** Whether the emulator gives a response key on request: its code, or any code of its range the document does not declare apart. */
function onRequest(route: RouteSpec, key: string): boolean {
  const declared = Object.keys(route.operation.responses ?? {});
  const range = /^([1-5])XX$/.exec(key);
  if (!range) return /^\d{3}$/.test(key) && injects(route, Number(key));
  const first = Number(range[1]) * 100;
  return Array.from({ length: 100 }, (_, i) => first + i).some(
    (code) => !declared.includes(String(code)) && injects(route, code),
  );
}

describe('cloud-platform-check against the emulator, with writes allowed', () => {
  let result: CheckResult;
  beforeAll(async () => {
    const emulator = await createEmulator();
    result = await checkContract({
      baseUrl: 'http://127.0.0.1:4010',
      apiKey: 'any-token',
      seed: 1,
      allowWrites: true,
      fetch: emulator.fetch,
    });
    await emulator.close();
  });

  it('passes every check', () => {
    expect(result.failures).toEqual([]);
  });

  it('sees every documented status the emulator gives on request, and no status it does not document', () => {
    const routes = new Map(deriveRoutes(bundled).map((route) => [route.operationId, route]));
    const unmet = result.coverage.operations.flatMap((op) =>
      op.statuses.documented
        .filter((key) => !op.statuses.seen.includes(key) && onRequest(routes.get(op.operationId)!, key))
        .map((key) => `${op.operationId} ${key}`),
    );
    expect(unmet).toEqual([]);
    expect(result.coverage.operations.flatMap((op) => op.statuses.undocumented)).toEqual([]);
  });

  it('leaves unmet only what the emulator gives from its data, not on request; docs/contract.md states the figure', () => {
    const [seen, documented] = result.coverage.totals.statuses;
    const docs = readFileSync(path.join(projectRoot, 'docs', 'contract.md'), 'utf8');
    expect(docs).toContain(`it meets ${seen} of the ${documented} documented statuses`);
    const unmet = coverageGaps(result.coverage, 'statuses');
    for (const gap of unmet) expect(docs).toContain(`\`${gap.replace(' ', '` ')}`);
  });
});
