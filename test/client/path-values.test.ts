// Path values through the client: every operation, every path parameter, every hostile value. A value
// is refused before anything is sent (CloudClientOptionError naming the parameter), or it is sent and
// the request stays on its operation's own path, with the operation's method.
import { describe, expect, it } from 'vitest';
import { CloudClientOptionError, createCloudClient } from '../../src/index.js';
import { HOSTILE_PATH_VALUES, staysOnPath } from '../helpers/hostile-path-values.js';
import { operationRows } from '../helpers/operation-table.js';

type Send = (path: string, init: object) => Promise<unknown>;

function recordingClient() {
  const sent: Request[] = [];
  const client = createCloudClient({
    apiKey: 'path-values-key',
    baseUrl: 'http://127.0.0.1:9/base',
    maxRetries: 0,
    fetch: async (request) => {
      sent.push(request);
      return new Response('{}', { status: 200, headers: { 'content-type': 'application/json' } });
    },
  });
  return {
    sent,
    call: (method: string, path: string, init: object) =>
      (client as unknown as Record<string, Send>)[method]!(path, init),
  };
}

const cases = operationRows().flatMap((row) =>
  row.route.parameters
    .filter((p) => p.in === 'path')
    .flatMap((p) => HOSTILE_PATH_VALUES.map(([what, value]) => ({ row, name: p.name, types: p.types, what, value }))),
);

describe('hostile path values through the client', () => {
  it.each(cases)('$row.operationId, $name = $what: refused or kept in its segment', async ({ row, name, value }) => {
    const { sent, call } = recordingClient();
    const init = { params: { ...row.params, path: { ...row.params.path, [name]: value } }, body: row.body };
    const outcome = await call(row.method, row.path, init).then(
      () => undefined,
      (error: unknown) => error,
    );
    if (outcome === undefined) {
      expect(sent).toHaveLength(1);
      expect(sent[0]!.method).toBe(row.method);
      expect(staysOnPath(`/base${row.path}`, sent[0]!.url)).toBe(true);
    } else {
      expect(outcome).toBeInstanceOf(CloudClientOptionError);
      expect((outcome as Error).message).toContain(`path parameter ${name}`);
      expect(sent).toHaveLength(0);
    }
  });

  const refusedEverywhere = ['empty', 'dot', 'dot dot', 'object', 'array', 'null', 'NaN'];
  it.each(cases.filter((c) => refusedEverywhere.includes(c.what)))(
    '$row.operationId, $name = $what: refused, nothing sent',
    async ({ row, name, value }) => {
      const { sent, call } = recordingClient();
      const init = { params: { ...row.params, path: { ...row.params.path, [name]: value } }, body: row.body };
      await expect(call(row.method, row.path, init)).rejects.toThrow(
        new RegExp(`^path parameter ${name} of \\S+ must`),
      );
      expect(sent).toHaveLength(0);
    },
  );

  it.each(
    cases.filter(
      (c) => c.types.includes('integer') && typeof c.value === 'string' && !refusedEverywhere.includes(c.what),
    ),
  )(
    '$row.operationId, $name = $what: a string where the document wants an integer is refused',
    async ({ row, name, value }) => {
      const { sent, call } = recordingClient();
      const init = { params: { ...row.params, path: { ...row.params.path, [name]: value } }, body: row.body };
      await expect(call(row.method, row.path, init)).rejects.toThrow(
        `path parameter ${name} of ${row.path} must be a safe integer`,
      );
      expect(sent).toHaveLength(0);
    },
  );

  it.each(operationRows().filter((row) => row.path.includes('{')))(
    '$operationId without its path values: refused, nothing sent',
    async (row) => {
      const { sent, call } = recordingClient();
      await expect(call(row.method, row.path, { body: row.body })).rejects.toThrow(/is required$/);
      expect(sent).toHaveLength(0);
    },
  );

  it.each(operationRows())('$operationId with its example values: sent as the table says', async (row) => {
    const { sent, call } = recordingClient();
    await call(row.method, row.path, { params: row.params, body: row.body });
    expect(new URL(sent[0]!.url).pathname + new URL(sent[0]!.url).search).toBe(`/base${row.url}`);
  });
});
