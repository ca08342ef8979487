// The key never reaches an error, however a server echoes it: in every form docs/client.md lists, in a 2xx body that
// is not JSON, and for a short key only where it stands alone (so that text is not garbled).
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiError, ApiResponseError, createCloudClient } from '../../src/index.js';
import { createRedactor, REDACTED, redactJson } from '../../src/contract/toolbox.js';
import { sendJson, startServer, type TestServer } from '../../test-kit/http-server.js';
import { KEY_FORMS, keyEchoes, keyFormIn } from '../../test-kit/key-forms.js';

const KEYS = ['sk-"quoted"\\back\\slash', 'sk-caf\u00e9-\u00ff\u00a1-latin1', 'sk-plain-0123456789'];

let server: TestServer;
let echo: { key: string; form: string; contentType: string; status: number } = {
  key: '',
  form: '',
  contentType: '',
  status: 400,
};
beforeAll(async () => {
  server = await startServer((request, res) => {
    if (request.url.startsWith('/dns/')) {
      const body = echo.contentType.includes('json')
        ? `{"message":"echo ${echo.form}","error":"${echo.form}","${echo.form}":1}`
        : `echo ${echo.form}`;
      return void res.writeHead(echo.status, { 'content-type': echo.contentType }).end(body);
    }
    sendJson(res, 200, {});
  });
});
afterAll(() => server.close());

function everythingSeen(error: unknown, result?: { error?: unknown }): string {
  const e = error as ApiError;
  return [
    String(e),
    e.message,
    e.stack ?? '',
    JSON.stringify(e),
    JSON.stringify(e.body ?? null),
    JSON.stringify(result?.error ?? null),
  ].join('\n');
}

describe('the key is scrubbed in every form a server can echo it in', () => {
  const cases = KEYS.flatMap((key) =>
    keyEchoes(key).flatMap(({ form, text }) =>
      ['application/json', 'text/plain'].map((contentType) => [key, form, text, contentType] as const),
    ),
  );
  it.each(cases)('key %j, %s (%s), as %s', async (key, _name, form, contentType) => {
    echo = { key, form, contentType, status: 400 };
    const client = createCloudClient({ apiKey: key, baseUrl: server.url, maxRetries: 0 });
    const result = await client.GET('/dns/v2/zones/{name}', { params: { path: { name: 'x' } } });
    const error = await createCloudClient({ apiKey: key, baseUrl: server.url, maxRetries: 0, throwOnError: true })
      .GET('/dns/v2/zones/{name}', { params: { path: { name: 'x' } } })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    const seen = everythingSeen(error, result);
    expect(keyFormIn(seen, key)).toBeUndefined();
    expect(seen).toContain('[redacted]');
  });
});

describe('a 2xx whose body is not JSON', () => {
  it('is an ApiResponseError that does not quote the body, not a SyntaxError', async () => {
    const key = 'Sk-123';
    echo = { key, form: `apikey ${key}`, contentType: 'text/plain', status: 200 };
    const error = await createCloudClient({ apiKey: key, baseUrl: server.url, maxRetries: 0 })
      .GET('/dns/v2/zones/{name}', { params: { path: { name: 'x' } } })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiResponseError);
    expect(error).toMatchObject({
      status: 200,
      contentType: 'text/plain',
      message: 'GET /dns/v2/zones/x answered 200 with a body that is not JSON (text/plain, 18 characters)',
    });
    expect(everythingSeen(error)).not.toContain(key);
  });
});

describe('short keys are redacted only where they stand alone', () => {
  it.each(['k', 'ab', 'xyz', 'abcd'])('key %j', async (key) => {
    echo = {
      key,
      form: `An API key named ${key}: rejected (key=${key}), ${key}.`,
      contentType: 'application/json',
      status: 400,
    };
    const thrown = (await createCloudClient({ apiKey: key, baseUrl: server.url, maxRetries: 0, throwOnError: true })
      .GET('/dns/v2/zones/{name}', { params: { path: { name: 'x' } } })
      .catch((e: unknown) => e)) as ApiError;
    expect((thrown.body as { message: string }).message).toBe(
      'echo An API key named [redacted]: rejected (key=[redacted]), [redacted].',
    );
  });

  it('a key of 8 or more characters is redacted even inside a word', async () => {
    const key = 'secret12';
    echo = { key, form: `x${key}y`, contentType: 'text/plain', status: 400 };
    const thrown = (await createCloudClient({ apiKey: key, baseUrl: server.url, maxRetries: 0, throwOnError: true })
      .GET('/dns/v2/zones/{name}', { params: { path: { name: 'x' } } })
      .catch((e: unknown) => e)) as ApiError;
    expect(thrown.body).toBe('echo x[redacted]y');
  });
});

describe('redactJson', () => {
  const redact = createRedactor('sk-redact-json-key');
  const value = {
    note: 'sk-redact-json-key',
    'sk-redact-json-key': 1,
    items: [{ secret: 'abc', kept: 'abc' }],
    secret: null,
    nested: { secret: { deep: 'x' } },
  };

  it.each([
    [
      'no secret fields',
      undefined,
      {
        note: REDACTED,
        [REDACTED]: 1,
        items: [{ secret: 'abc', kept: 'abc' }],
        secret: null,
        nested: { secret: { deep: 'x' } },
      },
    ],
    [
      'secret fields',
      new Set(['secret']),
      {
        note: REDACTED,
        [REDACTED]: 1,
        items: [{ secret: REDACTED, kept: 'abc' }],
        secret: null,
        nested: { secret: REDACTED },
      },
    ],
  ])(
    'redacts the key in strings and names, and with %s, their values at any depth (null kept)',
    (_, secretFields, expected) => {
      expect(redactJson(value, redact, secretFields)).toEqual(expected);
    },
  );
});

describe('the forms docs/client.md promises', () => {
  it('are exactly the forms these tests echo the key in', () => {
    const page = readFileSync(new URL('../../docs/client.md', import.meta.url), 'utf8');
    const table = page.slice(page.indexOf('| form |')).split('\n\n')[0]!.split('\n').slice(2);
    expect(table.map((row) => row.split('|')[1]!.trim())).toEqual(Object.keys(KEY_FORMS));
  });
});
