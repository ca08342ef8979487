// The breaking-change gate on fixture pairs: one base document, and a revision per kind of change.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parse, stringify } from 'yaml';
import { describe, expect, it } from 'vitest';
import { diffDocuments } from '../scripts/lib/contract-diff.js';
import { projectRoot } from './helpers/sources.js';

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
  ['request field made required', (doc) => (doc.paths['/items'].post.requestBody.content['application/json'].schema.required = ['name', 'color']), 'required-properties-added'],
  ['response field removed', (doc) => delete item(doc).note, 'property-removed'],
  ['response field retyped', (doc) => (item(doc).id.type = 'string'), 'schema-type-changed'],
  ['enum value removed from a response', (doc) => (item(doc).state.enum = ['active']), 'response-enum-value-removed'],
  ['operationId renamed', (doc) => (doc.paths['/items/{item_id}'].get.operationId = 'fetchItem'), 'operation-id-changed'],
];

describe('npm run diff', () => {
  it.each(breaking)('blocks "%s" (%s)', async (name, change, rule) => {
    const result = await diffAgainstBase(name, change);
    expect(result.breaking).toBe(true);
    expect(result.changes.filter((c) => c.impact === 'major').map((c) => c.ruleId)).toContain(rule);
    expect(result.blocked).toBe(true);
    expect(result.markdown).toContain(rule);
  });

  it('lets a breaking change through when the major version was raised', async () => {
    const result = await diffAgainstBase('major raised', (doc) => {
      delete item(doc).note;
      doc.info.version = '2.0.0';
    });
    expect(result).toMatchObject({ breaking: true, majorRaised: true, blocked: false, baseVersion: '1.0.0', revisionVersion: '2.0.0' });
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

describe('the npm run diff command on this repository', () => {
  const run = (args: string[]) => spawnSync(process.execPath, ['--import', 'tsx', 'scripts/diff.ts', ...args], { cwd: projectRoot, encoding: 'utf8' });

  it('exits 0 on the current tree against its default base, printing a markdown summary', () => {
    const result = run([]);
    expect(result.stderr).toBe('');
    expect(result.stdout).toMatch(/^# Contract diff: generated\/openapi\.yaml against \S+/);
    expect(result.status).toBe(0);
  }, 60_000);

  it('exits 2 naming a ref that does not exist', () => {
    const result = run(['no-such-ref']);
    expect(result.status).toBe(2);
    expect(result.stderr).toContain('Cannot read generated/openapi.yaml at "no-such-ref"');
  }, 60_000);
});
