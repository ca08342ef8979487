// What a request can carry and the core still answers as the document says: keys such as
// `constructor` or `__proto__` where a lookup takes what the client names, and integers past 2^53 - 1
// (refused, naming the field).
import { describe, expect, it } from 'vitest';
import { call, EVENT, expectDeclared, useEmulator } from '../helpers/emulator.js';

describe('lookups keyed by client input', () => {
  const running = useEmulator();
  const PROTOTYPE_KEYS = ['constructor', '__proto__', 'toString', 'hasOwnProperty', 'valueOf'];
  const lookups: [string, (key: string) => [string, string, unknown?], number][] = [
    [
      'inference key name (a new name in an empty project is created)',
      (key) => ['POST', '/cloud/v3/inference/4242/api_keys', { name: key.toLowerCase().replace(/_/g, 'x') }],
      200,
    ],
    [
      'flavor of check_limits (unknown: 400)',
      (key) => ['POST', '/cloud/v1/bminstances/1/76/check_limits', { flavor: key }],
      400,
    ],
    ['DNS zone name (unknown: 404)', (key) => ['GET', `/dns/v2/zones/${encodeURIComponent(key)}`], 404],
    [
      'inference deployment (unknown: 404)',
      (key) => ['DELETE', `/cloud/v2/inference/deployments/${encodeURIComponent(key)}`],
      404,
    ],
  ];
  it.each(lookups.flatMap(([what, build, status]) => PROTOTYPE_KEYS.map((key) => [what, key, build, status] as const)))(
    '%s: %s',
    async (_what, key, build, status) => {
      const [method, url, body] = build(key);
      const answer = await call(running, method, url, body);
      expect(answer.status).toBe(status);
      expectDeclared(method, url, answer);
    },
  );
});

describe('integers beyond 2^53 - 1 are refused, naming the field', () => {
  const running = useEmulator();
  it.each([
    ['query', 'POST', '/storage/notifications/v1/event?client_id=9007199254740993', EVENT, 'query.client_id'],
    [
      'query, the neighbour',
      'POST',
      '/storage/notifications/v1/event?client_id=9007199254740992',
      EVENT,
      'query.client_id',
    ],
    ['path', 'PATCH', '/cdn/logs_uploader/configs/9007199254740993', { enabled: true }, 'path.config_id'],
    ['path, negative', 'GET', '/streaming/videos/-9007199254740993', undefined, 'path.video_id'],
    [
      'body',
      'POST',
      '/storage/notifications/v1/event?client_id=1',
      '{"name":"reaching_used_space","bytes":9007199254740993}',
      'body.bytes',
    ],
    [
      'body array item',
      'POST',
      '/cdn/logs_uploader/configs',
      '{"name":"n","policy":1,"target":2,"resources":[9007199254740993]}',
      'body.resources[0]',
    ],
  ])('in the %s', async (_where, method, url, body, field) => {
    const answer = await call(running, method, url, body);
    expect(answer.status).toBe(400);
    expect(JSON.stringify(answer.body)).toMatch(
      new RegExp(`${field.replace(/[.[\]]/g, '\\$&').replace(/^body\\./, '(body\\.)?')}.*(maximum|minimum)`),
    );
    expectDeclared(method, url, answer);
  });
  it('keeps 2^53 - 1 exact', async () => {
    const answer = await call(running, 'POST', '/storage/notifications/v1/event?client_id=9007199254740991', {
      ...EVENT,
      bytes: Number.MAX_SAFE_INTEGER,
    });
    expect([answer.status, answer.body.bytes]).toEqual([200, Number.MAX_SAFE_INTEGER]);
  });
});
