// A plan before a live write, in process: against a recording stub on 127.0.0.1 as the base URL, a write
// answers with its plan (method, URL, body, the emulator's answer to the same call) and sends nothing; only
// the same call with the plan's token is sent, once: the same again gets the first answer, marked as a
// replay, and sends nothing. Every other token is refused and sends nothing.
import { createEmulator, type Emulator } from 'cloud-platform-emulator';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { keyFormIn } from '../../test-kit/key-forms.js';
import { sendJson, startServer, type TestServer } from '../../test-kit/http-server.js';
import { PLAN_LIFETIME_MS } from '../src/plan-tokens.js';
import { connectInMemory, type InMemorySession, textOf } from './helpers/in-memory-session.js';

const KEY = 'sk-plan-0123456789abcdef';
const CREATE = { body: { name: 'agent', policy: 1, target: 2 } };

let api: TestServer;
let emulator: Emulator;
let session: InMemorySession;
let clock: number;
/** While set, the API holds its answers until it settles: a call still on its way. */
let held: Promise<void> | undefined;

beforeEach(async () => {
  held = undefined;
  api = await startServer(async (request, res) => {
    await held;
    sendJson(res, 200, { id: 7, name: 'agent', policy: 1, target: 2, sent: request.headers.authorization });
  });
  emulator = await createEmulator();
  clock = Date.parse('2026-01-01T00:00:00Z');
  session = await connectInMemory({ baseUrl: api.url, apiKey: KEY }, undefined, {
    rehearsal: emulator,
    now: () => clock,
  });
});
afterEach(async () => {
  await session.close();
  await emulator.close();
  await api.close();
});

interface PlanAnswer {
  sent: false;
  plan: { method: string; url: string; body?: unknown; emulator: { status: number; answer?: unknown } };
  confirm: string;
}
const planOf = async (name: string, args: Record<string, unknown>) => {
  const answer = await session.call(name, args);
  expect(answer.isError, textOf(answer)).toBeFalsy();
  return answer.structuredContent as unknown as PlanAnswer;
};

describe('a write against --base-url', () => {
  it("answers with its plan and sends nothing; the plan's token sends it exactly once", async () => {
    const planned = await planOf('createLogsUploaderConfig', CREATE);
    expect(api.requests).toEqual([]);
    expect(planned.plan).toMatchObject({
      method: 'POST',
      url: `${api.url}/cdn/logs_uploader/configs`,
      body: CREATE.body,
      emulator: { status: 200, answer: { name: 'agent', policy: 1, target: 2 } },
    });
    expect(keyFormIn(JSON.stringify(planned), KEY)).toBeUndefined();
    const sent = await session.call('createLogsUploaderConfig', { ...CREATE, confirm: planned.confirm });
    expect(sent.isError, textOf(sent)).toBeFalsy();
    expect(api.requests.map((r) => [r.method, r.url, JSON.parse(r.body)])).toEqual([
      ['POST', '/cdn/logs_uploader/configs', CREATE.body],
    ]);
  });

  it('answers a call with no token with a new plan each time, and sends nothing', async () => {
    const first = await planOf('createLogsUploaderConfig', CREATE);
    const second = await planOf('createLogsUploaderConfig', CREATE);
    expect(second.confirm).not.toBe(first.confirm);
    expect(api.requests).toEqual([]);
  });

  it('plans a DELETE too, with the URL its path values make', async () => {
    const planned = await planOf('deleteEdgeApp', { id: 42 });
    expect(planned.plan).toMatchObject({ method: 'DELETE', url: `${api.url}/fastedge/v1/apps/42` });
    expect(api.requests).toEqual([]);
  });

  it('never plans a read: a GET is sent when called', async () => {
    await session.call('getVideo', { video_id: 1444 });
    expect(api.requests.map((r) => r.method)).toEqual(['GET']);
  });

  it('lists the confirm input on each write, and an output schema that types both the plan and the API’s answer', async () => {
    const create = (await session.tools()).find((tool) => tool.name === 'createLogsUploaderConfig')!;
    expect(create.inputSchema.properties).toHaveProperty('confirm');
    // The API's answer, one the document did not foresee, or the plan.
    expect(create.outputSchema).toMatchObject({
      type: 'object',
      anyOf: [expect.any(Object), { required: ['offDocument'] }, { required: expect.arrayContaining(['confirm']) }],
    });
    expect(create.description).toContain('planned first');
  });

  it.each([
    ['no plan asked for: a made-up token', async () => 'not-a-token', 'not one this server gave'],
    ['a token of the right length but not given', async () => 'A'.repeat(24), 'not one this server gave'],
    ['an empty token', async () => '', 'not one this server gave'],
    ['a token that is not a string', async () => 12345, 'confirm must be the token'],
    [
      'a token for other arguments',
      async () => (await planOf('createLogsUploaderConfig', { body: { ...CREATE.body, name: 'other' } })).confirm,
      'other arguments',
    ],
    [
      "a token of another tool's plan",
      async () => (await planOf('updateLogsUploaderConfig', { config_id: 1, body: { enabled: false } })).confirm,
      'the tool updateLogsUploaderConfig',
    ],
    [
      'a token past its lifetime (the clock moved on)',
      async () => {
        const { confirm } = await planOf('createLogsUploaderConfig', CREATE);
        clock += PLAN_LIFETIME_MS;
        return confirm;
      },
      'expired unused',
    ],
  ])('refuses %s, and sends nothing', async (_, tokenOf, reason) => {
    const confirm = await tokenOf();
    const refused = await session.call('createLogsUploaderConfig', { ...CREATE, confirm });
    expect(refused.isError).toBe(true);
    expect(textOf(refused)).toContain(reason);
    expect(textOf(refused)).toMatch(/^createLogsUploaderConfig was not called: /);
    expect(api.requests).toEqual([]);
  });

  it('spends a token on a mismatched call: the right call with it afterwards is refused too', async () => {
    const { confirm } = await planOf('createLogsUploaderConfig', CREATE);
    await session.call('createLogsUploaderConfig', { body: { ...CREATE.body, name: 'swapped' }, confirm });
    const again = await session.call('createLogsUploaderConfig', { ...CREATE, confirm });
    expect([again.isError, api.requests]).toEqual([true, []]);
  });

  it('checks the arguments before planning: a body the document refuses gets no plan and no token', async () => {
    const refused = await session.call('createLogsUploaderConfig', { body: { name: 'agent' } });
    expect(refused.isError).toBe(true);
    expect(textOf(refused)).toContain('body.policy is required');
    expect(refused.structuredContent).toBeUndefined();
  });

  it('takes the same arguments in another key order as the same call', async () => {
    const { confirm } = await planOf('createLogsUploaderConfig', CREATE);
    const reordered = { confirm, body: { target: 2, policy: 1, name: 'agent' } };
    expect((await session.call('createLogsUploaderConfig', reordered)).isError).toBeFalsy();
    expect(api.requests).toHaveLength(1);
  });
});

describe('a confirmed write re-issued with its token', () => {
  // The key the stub echoes is scrubbed, as from every result.
  const CONFIG = { id: 7, name: 'agent', policy: 1, target: 2, sent: 'apikey [redacted]' };
  const sentWith = async () => {
    const { confirm } = await planOf('createLogsUploaderConfig', CREATE);
    const first = await session.call('createLogsUploaderConfig', { ...CREATE, confirm });
    expect(first.structuredContent).toMatchObject({ id: 7 });
    return { confirm, first };
  };
  const REPLAY =
    /^A replay: this call was sent once, at 2026-01-01T00:00:00\.000Z, and this is its answer; nothing was sent again\.$/;

  it.each([
    ['the same arguments', (confirm: string) => ({ ...CREATE, confirm })],
    [
      'the same arguments in another key order',
      (confirm: string) => ({ confirm, body: { target: 2, policy: 1, name: 'agent' } }),
    ],
  ])('with %s, within its lifetime: the first answer, marked as a replay; nothing sent', async (_, argsOf) => {
    const { confirm, first } = await sentWith();
    clock += PLAN_LIFETIME_MS - 1;
    const again = await session.call('createLogsUploaderConfig', argsOf(confirm));
    expect(again.isError).toBeFalsy();
    expect(again.structuredContent).toEqual(first.structuredContent);
    expect(again.structuredContent).toMatchObject(CONFIG);
    expect(again.content[0]).toMatchObject({ type: 'text', text: expect.stringMatching(REPLAY) });
    expect(again.content.slice(1)).toEqual(first.content);
    expect(again._meta).toEqual({ 'cloud-platform-mcp/replay': { sentAt: '2026-01-01T00:00:00.000Z' } });
    expect(api.requests).toHaveLength(1);
  });

  it.each([
    [
      'other arguments',
      'createLogsUploaderConfig',
      { body: { ...CREATE.body, name: 'other' } },
      'was given for other arguments, whose call was sent at 2026-01-01T00:00:00.000Z',
    ],
    [
      'another tool',
      'updateLogsUploaderConfig',
      { config_id: 7, body: { enabled: false } },
      'was given for the tool createLogsUploaderConfig, whose call was sent at 2026-01-01T00:00:00.000Z',
    ],
  ])(
    'with %s: refused, naming when its own call was sent; nothing sent, and the token still replays its call',
    async (_, tool, args, reason) => {
      const { confirm } = await sentWith();
      const refused = await session.call(tool, { ...args, confirm });
      expect(refused.isError).toBe(true);
      expect(textOf(refused)).toContain(reason);
      expect(refused.structuredContent).toBeUndefined();
      expect(textOf(await session.call('createLogsUploaderConfig', { ...CREATE, confirm }))).toMatch(/^A replay/);
      expect(api.requests).toHaveLength(1);
    },
  );

  it('past its lifetime: says the call was sent, and when, never to plan it anew; nothing sent', async () => {
    const { confirm } = await sentWith();
    clock += PLAN_LIFETIME_MS;
    const late = await session.call('createLogsUploaderConfig', { ...CREATE, confirm });
    expect(late.isError).toBe(true);
    expect(textOf(late)).toBe(
      "createLogsUploaderConfig was not sent again: the call this token confirmed was sent at 2026-01-01T00:00:00.000Z, and its answer was kept until 2026-01-01T00:05:00.000Z, the token's lifetime. Read the service's state to see what that call did.",
    );
    expect(textOf(late)).not.toMatch(/new plan|without confirm/);
    expect(api.requests).toHaveLength(1);
  });

  it('while the first call is still on its way (past the lifetime even): waits for it and shares its answer; one request', async () => {
    let release!: () => void;
    held = new Promise((resolve) => {
      release = resolve;
    });
    const { confirm } = await planOf('createLogsUploaderConfig', CREATE);
    const calls = [0, 1, 2].map(() => session.call('createLogsUploaderConfig', { ...CREATE, confirm }));
    await expect.poll(() => api.requests.length).toBe(1);
    clock += PLAN_LIFETIME_MS;
    release();
    const answers = await Promise.all(calls);
    expect(answers.map((answer) => answer.structuredContent)).toEqual([CONFIG, CONFIG, CONFIG]);
    expect(answers.map((answer) => textOf(answer).startsWith('A replay'))).toEqual([false, true, true]);
    expect(api.requests).toHaveLength(1);
  });
});

describe('plans rehearsed apart', () => {
  /** What a rehearsal shows, but the times it was made at: the status, and the id it made. */
  const rehearsed = ({ plan }: PlanAnswer) => {
    const { id, name } = plan.emulator.answer as { id: number; name: string };
    return { status: plan.emulator.status, id, name };
  };

  it('shows the same create planned twice with the same answer: no plan sees what another plan rehearsed', async () => {
    const body = { name: 'twice', policy: 1, target: 2 };
    const first = await planOf('createLogsUploaderConfig', { body });
    const second = await planOf('createLogsUploaderConfig', { body });
    expect(first.plan.emulator).toMatchObject({ status: 200, answer: body });
    expect(rehearsed(second)).toEqual(rehearsed(first));
  });

  it('rehearses plans asked for at once each on the fixtures', async () => {
    const body = { name: 'together', policy: 1, target: 2 };
    const plans = await Promise.all([0, 1, 2].map(() => planOf('createLogsUploaderConfig', { body })));
    expect(plans.map(rehearsed)).toEqual(Array(3).fill({ status: 200, id: 1, name: 'together' }));
  });
});
