// `--record FILE`, then `--fixtures FILE`: a scenario through the proxy in front of an upstream with
// data of its own records its answers; an emulator serving the recording answers the same GETs with
// the same bodies. Nothing kept holds the key or a secret, in any encoding, even from an upstream that
// echoes them.
import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { startDivergentServer, type Divergence } from '../../../test-kit/divergent-server.js';
import type { TestServer } from '../../../test-kit/http-server.js';
import { keyEchoes, keyFormIn } from '../../../test-kit/key-forms.js';
import { operationRows } from '../../../test-kit/operation-table.js';
import { createEmulator } from '../../src/index.js';
import { BUILT_IN_FIXTURES } from '../../src/operations/index.js';
import { createServerEmulator, recordingFile, startEmulatorServer, type RunningServer } from '../../src/server.js';

const KEY = 'sk-record-Zq8#é/+=key-0123456789';
const AUTH = { authorization: `apikey ${KEY}` };
const rows = operationRows();
const pathOf = (operationId: string, values: Record<string, string | number> = {}) => {
  const row = rows.find((r) => r.operationId === operationId)!;
  return Object.entries(values).reduce(
    (url, [name, value]) => url.replace(`{${name}}`, encodeURIComponent(String(value))),
    row.path,
  );
};

/** The upstream's own data: the built-in set changed, so an emulator on the built-in set would answer otherwise. */
const upstreamFixtures = {
  ...structuredClone(BUILT_IN_FIXTURES),
  streamsPageSize: 2,
  videos: BUILT_IN_FIXTURES.videos.map((video) => ({ ...video, name: `Upstream ${video.name}` })),
  zones: BUILT_IN_FIXTURES.zones.map((zone) => ({ ...zone, contact: 'upstream@example.test' })),
  thresholds: BUILT_IN_FIXTURES.thresholds.map((threshold) => ({ ...threshold, threshold: 65 })),
};
const { videos, zones, instances, thresholds } = upstreamFixtures;
const instance = instances[0]!;

/** The GETs the scenario makes and the replay repeats: every operation the areas can record. */
const gets = [
  ...videos.map((video) => pathOf('getVideo', { video_id: video.id })),
  `${pathOf('listStreams')}?page=1`,
  `${pathOf('listStreams')}?page=2`,
  pathOf('getDnsZone', { name: zones[0]!.name }),
  pathOf('listInstancePorts', {
    project_id: instance.project_id,
    region_id: instance.region_id,
    instance_id: instance.instance_id,
  }),
  pathOf('getQuotaNotificationThreshold', { client_id: thresholds[0]!.client_id }),
];

const stopping: { close(): Promise<void> }[] = [];
afterEach(async () => {
  await Promise.all(stopping.splice(0).map((each) => each.close()));
});
const started = <T extends { close(): Promise<void> }>(each: T): T => {
  stopping.push(each);
  return each;
};
/** The bodies of the GETs, one after another, as a client pages through streams (from page 1: see the README). */
async function bodiesOf(url: string): Promise<string[]> {
  const bodies: string[] = [];
  for (const get of gets) bodies.push(await (await fetch(`${url}${get}`, { headers: AUTH })).text());
  return bodies;
}

const recordThroughProxy = async (upstream: TestServer, file: string): Promise<RunningServer> =>
  started(
    await startEmulatorServer(
      await createServerEmulator({ proxy: { baseUrl: upstream.url, recording: recordingFile(file) } }),
      { port: 0 },
    ),
  );

describe('--record FILE, then --fixtures FILE', () => {
  it('answers the same GETs with the same bodies, statefully from there on', async () => {
    const file = path.join(mkdtempSync(path.join(os.tmpdir(), 'record-')), 'recorded.json');
    const upstream = started(
      await startDivergentServer(undefined, { fixtures: { value: upstreamFixtures, source: 'the upstream fixtures' } }),
    );
    const proxy = await recordThroughProxy(upstream, file);
    const seen = await bodiesOf(proxy.url);
    const replay = started(await startEmulatorServer(await createServerEmulator({ fixturesFile: file }), { port: 0 }));
    expect(await bodiesOf(replay.url)).toEqual(seen);
    // The recording made the difference: the built-in set answers otherwise.
    const builtIn = started(await startEmulatorServer(await createServerEmulator(), { port: 0 }));
    expect(await bodiesOf(builtIn.url)).not.toEqual(seen);
  });

  it('merges into what the file holds, and names once an operation it cannot record', async () => {
    const upstream = started(
      await startDivergentServer(undefined, { fixtures: { value: upstreamFixtures, source: 'the upstream fixtures' } }),
    );
    const saved: Record<string, unknown>[] = [];
    const warnings: string[] = [];
    const proxy = await createEmulator({
      proxy: {
        baseUrl: upstream.url,
        recording: { initial: { apps: [77] }, save: (fixtures) => saved.push(fixtures) },
      },
      warn: (line) => warnings.push(line),
    });
    await proxy.fetch(`http://emulator.local${gets[0]}`, { headers: AUTH });
    for (const name of ['first-key', 'second-key']) {
      await proxy.fetch(`http://emulator.local${pathOf('createInferenceApiKey', { project_id: 1 })}`, {
        method: 'POST',
        headers: { ...AUTH, 'content-type': 'application/json' },
        body: JSON.stringify({ name }),
      });
    }
    expect(saved).toEqual([
      { apps: [77], videos: [expect.objectContaining({ id: videos[0]!.id, name: videos[0]!.name })] },
    ]);
    expect(warnings).toEqual([expect.stringMatching(/^--record: createInferenceApiKey cannot be recorded/)]);
  });
});

describe('an answer nested deeper than fixtures may be', () => {
  it.each([33, 20_000])(
    '%i levels deep: handed back as it is, not recorded, named once; the rest of the recording loads',
    async (levels) => {
      const deep = '['.repeat(levels - 1) + ']'.repeat(levels - 1);
      const deepVideos: Divergence = (request, answer) =>
        request.url.startsWith('/streaming/videos/')
          ? { ...answer, body: answer.body.replace(/}$/, `,"extra":${deep}}`) }
          : answer;
      const upstream = started(
        await startDivergentServer(deepVideos, {
          fixtures: { value: upstreamFixtures, source: 'the upstream fixtures' },
        }),
      );
      const saved: Record<string, unknown>[] = [];
      const warnings: string[] = [];
      const proxy = await createEmulator({
        proxy: { baseUrl: upstream.url, recording: { initial: {}, save: (fixtures) => saved.push(fixtures) } },
        warn: (line) => warnings.push(line),
      });
      for (let i = 0; i < 2; i++) {
        const answer = await proxy.fetch(`http://emulator.local${gets[0]}`, { headers: AUTH });
        expect(answer.status).toBe(200);
        expect(await answer.text()).toContain(`"extra":${deep}`);
      }
      expect(
        (await proxy.fetch(`http://emulator.local${pathOf('getDnsZone', { name: zones[0]!.name })}`, { headers: AUTH }))
          .status,
      ).toBe(200);
      expect(warnings).toEqual([
        expect.stringMatching(
          /^--record: getVideo answered with a body that is not recorded: nested deeper than 32 levels/,
        ),
      ]);
      expect(saved.at(-1)).toEqual({ zones: [expect.objectContaining({ name: zones[0]!.name })] });
      await expect(
        createEmulator({ fixtures: { value: saved.at(-1)!, source: 'the recording' } }),
      ).resolves.toBeDefined();
    },
  );
});

describe('what the proxy keeps', () => {
  const SECRET = 'key-secret-7d1c9f0a2b4e6d8f';
  /** An upstream that echoes the key, in every form, into the answers it gives, and a secret field with them. */
  const echoing: Divergence = (request, answer) => {
    if (!answer.headers['content-type']?.includes('json') || answer.status >= 300) return answer;
    const echoed = keyEchoes(KEY)
      .map(({ text }) => text)
      .join(' ');
    const body = JSON.parse(answer.body) as Record<string, unknown>;
    const changed =
      'Zone' in body
        ? { Zone: { ...(body.Zone as object), contact: echoed, secret: SECRET } }
        : { ...body, description: echoed, secret: SECRET };
    return {
      ...answer,
      headers: { ...answer.headers, 'x-echo': request.headers.authorization as string },
      body: JSON.stringify(changed),
    };
  };

  it.each([
    ['apikey KEY', AUTH.authorization],
    ['apikey, two spaces, KEY', `apikey  ${KEY}`],
    ['apikey, a tab, KEY', `apikey\t${KEY}`],
    ['APIKEY KEY', `APIKEY ${KEY}`],
  ])(
    'holds no key and no secret, in any form, in the recording, the violations or the log: Authorization %s',
    async (_, authorization) => {
      const file = path.join(mkdtempSync(path.join(os.tmpdir(), 'record-')), 'recorded.json');
      const upstream = started(await startDivergentServer(echoing));
      const lines: string[] = [];
      const proxy = started(
        await startEmulatorServer(
          await createServerEmulator({
            proxy: { baseUrl: upstream.url, recording: recordingFile(file) },
            log: (entry) => lines.push(JSON.stringify(entry)),
          }),
          { port: 0 },
        ),
      );
      await Promise.all(
        [
          pathOf('getVideo', { video_id: BUILT_IN_FIXTURES.videos[0]!.id }),
          pathOf('getDnsZone', { name: BUILT_IN_FIXTURES.zones[0]!.name }),
        ].map((get) => fetch(`${proxy.url}${get}`, { headers: { authorization } })),
      );
      const created = await fetch(`${proxy.url}${pathOf('createInferenceApiKey', { project_id: 1 })}`, {
        method: 'POST',
        headers: { authorization, 'content-type': 'application/json' },
        body: '{"name":"recorded-key"}',
      });
      const { secret } = (await created.json()) as { secret?: string };
      // The upstream here (an emulator) refuses a tab after the scheme word, so there is nothing to record then.
      const recorded = !authorization.includes('\t');
      expect(existsSync(file)).toBe(recorded);
      const kept = [
        recorded ? readFileSync(file, 'utf8') : '',
        JSON.stringify(proxy.emulator.violations.list()),
        proxy.emulator.violations.report(),
        ...lines,
      ].join('\n');
      if (recorded) expect(kept).toContain('[redacted]');
      for (const each of [KEY, SECRET, ...(secret ? [secret] : [])]) expect(keyFormIn(kept, each)).toBeUndefined();
    },
  );
});

describe('a recording file that cannot be written', () => {
  const unwritable = () => path.join(mkdtempSync(path.join(os.tmpdir(), 'recording-')), 'no-such-folder', 'rec.json');

  it('tells onSaveError, with the file, and the next save tries again', () => {
    const failed: [string, string][] = [];
    const file = unwritable();
    const sink = recordingFile(file, { onSaveError: (error, at) => failed.push([at, error.message]) });
    sink.save({ apps: [1] });
    sink.save({ apps: [2] });
    expect(failed).toEqual([
      [file, expect.stringContaining('no-such-folder')],
      [file, expect.stringContaining('no-such-folder')],
    ]);
  });

  it('warns by default in the library’s words, never the command’s (--record) or on stderr directly', () => {
    const warned = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const written = vi.spyOn(process.stderr, 'write');
    try {
      recordingFile(unwritable()).save({ apps: [1] });
      expect(warned).toHaveBeenCalledTimes(1);
      expect(String(warned.mock.calls[0]![0])).toMatch(/^cloud-platform-emulator: cannot write the recording /);
      expect(String(warned.mock.calls[0]![0])).not.toContain('--record');
      expect(written).not.toHaveBeenCalled();
    } finally {
      vi.restoreAllMocks();
    }
  });
});
