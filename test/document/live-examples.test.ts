// The live service's own examples (../shared/reference/live-examples, beside the checkout in CI):
// every response validates against its operation and status, and every request against the
// operation's request body, except the differences named below, each with its reason.
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { jsonPointer } from '../../src/contract/pointer.js';
import { documentOperations } from '../../test-kit/document.js';
import { checkResponse, validator } from '../../test-kit/contract.js';
import { projectRoot } from '../helpers/sources.js';

const folder = path.resolve(projectRoot, '..', 'shared', 'reference', 'live-examples');
const present = existsSync(path.join(folder, 'manifest.json'));

interface Entry {
  file: string;
  operationId: string;
  kind: 'request' | 'response';
  status: number | null;
}

/**
 * Where an example and the document disagree on purpose: each issue (`path rule`) it must show, and
 * why. Anything else an example fails on is a defect of the document.
 */
const DIFFERENCES: Record<string, { issues: string[]; why: string }> = {
  'r06_listStreams_200_streampart.json': {
    issues: ['$[0].name required'],
    why: 'the example is one allOf part of the live stream schema, the part without `name`; the live description requires `name`, and so does the document',
  },
};

/** Where each operation's JSON request body schema is in the document. */
const requestSchemas = new Map(
  documentOperations()
    .filter((op) => op.operation.requestBody?.content?.['application/json'])
    .map((op) => [
      op.operationId,
      jsonPointer('paths', op.path, op.method.toLowerCase(), 'requestBody', 'content', 'application/json', 'schema'),
    ]),
);

function issuesOf(entry: Entry, body: unknown): string[] {
  if (entry.kind === 'response')
    return checkResponse(entry.operationId, entry.status!, body).map((i) => `${i.path} ${i.rule}`);
  const schema = requestSchemas.get(entry.operationId);
  if (!schema) return [`$ no request body for ${entry.operationId}`];
  return validator.check(schema, body).map((i) => `${i.path} ${i.rule}`);
}

/** The suite's name says why it is skipped, so the run's summary shows the reason beside the skip. */
const suiteName = present
  ? "the live service's examples in ../shared/reference/live-examples"
  : "the live service's examples, skipped: ../shared/reference/live-examples is not beside this checkout";

describe.skipIf(!present)(suiteName, () => {
  const manifest = present ? (JSON.parse(readFileSync(path.join(folder, 'manifest.json'), 'utf8')) as Entry[]) : [];

  it('has the 27 examples the manifest lists', () => {
    expect(manifest).toHaveLength(27);
  });

  it.each(manifest.map((entry) => [entry.file, entry] as const))('%s', (_file, entry) => {
    const body: unknown = JSON.parse(readFileSync(path.join(folder, entry.file), 'utf8'));
    expect(issuesOf(entry, body)).toEqual(DIFFERENCES[entry.file]?.issues ?? []);
  });

  it('names no difference for a file the manifest does not list', () => {
    expect(Object.keys(DIFFERENCES).filter((file) => !manifest.some((e) => e.file === file))).toEqual([]);
  });
});
