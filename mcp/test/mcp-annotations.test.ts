// Each tool's annotations and output schema, proved on the emulator in process rather than taken on
// trust: every tool is called twice with its example arguments, and what happened (the journal, and the
// emulator's state before and after each call) is held against each hint it advertises. A read-only tool
// changed nothing, an idempotent one left the same state on its second call, a destructive one removed
// something, and one that is not destructive removed nothing. The hints come from the method alone
// (tools.ts), so a hint the emulator contradicts fails here. Every answer of the run is held against the
// tool's outputSchema by a validator of the test's own (Ajv), and an error answer is text with its status.
import type { CallToolResult, Tool } from '@modelcontextprotocol/client';
import { createEmulator, type Emulator } from 'cloud-platform-emulator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sendJson, startServer } from '../../test-kit/http-server.js';
import { type OperationRow, operationRows } from '../../test-kit/operation-table.js';
import { independentAjv } from './helpers/ajv.js';
import {
  connectInMemory,
  connectToEmulator,
  exampleArgs,
  type InMemorySession,
  textOf,
} from './helpers/in-memory-session.js';

type Tables = Record<string, [unknown, unknown][]>;
const tablesOf = (emulator: Emulator) => (emulator.store.snapshot() as unknown as { tables: Tables }).tables;

/** The rows of `before` that `after` no longer has, as `table/key`. */
const removed = (before: Tables, after: Tables) =>
  Object.entries(before).flatMap(([table, rows]) =>
    rows
      .map(([key]) => key)
      .filter((key) => !(after[table] ?? []).some(([kept]) => kept === key))
      .map((key) => `${table}/${String(key)}`),
  );

const rows = operationRows();
const rowOf = (operationId: string) => rows.find((row) => row.operationId === operationId)!;

/** Where an example names a resource the emulator does not hold, the one the proof aims at instead. */
const SUBJECTS: Record<string, (emulator: Emulator) => Record<string, unknown>> = {
  // The first config the preparation's createLogsUploaderConfig made.
  updateLogsUploaderConfig: () => ({ config_id: 1 }),
  deleteInferenceDeployment: (emulator) => ({ instance_id: tablesOf(emulator).deployments![0]![0] }),
  // The event the preparation's addStorageEvent added (the document links the two).
  deleteStorageEvent: () => ({ body: rowOf('addStorageEvent').body }),
};
const creates = rows.filter((row) => row.method === 'POST');

interface Proof {
  before: Tables;
  afterFirst: Tables;
  afterSecond: Tables;
  answers: CallToolResult[];
  sent: number;
}

const ajv = independentAjv();

/** Holds an answer to its tool's output: data that fits the schema, and the same JSON as text; or an error with its status. */
function expectTyped(tool: Tool, answer: CallToolResult): void {
  if (answer.isError) {
    expect(answer.structuredContent, tool.name).toBeUndefined();
    expect(textOf(answer)).toMatch(new RegExp(`^${tool.name} answered [45]\\d\\d(: \\{|, with no body$)`));
    return;
  }
  if (!tool.outputSchema) {
    expect(answer.structuredContent, tool.name).toBeUndefined();
    return;
  }
  const validate = ajv.compile(tool.outputSchema);
  expect(validate(answer.structuredContent) || validate.errors, tool.name).toBe(true);
  // The emulator answers as the document says: never off it.
  expect(answer.structuredContent, tool.name).not.toHaveProperty('offDocument');
  expect(JSON.parse(textOf(answer)), tool.name).toEqual(answer.structuredContent);
}

describe('cloud-platform-mcp: every hint, proved on the emulator', () => {
  let emulator: Emulator;
  let mcp: InMemorySession;
  let tools: Map<string, Tool>;
  beforeAll(async () => {
    emulator = await createEmulator();
    mcp = await connectToEmulator(emulator);
    tools = new Map((await mcp.tools()).map((tool) => [tool.name, tool]));
  });
  afterAll(async () => {
    await mcp.close();
    await emulator.close();
  });

  /** From the fixtures, with every other create made once (so a delete has its subject), calls the tool twice. */
  async function prove(row: OperationRow): Promise<Proof> {
    emulator.reset();
    for (const create of creates.filter((each) => each !== row))
      await mcp.call(create.operationId, exampleArgs(create));
    const args = { ...exampleArgs(row), ...SUBJECTS[row.operationId]?.(emulator) };
    const before = tablesOf(emulator);
    const first = await mcp.call(row.operationId, args);
    const afterFirst = tablesOf(emulator);
    const second = await mcp.call(row.operationId, args);
    const sent = emulator.requests.list({ operationId: row.operationId as never }).length;
    return { before, afterFirst, afterSecond: tablesOf(emulator), answers: [first, second], sent };
  }

  it('gives every tool a title and all four hints, with the journal read-only and in a closed world', () => {
    for (const tool of tools.values()) {
      expect(tool.title, tool.name).toMatch(/\w/);
      expect(Object.keys(tool.annotations ?? {}).sort(), tool.name).toEqual(
        ['destructiveHint', 'idempotentHint', 'openWorldHint', 'readOnlyHint', 'title'].sort(),
      );
      expect(tool.annotations?.openWorldHint, tool.name).toBe(false);
    }
    expect(tools.get('journal')?.annotations).toMatchObject({ readOnlyHint: true, openWorldHint: false });
    expect(tools.size).toBe(rows.length + 1);
  });

  it('gives every tool whose success answer is JSON an outputSchema, an object at its root, self-contained (no $ref)', () => {
    const withJson = rows.filter((row) => {
      const success = (row.route.operation.responses as Record<string, { content?: object }>)[
        String(row.successStatus)
      ];
      return success?.content !== undefined && 'application/json' in success.content;
    });
    expect(withJson.length).toBeGreaterThan(0);
    for (const row of rows) {
      const { outputSchema } = tools.get(row.operationId)!;
      expect(outputSchema !== undefined, row.operationId).toBe(withJson.includes(row));
      expect(JSON.stringify(outputSchema ?? {}), row.operationId).not.toContain('$ref');
      if (outputSchema) expect(outputSchema.type, row.operationId).toBe('object');
    }
  });

  it.each(rows.map((row) => ({ operationId: row.operationId, method: row.method, row })))(
    '$operationId ($method): its hints hold against two calls, and its answers fit its output',
    async ({ row }) => {
      const hints = tools.get(row.operationId)!.annotations!;
      const proof = await prove(row);
      // Both calls were sent, once each: the first answered, so the proof is of a call that did its work.
      expect([proof.answers[0]!.isError ?? false, proof.sent]).toEqual([false, 2]);
      for (const answer of proof.answers) expectTyped(tools.get(row.operationId)!, answer);
      if (hints.readOnlyHint) expect([proof.afterFirst, proof.afterSecond]).toEqual([proof.before, proof.before]);
      if (hints.idempotentHint) expect(proof.afterSecond).toEqual(proof.afterFirst);
      if (hints.destructiveHint) expect(removed(proof.before, proof.afterFirst)).not.toEqual([]);
      else
        expect([...removed(proof.before, proof.afterFirst), ...removed(proof.afterFirst, proof.afterSecond)]).toEqual(
          [],
        );
    },
  );
});

describe('cloud-platform-mcp with --base-url: the open world', () => {
  it('marks every operation tool openWorldHint: true', async () => {
    const upstream = await startServer((_, res) => sendJson(res, 200, {}));
    const mcp = await connectInMemory({ baseUrl: upstream.url, apiKey: 'sk-open-world-0123456789' });
    try {
      const tools = await mcp.tools();
      expect(tools.length).toBe(rows.length);
      for (const tool of tools) expect(tool.annotations?.openWorldHint, tool.name).toBe(true);
    } finally {
      await mcp.close();
      await upstream.close();
    }
  });
});
