// The live-service guide's recipe (docs/live-service.md), run as written by bash, with
// only what must differ here put in: a local upstream for https://api.gcore.com (the emulator with data
// of its own), free ports for 4010 and 4011, a key, and a scratch folder for the recording.
import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
import { startDivergentServer } from '../../../test-kit/divergent-server.js';
import { closedPort } from '../../../test-kit/http-server.js';
import { projectRoot } from '../../../test-kit/project-root.js';
import { BUILT_IN_FIXTURES } from '../../src/operations/index.js';

const guide = readFileSync(path.join(projectRoot, 'docs', 'live-service.md'), 'utf8');
const heading = '# The live service';
const recipe = /```sh\n([\s\S]*?)```/.exec(guide.slice(guide.indexOf(heading)))?.[1];

describe("the live-service guide's recipe", () => {
  const video = { ...BUILT_IN_FIXTURES.videos[0]!, name: 'As the upstream has it' };
  const upstreamReady = startDivergentServer(undefined, {
    fixtures: { value: { ...BUILT_IN_FIXTURES, videos: [video] }, source: 'the upstream fixtures' },
  });
  afterAll(async () => (await upstreamReady).close());

  it('works as written against a local upstream: it reports, records, and the recording replays', async () => {
    expect(recipe, `a sh block under "${heading}"`).toBeTruthy();
    const upstream = await upstreamReady;
    const [proxyPort, replayPort] = [await closedPort(), await closedPort()];
    const dir = mkdtempSync(path.join(os.tmpdir(), 'live-service-recipe-'));
    const script = recipe!
      .replaceAll('https://api.gcore.com', upstream.url)
      .replaceAll('4010', String(proxyPort))
      .replaceAll('4011', String(replayPort))
      .replaceAll('recorded.json', path.join(dir, 'recorded.json'))
      .replace("'your-api-key'", "'sk-readme-recipe-key'");
    const { stdout } = await promisify(execFile)('bash', ['-e', '-c', script], {
      cwd: projectRoot,
      encoding: 'utf8',
      timeout: 30_000,
    });
    // The status and the count of violations, on a line of their own (the command prints where it listens first).
    expect(stdout.split('\n').filter((line) => /^\d{3} \d+$/.test(line))).toEqual(['200 0']);
    expect(stdout).toContain('| getVideo | 1 | 200 × 1 | none | 0 |');
    expect(stdout).toContain('No violation.');
    expect(JSON.parse(stdout.slice(stdout.lastIndexOf('\n{"id"') + 1))).toEqual(JSON.parse(JSON.stringify(video)));
    expect(readFileSync(path.join(dir, 'recorded.json'), 'utf8')).not.toContain('sk-readme-recipe-key');
  }, 60_000);
});
