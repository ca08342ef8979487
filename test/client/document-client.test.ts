// createCloudClient with another document (`document`, as the MCP server makes its client): the key goes
// where each operation's security says, in each kind, and nowhere for `security: []`; a call's own headers
// never replace it; the document's first server is the default base URL and its path rules check path
// values; an error that echoes any secret of the key shows none.
import { describe, expect, it } from 'vitest';
import { ApiError, CloudClientOptionError, createCloudClient } from '../../src/index.js';
import { bundled, type OpenApiDocument } from '../../test-kit/document.js';
import { keyEchoes, keyFormIn } from '../../test-kit/key-forms.js';
import { carriedRequest, SECURITY_KINDS, withSecurity } from '../../test-kit/security-kinds.js';

/** A client of `document` whose every request is kept, answered with `answer`. */
function clientOf(document: OpenApiDocument, key: string, answer = () => new Response('{}', { status: 200 })) {
  const sent: Request[] = [];
  const client = createCloudClient({
    apiKey: key,
    document,
    maxRetries: 0,
    fetch: async (request) => {
      sent.push(request);
      return answer();
    },
  });
  return { client, sent };
}

describe.each(SECURITY_KINDS)('a client of a document whose scheme is $kind', (kind) => {
  const document = withSecurity(kind);

  it('sends the key where the operation asks for it, a call header never in its place, and none where it asks for nothing', async () => {
    const { client, sent } = clientOf(document, kind.key);
    await client.GET('/streaming/streams', {
      headers: { authorization: 'apikey not-the-key', cookie: 'theme=dark' } as never,
    });
    await client.GET('/streaming/videos/{video_id}', { params: { path: { video_id: 1444 } } });
    const [streams, video] = sent;
    const carried = carriedRequest('https://api.gcore.com/streaming/streams', kind.carry(kind.key));
    expect(streams!.url).toBe(carried.url);
    for (const [name, value] of Object.entries(carried.headers)) expect(streams!.headers.get(name)).toBe(value);
    const everything = `${video!.url} ${JSON.stringify([...video!.headers])}`;
    for (const secret of kind.secrets) expect(keyFormIn(everything, secret)).toBeUndefined();
  });

  it('shows no secret of the key in an error whose body echoes it in every form', async () => {
    const echoed = kind.secrets.flatMap((secret) => keyEchoes(secret).map(({ text }) => text)).join(' ');
    const answer = () => new Response(JSON.stringify({ message: echoed }), { status: 400 });
    const { client } = clientOf(document, kind.key, answer);
    const { error, response } = await client.GET('/streaming/streams');
    expect(response.status).toBe(400);
    const thrown = await createCloudClient({
      apiKey: kind.key,
      document,
      maxRetries: 0,
      throwOnError: true,
      fetch: async () => answer(),
    })
      .GET('/streaming/streams')
      .catch((caught: unknown) => caught);
    expect(thrown).toBeInstanceOf(ApiError);
    const seen = [JSON.stringify(error), String(thrown), JSON.stringify(thrown), (thrown as Error).stack].join('\n');
    expect(seen).toContain('[redacted]');
    for (const secret of kind.secrets) expect(keyFormIn(seen, secret), secret).toBeUndefined();
  });
});

describe('what else a client takes from another document', () => {
  it("goes to the document's first server, not GCORE_BASE_URL, unless baseUrl says", async () => {
    const document = {
      ...structuredClone(bundled),
      servers: [{ url: 'https://{region}.api.example.test/v2', variables: { region: { default: 'eu' } } }],
    };
    const { client, sent } = clientOf(document, 'k-1');
    await client.GET('/streaming/streams');
    expect(sent[0]!.url).toBe('https://eu.api.example.test/v2/streaming/streams');
  });

  it.each([
    ['no servers', undefined],
    ['a relative server', [{ url: '/v2' }]],
    ['a server variable with no default', [{ url: 'https://{region}.example.test', variables: { region: {} } }]],
  ])('asks for baseUrl where the document has %s', (_, servers) => {
    const document = { ...structuredClone(bundled), servers };
    expect(() => createCloudClient({ apiKey: 'k', document })).toThrow(CloudClientOptionError);
    expect(() => createCloudClient({ apiKey: 'k', document })).toThrow(/^baseUrl is required/);
    expect(() => createCloudClient({ apiKey: 'k', document, baseUrl: 'http://127.0.0.1:9' })).not.toThrow();
  });

  it("checks path values against the document's rules, not this API's", async () => {
    const document = structuredClone(bundled);
    document.paths['/streaming/videos/{video_id}']!.get!.parameters = [
      { name: 'video_id', in: 'path', required: true, schema: { type: 'string', pattern: '^v-' } },
    ];
    const { client, sent } = clientOf(document, 'k-1');
    const get = (video_id: unknown) =>
      client.GET('/streaming/videos/{video_id}', { params: { path: { video_id: video_id as number } } });
    await get('v-1');
    expect(sent.map((request) => new URL(request.url).pathname)).toEqual(['/streaming/videos/v-1']);
    await expect(get(1444)).rejects.toThrow(CloudClientOptionError);
    await expect(get('..')).rejects.toThrow(CloudClientOptionError);
  });
});

describe("a call's own options on a client of another document", () => {
  // The key is placed, and the path filled, in a request made anew: it must still carry the call's options.
  it.each([
    ['with a key to place', '/streaming/streams', {}],
    ['with a path to fill', '/streaming/videos/{video_id}', { params: { path: { video_id: 1444 } } }],
  ])('keeps maxRetries of the call %s', async (_what, path, init) => {
    const kind = SECURITY_KINDS[0]!;
    const { client, sent } = clientOf(
      withSecurity(kind),
      kind.key,
      () => new Response('{}', { status: 503, headers: { 'retry-after-ms': '0' } }),
    );
    const call = (client as unknown as Record<string, (path: string, init: object) => Promise<unknown>>).GET!;
    await call(path, { ...init, maxRetries: 2 });
    expect(sent).toHaveLength(3);
  });
});

describe("another document's security, read with the first call", () => {
  it.each([
    ['an HTTP scheme other than bearer and basic', { type: 'http', scheme: 'digest' }, /"digest" is not supported/],
    ['mutual TLS', { type: 'mutualTLS' }, /is not a scheme this toolkit serves/],
  ])('a scheme it cannot serve (%s) fails each call, sending nothing', async (_what, scheme, message) => {
    const document = structuredClone(bundled);
    document.components.securitySchemes = { odd: scheme };
    document.security = [{ odd: [] }];
    const { client, sent } = clientOf(document, 'k-1');
    await expect(client.GET('/streaming/streams')).rejects.toThrow(message);
    await expect(client.GET('/streaming/streams')).rejects.toThrow(message);
    expect(sent).toEqual([]);
  });
});
