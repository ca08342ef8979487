// Path values through the client: every operation, every path parameter, every hostile value. A value
// is refused before anything is sent (CloudClientOptionError naming the parameter), or it is sent and
// the request stays on its operation's own path, with the operation's method.
import { describe, expect, it } from 'vitest';
import pathParameters from '../../generated/path-parameters.json' with { type: 'json' };
import { styledSegment } from '../../src/contract/path-rules.js';
import { type PathRules, simpleSegment } from '../../src/contract/path-values.js';
import { CloudClientOptionError, createCloudClient } from '../../src/index.js';
import { HOSTILE_PATH_VALUES, staysOnPath } from '../../test-kit/hostile-path-values.js';
import { operationRows } from '../../test-kit/operation-table.js';

type Send = (path: string, init: object) => Promise<unknown>;

function recordingClient(baseUrl = 'http://127.0.0.1:9/base') {
  const sent: Request[] = [];
  const client = createCloudClient({
    apiKey: 'path-values-key',
    baseUrl,
    maxRetries: 0,
    fetch: async (request) => {
      sent.push(request);
      return new Response('{}', { status: 200, headers: { 'content-type': 'application/json' } });
    },
  });
  const untyped = client as unknown as Record<string, Send> & {
    request: (method: string, path: string, init: object) => Promise<unknown>;
  };
  return {
    sent,
    call: (method: string, path: string, init: object) => untyped[method]!(path, init),
    request: (method: string, path: string, init: object) => untyped.request(method, path, init),
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

describe('path values wherever a call is made', () => {
  it.each([
    ['.', 'must not be empty, "." or "..": the URL would name another path'],
    ['abc', 'must be a safe integer'],
    [undefined, 'is required'],
  ])('request() checks %j as the methods do', async (value, rule) => {
    const { sent, request } = recordingClient();
    const params = value === undefined ? {} : { path: { video_id: value } };
    await expect(request('get', '/streaming/videos/{video_id}', { params })).rejects.toThrow(
      new CloudClientOptionError(`path parameter video_id of /streaming/videos/{video_id} ${rule}`),
    );
    expect(sent).toHaveLength(0);
  });

  it('request() sends a good value on its own path', async () => {
    const { sent, request } = recordingClient();
    await request('get', '/streaming/videos/{video_id}', { params: { path: { video_id: 1444 } } });
    expect(new URL(sent[0]!.url).pathname).toBe('/base/streaming/videos/1444');
  });

  it('fills only the template: braces in the base URL are left to it', async () => {
    const { sent, call } = recordingClient('http://127.0.0.1:9/{tenant}');
    await call('GET', '/streaming/videos/{video_id}', { params: { path: { video_id: 7 } } });
    expect(new URL(sent[0]!.url).pathname).toBe('/%7Btenant%7D/streaming/videos/7');
  });

  it('names no key given as a path value by mistake', async () => {
    const { call } = recordingClient();
    const error = await call('GET', '/streaming/videos/{video_id}', {
      params: { path: { video_id: 'path-values-key' } },
    }).catch((thrown: Error) => thrown);
    expect((error as Error).message).not.toContain('path-values-key');
  });
});

// The client writes this API's path values without the styles' code (simpleSegment): right only while
// every path parameter of the document is of the simple style, not exploded, and of no list or object type.
describe("this API's path parameters, as the client writes them", () => {
  const rules = Object.entries(pathParameters as PathRules).flatMap(([template, names]) =>
    Object.entries(names).map(([name, rule]) => ({ template, name, rule })),
  );

  it.each(rules)('$template {$name} is written alike by the simple writer and by its style', ({ name, rule }) => {
    expect(rule.style ?? 'simple').toBe('simple');
    expect(rule.explode ?? false).toBe(false);
    expect([rule.type ?? []].flat()).not.toContain('array');
    expect([rule.type ?? []].flat()).not.toContain('object');
    for (const value of [1444, 'a b/c?d#e', 'ü.%', true])
      expect(simpleSegment(name, value, rule)).toBe(styledSegment(name, value, rule));
  });
});
