// The emulator is never stricter than its document: every parameter and every body field of every
// operation, set in turn to values at the edges of what its schema allows (bounds and lengths reached,
// each enum value, null where it takes one, zero, a negative, the largest exact integer), in a request
// the document's own validator finds valid, is answered as the operation does: never refused by a check.
import { createContractValidator } from 'cloud-platform-check/contract';
import { describe, expect, it } from 'vitest';
import { operationRows, type OperationRow } from '../../../test-kit/operation-table.js';
import { createRequestJudge, wireText } from '../../../check/src/check/request-cases.js';
import { everyProperty } from '../../../src/contract/document.js';
import { boundaryCandidates } from '../../../check/src/check/schema-values.js';
import { createEmulator } from '../../src/index.js';
import { bundled } from '../helpers/emulator.js';

const judge = createRequestJudge(createContractValidator(bundled));

interface Variant {
  operationId: string;
  what: string;
  row: OperationRow;
  params: Record<string, unknown>;
  body: unknown;
}

/** Each valid request made from an operation's example with one parameter or body field at an edge. */
function variants(row: OperationRow): Variant[] {
  const base = { ...row.params.path, ...row.params.query };
  const found: Variant[] = [];
  const keep = (what: string, params: Record<string, unknown>, body: unknown) => {
    if (judge(row.route, params, body).length === 0)
      found.push({ operationId: row.operationId, what, row, params, body });
  };
  for (const parameter of row.route.parameters) {
    for (const value of boundaryCandidates(bundled, { $ref: parameter.schema }))
      keep(
        `${parameter.in}.${parameter.name} = ${JSON.stringify(value)}`,
        { ...base, [parameter.name]: value },
        row.body,
      );
  }
  if (row.route.body && row.body !== null && typeof row.body === 'object') {
    for (const [name, schema] of Object.entries(everyProperty(bundled, { $ref: row.route.body.schema }))) {
      for (const value of boundaryCandidates(bundled, schema))
        keep(`body.${name} = ${JSON.stringify(value)}`.slice(0, 80), base, { ...row.body, [name]: value });
    }
  }
  return found;
}

/** The request's URL: the route's path with its path parameters, and its query. */
function urlOf({ row, params }: Variant): string {
  const query = new URLSearchParams();
  let path = row.route.path;
  for (const parameter of row.route.parameters) {
    const value = params[parameter.name];
    if (value === undefined) continue;
    if (parameter.in === 'path') path = path.replace(`{${parameter.name}}`, encodeURIComponent(wireText(value)));
    else query.append(parameter.name, wireText(value));
  }
  return `${path}${query.size > 0 ? `?${query}` : ''}`;
}

const all = operationRows().flatMap(variants);

describe('never stricter than the document', () => {
  it('finds edge values for every operation that takes a parameter or a body', () => {
    const covered = new Set(all.map((v) => v.operationId));
    const taking = operationRows().filter((row) => row.route.parameters.length > 0 || row.route.body);
    expect([...covered].sort()).toEqual(taking.map((row) => row.operationId).sort());
  });

  it.each(all)('$operationId with $what is answered, not refused by a check', async (variant) => {
    const emulator = await createEmulator();
    const { method } = variant.row;
    const body =
      variant.body === undefined
        ? {}
        : {
            body: JSON.stringify(variant.body),
            headers: { authorization: 'apikey edges', 'content-type': 'application/json' },
          };
    const answer = await emulator.fetch(`http://emulator.local${urlOf(variant)}`, {
      method,
      headers: { authorization: 'apikey edges' },
      ...body,
    });
    const [entry] = emulator.requests.list();
    expect(entry?.issues, `${answer.status}: ${JSON.stringify(entry?.issues)}`).toBeUndefined();
    expect(answer.status).toBeLessThan(500);
  });
});
