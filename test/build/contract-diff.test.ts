// The breaking-change gate on fixture pairs: one base document, and a revision per kind of change.
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parse, stringify } from 'yaml';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { diffDocuments } from '../../scripts/lib/contract-diff.js';
import { markdownChangelog } from '../../scripts/lib/diff-report.js';
import { lastRelease, versionOf } from '../../scripts/lib/release-base.js';
import { projectRoot } from '../helpers/sources.js';

type Doc = Record<string, any>;
const baseFile = path.join(import.meta.dirname, 'fixtures', 'diff', 'base.yaml');
const base = (): Doc => parse(readFileSync(baseFile, 'utf8'));
const scratch = mkdtempSync(path.join(os.tmpdir(), 'diff-fixtures-'));

async function diffAgainstBase(name: string, change: (doc: Doc) => void) {
  const revision = base();
  change(revision);
  const file = path.join(scratch, `${name.replace(/\W+/g, '-')}.yaml`);
  writeFileSync(file, stringify(revision));
  return diffDocuments(baseFile, file);
}

const item = (doc: Doc) => doc.components.schemas.Item.properties;

const breaking: [string, (doc: Doc) => void, string][] = [
  ['operation removed', (doc) => delete doc.paths['/items/{item_id}'].delete, 'operation-removed'],
  [
    'path parameter renamed',
    (doc) => {
      const item = doc.paths['/items/{item_id}'];
      for (const op of [item.get, item.delete]) op.parameters[0].name = 'id';
      doc.paths['/items/{id}'] = item;
      delete doc.paths['/items/{item_id}'];
    },
    'path-parameter-renamed',
  ],
  [
    'request field made required',
    (doc) => (doc.paths['/items'].post.requestBody.content['application/json'].schema.required = ['name', 'color']),
    'required-properties-added',
  ],
  ['response field removed', (doc) => delete item(doc).note, 'property-removed'],
  ['response field retyped', (doc) => (item(doc).id.type = 'string'), 'schema-type-changed'],
  ['enum value removed from a response', (doc) => (item(doc).state.enum = ['active']), 'response-enum-value-removed'],
  [
    'operationId renamed',
    (doc) => (doc.paths['/items/{item_id}'].get.operationId = 'fetchItem'),
    'operation-id-changed',
  ],
  [
    "component schema renamed (components['schemas']['Item'] is gone from the types)",
    (doc) => {
      doc.components.schemas.Thing = doc.components.schemas.Item;
      delete doc.components.schemas.Item;
      const text = JSON.stringify(doc.paths).replaceAll('#/components/schemas/Item', '#/components/schemas/Thing');
      doc.paths = JSON.parse(text);
    },
    'component-schema-removed',
  ],
  [
    'request body field removed (an object literal that sets it no longer compiles)',
    (doc) => delete doc.paths['/items'].post.requestBody.content['application/json'].schema.properties.color,
    'request-field-removed',
  ],
];

describe('npm run diff', () => {
  it.each(breaking)('blocks "%s" (%s)', async (name, change, rule) => {
    const result = await diffAgainstBase(name, change);
    expect(result.breaking).toBe(true);
    expect(result.changes.filter((c) => c.impact === 'major').map((c) => c.ruleId)).toContain(rule);
    expect(result.blocked).toBe(true);
    expect(markdownChangelog(result, 'the base')).toContain(`\`${rule}\``);
  });

  it('lets a breaking change through when the major version was raised', async () => {
    const result = await diffAgainstBase('major raised', (doc) => {
      delete item(doc).note;
      doc.info.version = '2.0.0';
    });
    expect(result).toMatchObject({
      breaking: true,
      majorRaised: true,
      blocked: false,
      baseVersion: '1.0.0',
      revisionVersion: '2.0.0',
    });
  });

  it('passes a non-breaking change: a new optional request field and a new response field', async () => {
    const result = await diffAgainstBase('non-breaking', (doc) => {
      doc.paths['/items'].post.requestBody.content['application/json'].schema.properties.size = { type: 'integer' };
      item(doc).created_at = { type: 'string', format: 'date-time' };
    });
    expect(result.summary.major).toBe(0);
    expect(result.summary.minor + result.summary.patch).toBeGreaterThan(0);
    expect(result.blocked).toBe(false);
  });
});

describe('the npm run diff command, in a clone of this repository', () => {
  const clone = mkdtempSync(path.join(os.tmpdir(), 'diff-clone-'));
  const run = (args: string[] = []) =>
    spawnSync(process.execPath, ['--import', 'tsx', 'scripts/diff.ts', ...args], { cwd: clone, encoding: 'utf8' });
  const editYaml = (file: string, change: (doc: Doc) => void) => {
    const doc = parse(readFileSync(path.join(clone, file), 'utf8')) as Doc;
    change(doc);
    writeFileSync(path.join(clone, file), stringify(doc));
  };
  const removeSlug = () =>
    editYaml('openapi/components/schemas/Video.yaml', (video) => {
      delete video.properties.slug;
      video.required = (video.required ?? []).filter((name: string) => name !== 'slug');
    });

  beforeAll(() => {
    execFileSync('git', ['clone', '-q', projectRoot, clone]);
    symlinkSync(path.join(projectRoot, 'node_modules'), path.join(clone, 'node_modules'));
  });
  beforeEach(() => void execFileSync('git', ['checkout', '-q', '--', '.'], { cwd: clone }));

  it('exits 0 on the committed tree against the last release, which it names', () => {
    const result = run();
    expect(result.stdout).toMatch(
      /^Contract diff: the working tree's document against (v\d\S*|[0-9a-f]{12} \(no v\* tag: the commit that brought in version \d+\.\d+\.\d+\))\n/,
    );
    expect(result.stdout).toContain('No breaking change.');
    expect(result.status, result.stderr).toBe(0);
  }, 60_000);

  it('exits 1 naming Video.slug when the working tree removes it, uncommitted', () => {
    removeSlug();
    const result = run();
    expect(result.stdout).toContain('Breaking (1):\n  - Property `slug` of `Video` was removed. [property-removed]');
    expect(result.stdout).toMatch(
      /Blocked: 1 breaking change\(s\) without a major version raise\. Raise info\.version \(and package\.json\) to \d+\.0\.0/,
    );
    expect(result.status).toBe(1);
  }, 60_000);

  it('passes the same removal once the major version is raised, and says so', () => {
    removeSlug();
    let raised = '';
    editYaml(
      'openapi/openapi.yaml',
      (doc) => (doc.info.version = raised = `${Number(String(doc.info.version).split('.')[0]) + 1}.0.0`),
    );
    const result = run();
    expect(result.stdout).toContain('Property `slug` of `Video` was removed.');
    expect(result.stdout).toMatch(
      new RegExp(
        `Breaking changes, with the major version raised \\(\\d+\\.\\d+\\.\\d+ -> ${raised.replaceAll('.', '\\.')}\\): allowed\\.`,
      ),
    );
    expect(result.status, result.stderr).toBe(0);
  }, 60_000);

  it('prints a markdown changelog with --markdown, breaking changes first, with the same exit code', () => {
    removeSlug();
    editYaml('openapi/paths/streaming_videos_{video_id}.yaml', (item) =>
      item.get.parameters.push({
        name: 'fields',
        in: 'query',
        required: false,
        description: 'Fields to return.',
        schema: { type: 'string', examples: ['name'] },
      }),
    );
    const result = run(['--markdown']);
    expect(result.stdout).toMatch(/^## Contract changes against /);
    const breaking = result.stdout.indexOf('### Breaking (1)');
    const other = result.stdout.search(/### (Non-breaking|Patch-level)/);
    expect(breaking).toBeGreaterThan(0);
    expect(other).toBeGreaterThan(breaking);
    expect(result.stdout).toContain('| Property `slug` of `Video` was removed. | `property-removed` |');
    expect(result.stdout).toMatch(
      /^\| Parameter `fields` added at `paths › \/streaming\/videos\/\{video_id\} › get › parameters › \d+` \| `added` \|$/m,
    );
    expect(result.status).toBe(1);
  }, 60_000);

  const usage: [string, string[], string][] = [
    ['a ref that does not exist', ['no-such-ref'], 'Cannot read generated/openapi.yaml at "no-such-ref"'],
    ['an option it does not know', ['--html'], "Unknown option '--html'"],
  ];
  it.each(usage)(
    'exits 2 on %s',
    (_, args, message) => {
      const result = run(args);
      expect(result.status).toBe(2);
      expect(result.stderr).toContain(message);
    },
    60_000,
  );
});

describe('the last release, without a ref', () => {
  const repo = mkdtempSync(path.join(os.tmpdir(), 'release-base-'));
  const git = (...args: string[]) => execFileSync('git', args, { cwd: repo, encoding: 'utf8' }).trim();
  const commitDocument = (version: string, note: string) => {
    mkdirSync(path.join(repo, 'generated'), { recursive: true });
    writeFileSync(
      path.join(repo, 'generated', 'openapi.yaml'),
      `openapi: 3.1.0\ninfo:\n  title: T\n  version: '${version}'\n  summary: ${note}\npaths: {}\n`,
    );
    git('add', '-A');
    git('-c', 'user.name=t', '-c', 'user.email=t@t', 'commit', '-qm', note);
    return git('rev-parse', 'HEAD');
  };

  it('is the commit that brought in the current version, then the newest v* tag once there is one', () => {
    git('init', '-q');
    commitDocument('1.0.0', 'first');
    const lastOfOne = commitDocument('1.0.0', 'a change in 1.0.0');
    const raise = commitDocument('2.0.0', 'the raise');
    commitDocument('2.0.0', 'a change after the raise');
    writeFileSync(path.join(repo, 'README'), 'not the document');
    git('add', '-A');
    git('-c', 'user.name=t', '-c', 'user.email=t@t', 'commit', '-qm', 'no document change');
    expect(lastRelease(repo)).toEqual({
      ref: raise.slice(0, 12),
      why: 'no v* tag: the commit that brought in version 2.0.0',
    });
    git('tag', 'v1.0.0', lastOfOne);
    expect(lastRelease(repo)).toEqual({ ref: 'v1.0.0', why: 'the newest v* tag' });
  });

  it.each([
    ["info:\n  title: T\n  version: '2.1.0'\n", '2.1.0'],
    ['info:\n  title: T\n  version: 3.0.0\n', '3.0.0'],
    ['info:\n  title: T\n  license:\n    name: MIT\n  version: "4.0.0"\npaths: {}\n', '4.0.0'],
    ['paths:\n  version: 9\n', undefined],
  ])('reads info.version of %j', (text, version) => expect(versionOf(text)).toBe(version));
});
