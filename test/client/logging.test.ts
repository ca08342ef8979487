// The client's log: off by default, its level from `logLevel` or GCORE_LOG, its lines at each level,
// and never the key, in any form a server echoes it in, at the debug level either (headers and
// bodies logged), nor in the log of a retry or of a network failure.
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createCloudClient, type Logger, type LogLevel } from '../../src/index.js';
import { closedPort, sendJson, startServer, type TestServer } from '../../test-kit/http-server.js';
import { keyEchoes, keyFormIn } from '../../test-kit/key-forms.js';

const key = 'Lg/"k\\\u00e9-2026-secret';

let server: TestServer;
beforeAll(async () => {
  server = await startServer((request, res) => {
    const sent = String(request.headers.authorization);
    const echo = {
      sent,
      json: JSON.stringify(sent),
      forms: keyEchoes(key).map(({ text }) => text),
      body: request.body,
    };
    const headers = {
      'x-echo': sent,
      'x-echo-percent': encodeURIComponent(sent),
      'x-request-id': sent,
      'retry-after-ms': '0',
    };
    sendJson(res, request.url.endsWith('/503') ? 503 : 200, echo, headers);
  });
});
afterAll(() => server.close());
afterEach(() => void delete process.env.GCORE_LOG);

function recorder() {
  const lines: [LogLevel, string][] = [];
  const logger: Logger = {
    error: (l) => lines.push(['error', l]),
    warn: (l) => lines.push(['warn', l]),
    info: (l) => lines.push(['info', l]),
    debug: (l) => lines.push(['debug', l]),
  };
  return { lines, logger, at: (level: LogLevel) => lines.filter(([l]) => l === level).map(([, text]) => text) };
}

async function exercise(options: { logLevel?: LogLevel; logger: Logger }) {
  const client = createCloudClient({ apiKey: key, baseUrl: server.url, maxRetries: 1, ...options });
  await client.GET('/streaming/videos/{video_id}', { params: { path: { video_id: 1444 } } });
  await client.POST('/cdn/logs_uploader/configs', { body: { name: `config of ${key}`, policy: 1, target: 2 } });
  await client.GET('/streaming/videos/{video_id}', { params: { path: { video_id: 503 } } });
  const offline = createCloudClient({
    apiKey: key,
    baseUrl: `http://127.0.0.1:${await closedPort()}`,
    maxRetries: 0,
    ...options,
  });
  await offline.GET('/streaming/streams').catch(() => undefined);
}

describe('the client log', () => {
  it('at debug, logs every level, headers and bodies included, and never the key in any form', async () => {
    const { lines, at, logger } = recorder();
    await exercise({ logLevel: 'debug', logger });
    expect(at('info')).toContainEqual(
      expect.stringMatching(
        /^\[cloud-platform-api\] GET \/streaming\/videos\/1444 \(attempt 1 of 2\) -> 200 in \d+ ms$/,
      ),
    );
    expect(at('warn')).toContainEqual(
      expect.stringMatching(/GET \/streaming\/videos\/503 \(attempt 1 of 2\): retrying in 0 ms after status 503$/),
    );
    expect(at('error')).toContainEqual(
      expect.stringMatching(
        /GET \/streaming\/streams failed on the network reaching 127\.0\.0\.1:\d+ \(ECONNREFUSED\)/,
      ),
    );
    expect(at('debug').some((l) => l.includes('request headers') && l.includes('authorization: [redacted]'))).toBe(
      true,
    );
    expect(at('debug').some((l) => l.includes('response headers') && l.includes('x-echo: apikey [redacted]'))).toBe(
      true,
    );
    expect(at('debug').some((l) => l.includes('"name":"config of [redacted]"'))).toBe(true);
    for (const [, line] of lines) {
      expect(keyFormIn(line, key)).toBeUndefined();
      expect(line).not.toContain('2026-secret');
    }
  });

  it.each([
    ['off', []],
    ['error', ['error']],
    ['warn', ['error', 'warn']],
    ['info', ['error', 'warn', 'info']],
  ] as [LogLevel, LogLevel[]][])('at %s writes only %j', async (logLevel, levels) => {
    const { lines, logger } = recorder();
    await exercise({ logLevel, logger });
    expect([...new Set(lines.map(([level]) => level))].sort()).toEqual([...levels].sort());
  });

  it('is off by default, and takes its level from GCORE_LOG', async () => {
    const quiet = recorder();
    await exercise({ logger: quiet.logger });
    expect(quiet.lines).toEqual([]);
    process.env.GCORE_LOG = 'warn';
    const fromEnvironment = recorder();
    await exercise({ logger: fromEnvironment.logger });
    expect(fromEnvironment.at('warn').length).toBeGreaterThan(0);
    expect(fromEnvironment.at('info')).toEqual([]);
  });

  it('refuses a level it does not know, naming the ones it does', () => {
    expect(() => createCloudClient({ apiKey: 'k', logLevel: 'verbose' as LogLevel })).toThrow(
      'logLevel (or GCORE_LOG) must be one of off, error, warn, info, debug, got "verbose"',
    );
    process.env.GCORE_LOG = 'loud';
    expect(() => createCloudClient({ apiKey: 'k' })).toThrow('got "loud"');
  });

  it.each([
    ['text/plain', 200],
    ['text/plain', 500],
    ['application/json', 400],
  ])(
    'writes a %s body of status %i printable: a server can forge no line and send no escape code',
    async (contentType, status) => {
      const forged = 'ok\n[cloud-platform-api] GET /forged -> 200 in 1 ms\u001b[2J\r\u0007\u202e';
      const { lines, logger } = recorder();
      const fetch = async () => new Response(forged, { status, headers: { 'content-type': contentType } });
      const client = createCloudClient({
        apiKey: key,
        baseUrl: 'https://api.example.test',
        maxRetries: 0,
        logLevel: 'debug',
        logger,
        fetch,
      });
      await client.GET('/streaming/videos/{video_id}', { params: { path: { video_id: 1444 } } }).catch(() => undefined);
      expect(lines.some(([, line]) => line.includes('GET /forged'))).toBe(true);
      for (const [, line] of lines) expect(line).not.toMatch(/[\u0000-\u001f\u007f\u202e]/);
    },
  );
});
