// The response the client hands on after reading the body within the attempt: it reads like any
// Response (once, by any reader), and what openapi-fetch gets from it is the body as sent.
import { afterEach, describe, expect, it } from 'vitest';
import { ReadResponse, callRecordOf } from '../../src/client/read-response.js';
import { createCloudClient } from '../../src/index.js';
import { sendJson, startServer, type TestServer } from '../../test-kit/http-server.js';

const TEXT = '{"id":1444,"name":"Launch"}';
const call = { method: 'GET', path: '/streaming/videos/1444' };
/** A response holding `text`, parsed by the attempt (as a 2xx is) unless `parsed` is false. */
const made = (text = TEXT, parsed = true) =>
  new ReadResponse(call, text, parsed ? { value: JSON.parse(text) } : undefined, {
    status: 200,
    statusText: 'OK',
    headers: { 'content-type': 'application/json', 'x-request-id': 'r1' },
  });

type Reader = (response: Response) => Promise<unknown>;
const readers: [string, Reader, unknown][] = [
  ['text', (r) => r.text(), TEXT],
  ['json', (r) => r.json(), JSON.parse(TEXT)],
  ['arrayBuffer', async (r) => new TextDecoder().decode(await r.arrayBuffer()), TEXT],
  ['blob', async (r) => (await r.blob()).text(), TEXT],
  ['body stream', async (r) => new Response(r.body).text(), TEXT],
];

describe('ReadResponse', () => {
  it.each(readers)(
    'gives the body through %s, with the status and headers of the answer',
    async (_name, read, expected) => {
      const response = made();
      expect(await read(response)).toEqual(expected);
      expect([response.status, response.statusText, response.ok, response.headers.get('x-request-id')]).toEqual([
        200,
        'OK',
        true,
        'r1',
      ]);
      expect(response).toBeInstanceOf(Response);
    },
  );

  // Every pair of readers in which the shortcut (text or json) takes part.
  const pairs = readers.flatMap(([first, readFirst]) =>
    readers.map(([then, readThen]) => [first, then, readFirst, readThen] as const),
  );
  it.each(pairs.filter(([first, then]) => ['text', 'json'].includes(first) || ['text', 'json'].includes(then)))(
    'after %s, %s finds the body used',
    async (_first, _then, readFirst, readThen) => {
      const response = made();
      await readFirst(response);
      expect(response.bodyUsed).toBe(true);
      await expect(readThen(response)).rejects.toThrow(TypeError);
    },
  );

  it('parses the text when the attempt did not; a body that is not JSON is a rejection, not a throw', async () => {
    expect(await made(TEXT, false).json()).toEqual(JSON.parse(TEXT));
    await expect(made('not json', false).json()).rejects.toThrow(SyntaxError);
  });

  it('has no body when empty, and reads as empty as often as asked, as any Response without one', async () => {
    const empty = made('', false);
    expect(empty.body).toBeNull();
    expect([await empty.text(), await empty.text(), empty.bodyUsed]).toEqual(['', '', false]);
  });

  it('clones with the same body, leaving itself unread; once read, it cannot be cloned', async () => {
    const response = made();
    expect(await response.clone().json()).toEqual(JSON.parse(TEXT));
    expect(response.bodyUsed).toBe(false);
    expect(await response.text()).toBe(TEXT);
    expect(() => response.clone()).toThrow(TypeError);
  });

  it('reads through the stream it handed out, once taken: the stream is then used', async () => {
    const response = made();
    const stream = response.body!;
    expect(await response.json()).toEqual(JSON.parse(TEXT));
    expect(stream.locked).toBe(true);
    expect(response.bodyUsed).toBe(true);
  });

  it('carries the call it answered; a response the client did not make has none', () => {
    expect(callRecordOf(made())).toEqual(call);
    expect(callRecordOf(new Response(TEXT))).toBeUndefined();
  });
});

describe('through the client', () => {
  let server: TestServer | undefined;
  afterEach(async () => server?.close());

  it('returns the data and a response whose body openapi-fetch has used, as openapi-fetch alone does', async () => {
    server = await startServer((_request, res) => sendJson(res, 200, { id: 1444, name: 'Launch' }));
    const client = createCloudClient({ apiKey: 'k', baseUrl: server.url });
    const { data, response } = await client.GET('/streaming/videos/{video_id}', {
      params: { path: { video_id: 1444 } },
    });
    expect(data).toEqual({ id: 1444, name: 'Launch' });
    expect(response.bodyUsed).toBe(true);
    await expect(response.text()).rejects.toThrow(TypeError);
    const text = await client.GET('/streaming/videos/{video_id}', {
      params: { path: { video_id: 1444 } },
      parseAs: 'text',
    });
    expect(text.data).toBe('{"id":1444,"name":"Launch"}');
  });
});
