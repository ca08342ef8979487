// Every operation of the document goes over a real HTTP connection with the method, path, query, body and the exact
// Authorization header the document and the seed give.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCloudClient, operationIndex, type CloudClient } from '../../src/index.js';
import { successStatus } from '../../src/contract/document.js';
import { operationFor } from '../../test-kit/document.js';
import { sendJson, startServer, type TestServer } from '../../test-kit/http-server.js';
import { operationRows, type OperationRow } from '../../test-kit/operation-table.js';

const API_KEY = 'test-key-0123456789';
let server: TestServer;
let client: CloudClient;

beforeAll(async () => {
  server = await startServer((request, res) => {
    const op = operationFor(request.method, request.url);
    if (op && successStatus(op.operation) === 204) {
      res.writeHead(204).end();
      return;
    }
    sendJson(res, 200, request.body ? JSON.parse(request.body) : {});
  });
  client = createCloudClient({ apiKey: API_KEY, baseUrl: server.url, maxRetries: 0 });
});
afterAll(() => server.close());

/** Each operation's request from the document's examples: an operation added there is sent here too. */
const rows = operationRows();
type Send = (path: string, init: object) => Promise<{ response: Response }>;
const call = (c: CloudClient, row: OperationRow) =>
  (c as unknown as Record<string, Send>)[row.method]!(row.path, {
    params: row.params,
    ...(row.body === undefined ? {} : { body: row.body }),
  });

describe('the client on the wire', () => {
  it('has a row for each operation of the document, as the client knows them', () => {
    expect(rows.map((r) => r.operationId).sort()).toEqual(operationIndex.map((op) => op.operationId).sort());
  });

  it.each(rows)('$operationId sends its method, path, query, body and Authorization: apikey <key>', async (row) => {
    const { operationId, url, body } = row;
    const op = operationIndex.find((o) => o.operationId === operationId)!;
    const before = server.requests.length;
    const { response } = await call(client, row);
    expect(response.status).toBe(op.successStatus);
    expect(server.requests).toHaveLength(before + 1);
    const sent = server.requests.at(-1)!;
    expect(sent.method).toBe(op.method);
    expect(sent.url).toBe(url);
    expect(operationFor(sent.method, sent.url)?.operationId).toBe(operationId);
    expect(sent.headers.authorization).toBe(`apikey ${API_KEY}`);
    if (body === undefined) expect(sent.body).toBe('');
    else {
      expect(sent.headers['content-type']).toMatch(/^application\/json/);
      expect(JSON.parse(sent.body)).toEqual(body);
    }
  });
});
