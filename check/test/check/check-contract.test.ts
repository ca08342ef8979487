// The contract runner (checkContract) against servers on 127.0.0.1: the emulator, which must pass;
// servers that diverge from the document on purpose, whose divergences must be named exactly; and
// the rules it keeps: the same seed sends the same requests, a host that is not loopback gets no
// write, the key is in no report.
import { gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEmulator } from 'cloud-platform-emulator';
import { createServerEmulator, startEmulatorServer, type RunningServer } from 'cloud-platform-emulator/server';
import { checkContract, formatReport, junitReport, type CheckResult } from '../../src/check/index.js';
import { resolveCheckOptions } from '../../src/check/check-options.js';
import { PEER_BODY_LIMIT_BYTES } from '../../../src/contract/bounded-body.js';
import { loadBundledDocument } from '../../src/contract/bundled-document.js';
import { listOperations, resolveRef, type JsonObject } from '../../../src/contract/document.js';
import type { FetchFunction } from '../../../src/contract/fetch-function.js';
import { startDivergentServer, type Divergence } from '../../../test-kit/divergent-server.js';
import { sendJson, startServer } from '../../../test-kit/http-server.js';
import { keyEchoes, keyFormIn } from '../../../test-kit/key-forms.js';

const document = loadBundledDocument();
const operationIds = listOperations(document).map((op) => op.operationId);
const operationAt = (method: string, url: string) =>
  listOperations(document).find(
    (op) => op.method === method && new RegExp(`^${op.path.replace(/\{\w+\}/g, '[^/]+')}$`).test(url.split('?')[0]!),
  )?.operationId;
/** Each operation and check that failed, once. */
const failed = (result: CheckResult) => [...new Set(result.failures.map((f) => `${f.operationId} ${f.check}`))].sort();

describe('checkContract against the emulator over HTTP', () => {
  let server: RunningServer;
  let result: CheckResult;
  beforeAll(async () => {
    server = await startEmulatorServer(await createServerEmulator(), { port: 0 });
    result = await checkContract({ baseUrl: server.url, apiKey: 'emulator-key', seed: 20261123, allowWrites: true });
  });
  afterAll(() => server.close());

  it('finds nothing wrong, over the whole budget, on every operation', () => {
    expect(failed(result)).toEqual([]);
    expect(result.passed).toBe(true);
    expect(result.requests).toBe(500);
    expect(result.operations.map((op) => op.operationId).sort()).toEqual([...operationIds].sort());
    for (const op of result.operations) expect(op.requests, op.operationId).toBeGreaterThan(0);
  });

  it('runs every check, and follows every link the document declares to its target', () => {
    for (const [check, counts] of Object.entries(result.checks)) expect(counts.passed, check).toBeGreaterThan(0);
    const targets = listOperations(document).flatMap((op) =>
      Object.values(op.operation.responses as Record<string, JsonObject>).flatMap((r) =>
        Object.values((resolveRef(document, r).links ?? {}) as Record<string, JsonObject>).map(
          (l) => resolveRef(document, l).operationId as string,
        ),
      ),
    );
    expect(targets.length).toBeGreaterThan(0);
    for (const target of targets)
      expect(
        result.operations.find((o) => o.operationId === target)!.checks['link-followed']?.passed,
        target,
      ).toBeGreaterThan(0);
  });

  it('sends each operation one request without a key, refused', () => {
    expect(result.checks['auth-required']).toEqual({ passed: operationIds.length, failed: 0 });
  });
});

/** A 200 of one operation answered with an undeclared status, and a 200 of another with a field of the wrong type. */
const planted: Divergence = (request, answer) => {
  const operationId = operationAt(request.method, request.url);
  if (operationId === 'getVideo' && answer.status === 200) return { ...answer, status: 203 };
  if (operationId === 'getDnsZone' && answer.status === 200) {
    const body = JSON.parse(answer.body) as { Zone: Record<string, unknown> };
    body.Zone.expiry = 'two weeks';
    return { ...answer, body: JSON.stringify(body) };
  }
  return answer;
};

describe('checkContract against servers that diverge from the document', () => {
  it('names exactly the planted divergences: an undeclared status and a field of the wrong type', async () => {
    const server = await startDivergentServer(planted);
    try {
      const result = await checkContract({ baseUrl: server.url, apiKey: 'any-key', seed: 7, allowWrites: true });
      expect(failed(result), formatReport(result)).toEqual(['getDnsZone body-schema', 'getVideo status-declared']);
      expect(result.failures.find((f) => f.operationId === 'getDnsZone')!.message).toContain(
        '$.Zone.expiry: must be integer (type)',
      );
      expect(result.failures.find((f) => f.operationId === 'getVideo')!.message).toMatch(
        /^203 is not a status getVideo declares/,
      );
      expect(result.passed).toBe(false);
    } finally {
      await server.close();
    }
  });

  const divergences: [string, Divergence, string][] = [
    ['a 5xx', (_, a) => ({ ...a, status: 500 }), 'no-server-error'],
    [
      'an invalid request accepted',
      (r, a) => (r.url.includes('page=not-a-number') ? { ...a, status: 200, body: '[]' } : a),
      'invalid-rejected',
    ],
    [
      'a request without a key accepted',
      (r, a) =>
        r.headers.authorization ? a : { status: 200, headers: { 'content-type': 'application/json' }, body: '[]' },
      'auth-required',
    ],
    [
      'a text content type where JSON is declared',
      (_, a) => ({ ...a, headers: { ...a.headers, 'content-type': 'text/plain' } }),
      'content-type',
    ],
    ['a body labelled JSON that does not parse', (_, a) => (a.body ? { ...a, body: '{"cut off' } : a), 'body-schema'],
    [
      'a link whose target does not find the created resource',
      (r, a) => (r.method === 'PATCH' ? { ...a, status: 404, body: '{}' } : a),
      'link-followed',
    ],
  ];

  it.each(divergences)('fails the check that %s breaks', async (_, diverge, check) => {
    const server = await startDivergentServer(diverge);
    try {
      const result = await checkContract({
        baseUrl: server.url,
        apiKey: 'any-key',
        seed: 3,
        maxRequests: 150,
        operations: ['listStreams', 'createLogsUploaderConfig'],
      });
      expect(result.failures.map((f) => f.check)).toContain(check);
    } finally {
      await server.close();
    }
  });

  it('stops when the server does not answer, naming the failure', async () => {
    const server = await startServer((_, res) => res.socket?.destroy());
    try {
      const result = await checkContract({ baseUrl: server.url, apiKey: 'any-key', seed: 1 });
      expect(result.stoppedEarly).toMatch(/3 requests in a row got no answer/);
      expect(result.requests).toBe(3);
      expect(failed(result).every((f) => f.endsWith(' answered'))).toBe(true);
    } finally {
      await server.close();
    }
  });
});

describe('a server whose answers are larger than the runner reads', () => {
  it('reads no answer past PEER_BODY_LIMIT_BYTES: a small gzip answer that decodes larger is a failure naming the limit', async () => {
    const small = gzipSync(Buffer.alloc(4 * PEER_BODY_LIMIT_BYTES, 32));
    const server = await startServer((_, res) =>
      res.writeHead(200, { 'content-type': 'application/json', 'content-encoding': 'gzip' }).end(small),
    );
    try {
      const result = await checkContract({ baseUrl: server.url, apiKey: 'any-key', seed: 1 });
      expect(result.requests).toBe(3);
      expect(result.stoppedEarly).toMatch(/3 requests in a row got no answer/);
      expect(JSON.stringify(result.failures)).toContain(
        `the answer is longer than ${PEER_BODY_LIMIT_BYTES} bytes, decoded`,
      );
    } finally {
      await server.close();
    }
  });
});

describe('the links the runner follows, and where they lead', () => {
  const example = (name: string) =>
    resolveRef<JsonObject>(document, { $ref: `#/components/schemas/${name}` }).examples as unknown[];
  /** A server that answers a POST to `path` with `body` and anything else with an empty 404. */
  const answering = (path: string, body: unknown) =>
    startServer((request, res) =>
      request.method === 'POST' && request.url.startsWith(path) ? sendJson(res, 200, body) : sendJson(res, 404, {}),
    );

  it.each([
    {
      what: 'sends no request a link value would move to another path (an id of "..")',
      operationId: 'createLogsUploaderConfig',
      path: '/cdn/logs_uploader/configs',
      answer: () => ({ ...(example('LogsUploaderConfig')[0] as object), id: '..' }),
      unsent: 'PATCH',
      message:
        'a value from the answer cannot fill path parameter config_id of PATCH /cdn/logs_uploader/configs/{config_id} (it must not be empty, "." or "..": the URL would name another path): not sent',
    },
    {
      what: 'deletes only what the run created: no DELETE of an event the answer names instead',
      operationId: 'addStorageEvent',
      path: '/storage/notifications/v1/event',
      answer: () => ({ ...(example('StorageEvent')[0] as object), bucket_name: 'someone-elses-bucket' }),
      unsent: 'DELETE',
      message:
        'the answer names another resource than this run created (its bucket_name is not the one sent): the DELETE was not sent',
    },
  ])('$what', async ({ operationId, path, answer, unsent, message }) => {
    const server = await answering(path, answer());
    try {
      const result = await checkContract({
        baseUrl: server.url,
        apiKey: 'any-key',
        seed: 1,
        maxRequests: 10,
        operations: [operationId],
      });
      expect(server.requests.filter((r) => r.method === unsent)).toEqual([]);
      expect(result.failures).toContainEqual(expect.objectContaining({ operationId, check: 'link-followed', message }));
    } finally {
      await server.close();
    }
  });
});

describe('text a server sends, in the report', () => {
  it('reaches the report and the JUnit file printable: no escape code, no line of its own', async () => {
    // JSON.parse quotes the first characters of a body that does not parse: the runner reports that message.
    const evil = '\nFORGED\u001b[2J\r\u0007\u202e';
    const server = await startServer((_, res) => res.writeHead(400, { 'content-type': 'application/json' }).end(evil));
    try {
      const result = await checkContract({ baseUrl: server.url, apiKey: 'any-key', seed: 1, maxRequests: 20 });
      const written = formatReport(result) + junitReport(result);
      expect(written).toContain('FORGED');
      expect(written).not.toMatch(/[\u0000-\u0009\u000b-\u001f\u007f\u202e]/);
      expect(written).not.toMatch(/^FORGED/m);
    } finally {
      await server.close();
    }
  });
});

describe('the runner keeps its promises', () => {
  const recordRun = async (seed: number) => {
    const server = await startServer((_, res) => sendJson(res, 404, {}));
    try {
      await checkContract({ baseUrl: server.url, apiKey: 'any-key', seed, maxRequests: 100 });
      return server.requests.map((r) => `${r.method} ${r.url} ${r.body}`);
    } finally {
      await server.close();
    }
  };

  it('sends the same requests for the same seed, and others for another', async () => {
    const [first, again, other] = [await recordRun(11), await recordRun(11), await recordRun(12)];
    expect(first).toHaveLength(100);
    expect(again).toEqual(first);
    expect(other).not.toEqual(first);
  });

  it('sends a host that is not loopback GETs only, at 5 a second unless told, and no DELETE it did not create with --allow-writes', async () => {
    expect(resolveCheckOptions({ baseUrl: 'https://api.example.test', apiKey: 'k' }).rate).toBe(5);
    expect(resolveCheckOptions({ baseUrl: 'http://127.0.0.1:9', apiKey: 'k' }).rate).toBe(Infinity);
    const emulator = await createEmulator();
    const sent: string[] = [];
    // No traffic leaves the process: this fetch hands every request to the in-process emulator.
    const fetch: FetchFunction = (request, init) => {
      sent.push(`${request.method} ${operationAt(request.method, new URL(request.url).pathname)}`);
      return emulator.fetch(request, init);
    };
    const remote = { baseUrl: 'https://api.example.test', apiKey: 'k', seed: 5, rate: 10_000, fetch };
    const readOnly = await checkContract(remote);
    expect(new Set(sent.map((s) => s.split(' ')[0]))).toEqual(new Set(['GET']));
    expect(
      readOnly.operations
        .filter((op) => op.skipped)
        .map((op) => op.operationId)
        .sort(),
    ).toEqual(
      listOperations(document)
        .filter((op) => op.method !== 'GET')
        .map((op) => op.operationId)
        .sort(),
    );
    sent.length = 0;
    await checkContract({ ...remote, allowWrites: true });
    const deletes = new Set(sent.filter((s) => s.startsWith('DELETE')));
    expect(deletes).toEqual(new Set(['DELETE deleteStorageEvent']));
    await emulator.close();
  });

  it.each([
    ['every operation, answered 500', 500, undefined],
    ['every operation, answered 200', 200, undefined],
    ['a link carrying it into the next path', 200, ['createLogsUploaderConfig']],
  ])(
    'never writes the key into its report or its JUnit file, though the server echoes it in every form: %s',
    async (_, status, operations) => {
      const key = 'secret-key-4711/"x"';
      const echoes = keyEchoes(key)
        .map(({ text }) => text)
        .join(' ');
      // Every value a link could carry to the next request's path or body is the key: a 2xx makes the runner follow them.
      const server = await startServer((_, res) =>
        sendJson(res, status, { id: key, name: key, error: echoes }, { 'x-echo': encodeURIComponent(key) }),
      );
      try {
        const result = await checkContract({
          baseUrl: server.url,
          apiKey: key,
          seed: 2,
          maxRequests: 40,
          ...(operations ? { operations } : {}),
        });
        const written = formatReport(result) + junitReport(result);
        expect(result.failures.length).toBeGreaterThan(0);
        if (operations) expect(result.failures.map((f) => f.operationId)).toContain('updateLogsUploaderConfig');
        expect(keyFormIn(written, key)).toBeUndefined();
        expect(written).not.toContain('secret-key-4711');
        expect(written).toContain('"Authorization: apikey $GCORE_API_KEY"');
      } finally {
        await server.close();
      }
    },
  );
});
