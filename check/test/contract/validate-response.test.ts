// Checking captured responses against the document: the library function and the command.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { UnknownOperationError, validateResponse } from '../../src/contract/validate-response.js';
import { validateCommand } from '../../src/contract/validate-cli.js';
import { projectRoot } from '../../../test-kit/project-root.js';

const fixtures = JSON.parse(
  readFileSync(path.join(projectRoot, 'emulator', 'src', 'operations', 'fixtures', 'streaming.json'), 'utf8'),
);
const video = fixtures.videos[0];
const dir = mkdtempSync(path.join(os.tmpdir(), 'validate-'));
const file = (name: string, content: string) => {
  const target = path.join(dir, name);
  writeFileSync(target, content);
  return target;
};

describe('validateResponse', () => {
  it("accepts a response that matches, at the operation's success status by default", () => {
    expect(validateResponse(video, { operationId: 'getVideo' })).toEqual({
      valid: true,
      operationId: 'getVideo',
      status: 200,
      issues: [],
    });
  });

  it('rejects a field of the wrong type, naming the field and the rule', () => {
    const result = validateResponse(
      { ...video, views: 'many', converted_videos: [{ ...video.converted_videos[0], height: 7.5 }] },
      { operationId: 'getVideo' },
    );
    expect(result.valid).toBe(false);
    expect(result.issues).toEqual([
      { path: '$.views', rule: 'type', message: 'must be integer' },
      { path: '$.converted_videos[0].height', rule: 'type', message: 'must be integer' },
    ]);
  });

  it.each([
    ['an error body of the area', 'getVideo', 404, { error: 'Not found', status: 404 }, []],
    [
      'an error body of another area',
      'getVideo',
      404,
      { message: 'x' },
      [{ path: '$.error', rule: 'required', message: "must have required property 'error'" }],
    ],
    [
      'a status the operation does not declare',
      'getVideo',
      302,
      {},
      [{ path: '$', rule: 'status', message: 'getVideo declares no response for status 302' }],
    ],
    [
      'a body where the document declares none',
      'deleteEdgeApp',
      204,
      { ok: true },
      [{ path: '$', rule: 'body', message: 'deleteEdgeApp declares no body for status 204' }],
    ],
    ['a plain-text 503 of the edge apps area', 'deleteEdgeApp', 503, 'Service Unavailable', []],
  ])('judges %s', (_name, operationId, status, body, issues) => {
    expect(validateResponse(body, { operationId, status }).issues).toEqual(issues);
  });

  it('names the known operations for an unknown operationId, as an UnknownOperationError', () => {
    expect(() => validateResponse({}, { operationId: 'getVideos' })).toThrow(
      /Unknown operationId "getVideos"; known: createInferenceApiKey, /,
    );
    expect(() => validateResponse({}, { operationId: 'getVideos' })).toThrow(UnknownOperationError);
  });
});

describe('cloud-platform-validate', () => {
  it('exits 0 for a valid response and 1 listing each failing path and rule', () => {
    expect(validateCommand([file('ok.json', JSON.stringify(video)), '--operation', 'getVideo'])).toEqual({
      code: 0,
      output: `valid: ${path.join(dir, 'ok.json')} against getVideo 200\n`,
    });
    const bad = validateCommand([
      file('bad.json', JSON.stringify({ id: '1444', hls_url: 'nope' })),
      '--operation',
      'getVideo',
      '--status',
      '200',
    ]);
    expect(bad.code).toBe(1);
    expect(bad.output).toContain('  $.id: must be integer (type)\n');
    expect(bad.output).toContain('  $.hls_url: must match format "uri" (format)\n');
  });

  it.each([
    [['--operation', 'getVideo'], 'Give one response file and --operation.'],
    [['x.json'], 'Give one response file and --operation.'],
    [['/nonexistent.json', '--operation', 'getVideo'], 'Cannot read /nonexistent.json: ENOENT'],
    [['x.json', '--operation', 'getVideo', '--status', 'ok'], '--status must be an HTTP status code, got "ok"'],
    [['x.json', '--operation', 'getVideo', '--verbose'], "Unknown option '--verbose'"],
  ])('exits 2 on %j', (argv, message) => {
    const result = validateCommand(argv);
    expect(result.code).toBe(2);
    expect(result.output).toContain(message);
  });

  it('prints its usage, naming the command, with --help', () => {
    const help = validateCommand(['--help']);
    expect(help.code).toBe(0);
    expect(help.output).toMatch(/^Usage: cloud-platform-validate <response\.json \| -> --operation <operationId>/);
    expect(help.output).toContain('- reads it from standard input');
  });

  it('reads the body from standard input for -, as the installed command', () => {
    const bin = path.join(projectRoot, 'node_modules', '.bin', 'cloud-platform-validate');
    const run = spawnSync(bin, ['-', '--operation', 'getVideo'], {
      input: JSON.stringify({ id: 'x' }),
      encoding: 'utf8',
    });
    expect(run.status).toBe(1);
    expect(run.stderr).toBe('invalid: standard input against getVideo 200\n  $.id: must be integer (type)\n');
    const ok = spawnSync(bin, ['-', '--operation', 'getVideo'], { input: JSON.stringify(video), encoding: 'utf8' });
    expect([ok.status, ok.stdout]).toEqual([0, 'valid: standard input against getVideo 200\n']);
  });

  it('runs as the npm script', () => {
    const bad = file('script.json', JSON.stringify({ threshold: 'high' }));
    const run = spawnSync('npm', ['run', '-s', 'validate', '--', bad, '--operation', 'getQuotaNotificationThreshold'], {
      cwd: projectRoot,
      encoding: 'utf8',
    });
    expect(run.status).toBe(1);
    expect(run.stderr).toContain('$.threshold: must be integer (type)');
  }, 30_000);
});
