// The checker on a document of each security kind: its key sent where the operation's security says
// (a header, the query, a cookie, basic's pair in base64), a request without it only where the operation
// asks for one, and no secret of the key in the result, the report or the JUnit XML, even where the server
// echoes it; its reproduce command reads the key from $GCORE_API_KEY in the kind's own form.
import { describe, expect, it } from 'vitest';
import { createEmulator } from 'cloud-platform-emulator';
import { CheckOptionError, checkContract, formatReport, junitReport } from '../../src/check/index.js';
import { keyEchoes, keyFormIn } from '../../../test-kit/key-forms.js';
import { bundled } from '../../../test-kit/document.js';
import { carriedRequest, SECURITY_KINDS, withSecurity } from '../../../test-kit/security-kinds.js';

const BASE = 'http://127.0.0.1:4010';
const OPERATIONS = ['getVideo', 'listStreams', 'getDnsZone'];

/** The reproduce command's arguments for each kind, as a person would type them. */
const CURL: Record<string, string> = {
  'apiKey in a header, with a scheme word': '-H "Authorization: token $GCORE_API_KEY"',
  'apiKey in a header of its own': '-H "X-Api-Key: $GCORE_API_KEY"',
  'apiKey in the query': '--url-query "api_key=$GCORE_API_KEY"',
  'apiKey in a cookie': '-b "session=$GCORE_API_KEY"',
  'HTTP bearer': '-H "Authorization: Bearer $GCORE_API_KEY"',
  'HTTP basic': '-u "$GCORE_API_KEY"',
  OAuth2: '-H "Authorization: Bearer $GCORE_API_KEY"',
  'OpenID Connect': '-H "Authorization: Bearer $GCORE_API_KEY"',
};

describe.each(SECURITY_KINDS)('the checker on a document whose scheme is $kind', (kind) => {
  it('sends the key where the document says, asks without it only where a key is required, and keeps no secret', async () => {
    const document = withSecurity(kind);
    const emulator = await createEmulator({ document, apiKeys: [kind.key] });
    const sent: Request[] = [];
    const echoed = kind.secrets.flatMap((secret) => keyEchoes(secret).map(({ text }) => text)).join(' ');
    const result = await checkContract({
      baseUrl: BASE,
      apiKey: kind.key,
      seed: 7,
      operations: OPERATIONS,
      maxRequests: 30,
      document,
      fetch: async (request) => {
        sent.push(request.clone());
        // A server that echoes the key into a failure: the report must still hold none of it.
        if (new URL(request.url).pathname.startsWith('/dns/'))
          return new Response(JSON.stringify({ message: echoed }), { status: 500 });
        return emulator.fetch(request);
      },
    });
    await emulator.close();
    const statuses = Object.fromEntries(result.operations.map((op) => [op.operationId, op.statuses]));
    expect(statuses.getDnsZone?.['500']).toBeGreaterThan(0);
    expect(statuses.getVideo?.['401'] ?? 0).toBe(0);
    expect(statuses.listStreams?.['401'] ?? 0).toBe(0);
    expect(result.failures.filter((f) => f.operationId !== 'getDnsZone')).toEqual([]);

    const carried = carriedRequest('', kind.carry(kind.key));
    const hasKey = (request: Request) =>
      Object.entries(carried.headers).every(([name, value]) =>
        name === 'cookie'
          ? request.headers.get('cookie') === value.replace('theme=dark; ', '')
          : request.headers.get(name) === value,
      ) && request.url.includes(carried.url.slice(1));
    const to = (prefix: string) => sent.filter((request) => new URL(request.url).pathname.startsWith(prefix));
    expect(to('/streaming/streams').every(hasKey)).toBe(true);
    expect(to('/streaming/videos').some(hasKey)).toBe(false);
    expect(to('/dns/').filter((request) => !hasKey(request))).toHaveLength(1);

    const kept = [JSON.stringify(result), formatReport(result), junitReport(result)].join('\n');
    expect(kept).toContain(CURL[kind.kind]!);
    for (const secret of kind.secrets) expect(keyFormIn(kept, secret), secret).toBeUndefined();
  });
});

describe('the checker on a document that asks for no key', () => {
  it('runs without one, and sends no request without a key as a case of its own', async () => {
    const document = structuredClone(bundled);
    delete document.security;
    document.components!.securitySchemes = {};
    const emulator = await createEmulator({ document });
    const saved = process.env.GCORE_API_KEY;
    delete process.env.GCORE_API_KEY;
    try {
      const result = await checkContract({
        baseUrl: BASE,
        seed: 3,
        operations: ['getVideo'],
        maxRequests: 10,
        document,
        fetch: (request) => emulator.fetch(request),
      });
      expect(result.failures).toEqual([]);
      expect(result.operations[0]!.statuses['401']).toBeUndefined();
    } finally {
      if (saved !== undefined) process.env.GCORE_API_KEY = saved;
      await emulator.close();
    }
  });
});

describe('the checker on a document whose security it cannot serve', () => {
  it('refuses it before any request, naming the scheme', async () => {
    const document = withSecurity({ ...SECURITY_KINDS[0]!, scheme: { type: 'http', scheme: 'digest' } });
    const sent: Request[] = [];
    const run = checkContract({
      baseUrl: BASE,
      apiKey: 'k',
      document,
      fetch: async (request) => {
        sent.push(request);
        return new Response();
      },
    });
    await expect(run).rejects.toThrow(CheckOptionError);
    await expect(run).rejects.toThrow(
      'document: #/components/securitySchemes/testAuth: HTTP scheme "digest" is not supported',
    );
    expect(sent).toEqual([]);
  });
});

describe('a parameter declared under the key’s own name and place (the petstore’s api_key header)', () => {
  const KEY = 'the-key-0123456789';
  /** A document whose key goes where `place` says, and whose one operation also declares a parameter there of that name. */
  const documentWith = (place: 'query' | 'header' | 'cookie', name: string) => ({
    openapi: '3.1.0',
    info: { title: 'Pets', version: '1.0.0' },
    security: [{ key: [] }],
    paths: {
      '/pets': {
        get: {
          operationId: 'listPets',
          parameters: [{ name, in: place, schema: { type: 'string', examples: ['from-the-document'] } }],
          responses: { '200': { description: 'The pets.', content: { 'application/json': { schema: {} } } } },
        },
      },
    },
    components: { securitySchemes: { key: { type: 'apiKey', in: place, name } } },
  });
  /** What the request carried under that name, every time it carried it. */
  const carried = {
    query: (request: Request) => new URL(request.url).searchParams.getAll('api_key'),
    header: (request: Request) => [request.headers.get('x-api-key')],
    cookie: (request: Request) =>
      (request.headers.get('cookie') ?? '')
        .split('; ')
        .filter((pair) => pair.startsWith('session='))
        .map((pair) => pair.slice('session='.length)),
  };

  it.each([
    ['query', 'api_key'],
    ['header', 'X-Api-Key'],
    ['cookie', 'session'],
  ] as const)('in the %s: the key is sent once, in its place, and the parameter gives way', async (place, name) => {
    const sent: Request[] = [];
    await checkContract({
      baseUrl: BASE,
      apiKey: KEY,
      seed: 7,
      maxRequests: 10,
      document: documentWith(place, name) as never,
      fetch: async (request) => {
        sent.push(request);
        return Response.json([]);
      },
    });
    const keyed = sent.map(carried[place]).filter((values) => values.includes(KEY));
    expect(keyed.length).toBeGreaterThan(0);
    expect(keyed.every((values) => values.length === 1)).toBe(true);
  });
});
