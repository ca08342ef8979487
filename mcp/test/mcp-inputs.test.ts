// What an agent puts in a tool's arguments, driven through the MCP server in process (the SDK's own
// Client over its in-memory transport): a call its input schema refuses sends nothing and is a tool
// error naming the argument and the rule; a hostile path value never leaves its operation's path, so
// neither another path of the account (--base-url) nor the emulator's control routes (in process) are
// reached; a bad journal filter is a tool error, not a protocol error.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HOSTILE_PATH_VALUES, staysOnPath } from '../../test-kit/hostile-path-values.js';
import { sendJson, startServer, type TestServer } from '../../test-kit/http-server.js';
import { type OperationRow, operationRows } from '../../test-kit/operation-table.js';
import { createEmulator, type Emulator } from 'cloud-platform-emulator';
import {
  connectInMemory,
  connectToEmulator,
  exampleArgs,
  type InMemorySession,
  textOf,
} from './helpers/in-memory-session.js';

/** Values aimed at the emulator's control routes and at another path of the account. */
const CLIMBING_VALUES: [string, unknown][] = [
  ['control route', '../../__emulator/reset'],
  ['control route, deeper', '../../../../__emulator/reset'],
  ['control route, encoded', '%2E%2E%2F%2E%2E%2F__emulator%2Freset'],
  ['another path of the account', '../../../iam/api_tokens'],
  // Written unencoded by a client that takes an object's keys as they are: the rest of the URL a fragment.
  ['object aimed at a control route', { '../../../../../../__emulator/reset#': 'x' }],
  ['object aimed at another path', { '../../../../../../iam/api_tokens#': 'x' }],
];

/** A server over stdio aimed at a recording upstream on loopback that answers every request `{}`, for the describe block. */
function withRecordingUpstream() {
  const held = {} as { upstream: TestServer; mcp: InMemorySession };
  beforeAll(async () => {
    held.upstream = await startServer((_, res) => sendJson(res, 200, {}));
    held.mcp = await connectInMemory({ baseUrl: held.upstream.url, apiKey: 'sk-mcp-inputs-0123456789' });
  });
  afterAll(async () => {
    await held.mcp.close();
    await held.upstream.close();
  });
  return held;
}

const pathCases = operationRows().flatMap((row) =>
  row.route.parameters
    .filter((p) => p.in === 'path')
    .flatMap((p) =>
      [...HOSTILE_PATH_VALUES, ...CLIMBING_VALUES].map(([what, value]) => ({
        row,
        operationId: row.operationId,
        name: p.name,
        what,
        value,
      })),
    ),
);

describe('cloud-platform-mcp with --base-url: hostile path values', () => {
  const held = withRecordingUpstream();

  it('covers every operation that has a path parameter', () => {
    const withPathValues = operationRows().filter((row) => row.path.includes('{'));
    expect(new Set(pathCases.map((c) => c.operationId))).toEqual(new Set(withPathValues.map((r) => r.operationId)));
  });

  it.each(pathCases)(
    '$operationId, $name = $what: sent on its own path with its method, or refused naming $name',
    async ({ row, name, value }) => {
      held.upstream.requests.length = 0;
      const result = await held.mcp.call(row.operationId, { ...exampleArgs(row), [name]: value });
      for (const sent of held.upstream.requests) {
        expect(sent.method).toBe(row.method);
        expect(staysOnPath(row.path, `http://upstream${sent.url}`), sent.url).toBe(true);
      }
      if (held.upstream.requests.length === 0) {
        expect(result.isError).toBe(true);
        expect(textOf(result)).toMatch(new RegExp(`^${row.operationId} was not called: .*\\b${name}\\b`));
      }
    },
  );
});

/** For each tool, its input schema's properties and required names. */
const toolInputs = (row: OperationRow) => {
  const names = row.route.parameters.map((p) => p.name);
  const required = row.route.parameters.filter((p) => p.required).map((p) => p.name);
  return { names: [...names, ...(row.route.body ? ['body'] : [])], required: [...required] };
};

/** A value of a type no parameter or body of the document takes where it is given. */
const WRONG_TYPE = { nested: ['object'] };

const schemaCases = operationRows().flatMap((row) => {
  const { names, required } = toolInputs(row);
  return [
    ...required.map((name) => ({
      row,
      operationId: row.operationId,
      what: `without ${name}`,
      args: Object.fromEntries(Object.entries(exampleArgs(row)).filter(([key]) => key !== name)),
      names: [name],
      rule: 'required',
    })),
    ...names.map((name) => ({
      row,
      operationId: row.operationId,
      what: `${name} of a wrong type`,
      args: { ...exampleArgs(row), [name]: name === 'body' ? 'not an object' : WRONG_TYPE },
      names: [name],
      rule: 'type',
    })),
    {
      row,
      operationId: row.operationId,
      what: 'an input it does not take',
      args: { ...exampleArgs(row), vidoe_id: 1 },
      names: ['vidoe_id'],
      rule: 'additionalProperties',
    },
  ];
});

describe('cloud-platform-mcp: a call its input schema refuses sends nothing', () => {
  const held = withRecordingUpstream();

  it.each(schemaCases)(
    '$operationId $what: a tool error naming it and the rule',
    async ({ row, args, names, rule }) => {
      held.upstream.requests.length = 0;
      const result = await held.mcp.call(row.operationId, args);
      expect(held.upstream.requests).toEqual([]);
      expect(result.isError).toBe(true);
      expect(textOf(result)).toMatch(new RegExp(`^${row.operationId} was not called: `));
      for (const name of names) expect(textOf(result)).toContain(name);
      expect(textOf(result)).toContain(`(${rule})`);
    },
  );

  it('says what getVideo {} lacks, in words', async () => {
    const result = await held.mcp.call('getVideo', {});
    expect([result.isError, textOf(result)]).toEqual([
      true,
      'getVideo was not called: video_id is required (required)',
    ]);
  });

  it('checks a body field against its schema', async () => {
    const result = await held.mcp.call('createLogsUploaderConfig', {
      body: { name: 'agent', policy: 'one', target: 2 },
    });
    expect([result.isError, textOf(result)]).toEqual([
      true,
      'createLogsUploaderConfig was not called: body.policy must be integer (type)',
    ]);
    expect(held.upstream.requests).toEqual([]);
  });

  it('sends each example call as it is: the check refuses no valid input', async () => {
    for (const row of operationRows()) {
      held.upstream.requests.length = 0;
      const result = await held.mcp.call(row.operationId, exampleArgs(row));
      expect([row.operationId, result.isError ?? false, held.upstream.requests.length]).toEqual([
        row.operationId,
        false,
        1,
      ]);
    }
  });
});

describe('cloud-platform-mcp against the in-process emulator: no tool reaches a control route', () => {
  let emulator: Emulator;
  let mcp: InMemorySession;
  beforeAll(async () => {
    emulator = await createEmulator();
    mcp = await connectToEmulator(emulator);
    const created = await mcp.call('createLogsUploaderConfig', { body: { name: 'proof', policy: 1, target: 2 } });
    expect(created.isError).toBeFalsy();
  });
  afterAll(async () => {
    await mcp.close();
    await emulator.close();
  });

  it('keeps the journal, adds no fault or override, and journals only requests on the tools own paths', async () => {
    for (const { row, name, value } of pathCases)
      await mcp.call(row.operationId, { ...exampleArgs(row), [name]: value });
    const journal = emulator.requests.list();
    expect(journal[0]).toMatchObject({ operationId: 'createLogsUploaderConfig', body: { name: 'proof' } });
    expect(emulator.faults.list()).toEqual([]);
    expect(emulator.overrides.list()).toEqual([]);
    for (const entry of journal) {
      const row = operationRows().find((each) => each.operationId === entry.operationId);
      expect(row, `${entry.method} ${entry.path}`).toBeDefined();
      expect(entry.method).toBe(row!.method);
      expect(staysOnPath(row!.path, `http://emulator.local${entry.path}`), entry.path).toBe(true);
    }
  });

  it.each([
    ['an operation the document lacks', { operationId: 'resetEmulator' }, 'operationId'],
    ['a number', { operationId: 5 }, 'operationId'],
    ['a filter it does not take', { path: '/__emulator/reset' }, 'path'],
  ])('answers a journal filter of %s as a tool error naming it', async (_, args, name) => {
    const result = await mcp.call('journal', args);
    expect(result.isError).toBe(true);
    expect(textOf(result)).toMatch(new RegExp(`^journal was not called: .*\\b${name}\\b`));
  });
});
