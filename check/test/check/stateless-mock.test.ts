// The contract runner against a stateless mock: Prism (an npm package, a devDependency) serving the
// bundled document on 127.0.0.1. Such a mock answers every request with an example, a self-link's
// expected 409 with a 2xx among them; the runner must still reach every operation, and report one
// failure per cause, not one per request a chain of links made.
import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkContract, type CheckResult } from '../../src/check/index.js';
import { closedPort } from '../../../test-kit/http-server.js';
import { projectRoot } from '../../../test-kit/project-root.js';

const STARTUP_MS = 30_000;

/** Starts `prism mock` on a free loopback port and waits until it answers; its output is read only to find that. */
async function startPrism(): Promise<{ url: string; process: ChildProcess }> {
  const port = await closedPort();
  const bin = path.join(projectRoot, 'node_modules', '.bin', 'prism');
  const child = spawn(
    bin,
    ['mock', '-h', '127.0.0.1', '-p', String(port), path.join(projectRoot, 'generated', 'openapi.yaml')],
    { stdio: 'ignore' },
  );
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + STARTUP_MS;
  while (Date.now() < deadline) {
    const up = await fetch(`${url}/streaming/streams`, {
      headers: { authorization: 'apikey probe' },
      signal: AbortSignal.timeout(1_000),
    }).then(
      () => true,
      () => false,
    );
    if (up) return { url, process: child };
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  child.kill();
  throw new Error(`prism mock did not answer on ${url} within ${STARTUP_MS} ms`);
}

describe("cloud-platform-check against Prism's stateless mock", () => {
  let prism: { url: string; process: ChildProcess };
  let result: CheckResult;
  beforeAll(async () => {
    prism = await startPrism();
    result = await checkContract({ baseUrl: prism.url, apiKey: 'stateless-mock-key', seed: 7, maxRequests: 300 });
  }, 90_000);
  afterAll(() => void prism?.process.kill());

  it('sends requests to every operation it does not skip', () => {
    const reached = result.operations.filter((op) => !op.skipped);
    expect(reached.length).toBeGreaterThan(0);
    for (const op of reached) expect(op.requests, op.operationId).toBeGreaterThan(0);
    const createKeys = result.operations.find((op) => op.operationId === 'createInferenceApiKey')!;
    expect(createKeys.requests).toBeLessThan(result.requests / 2);
  });

  it('reports one failure per cause: each operation and check once, however many requests showed it', () => {
    const causes = result.failures.map((f) => `${f.operationId} ${f.check}`);
    expect(causes.length).toBeGreaterThan(0);
    expect(new Set(causes).size).toBe(causes.length);
  });
});
