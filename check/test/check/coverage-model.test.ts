// The coverage model on hand-made exchange lists: statuses seen, never seen and met only by a fault;
// parameters, enum values and booleans sent or not; links followed or not; exchanges it must skip.
import { describe, expect, it } from 'vitest';
import { deriveRoutes, type OpenApiDocument } from 'cloud-platform-api/toolbox';
import { sentParameterReader } from '../../src/check/coverage/inputs.js';
import { computeCoverage, type CoverageExchange } from '../../src/check/coverage/model.js';
import { coverageGaps, coverageLine, underThreshold } from '../../src/check/coverage/summary.js';
import { bundled } from '../../../test-kit/document.js';

/** A small document: a list with an enum and a boolean, a read with a 503 and a 4XX, a create linked to the read. */
const document = {
  openapi: '3.1.0',
  info: { title: 't', version: '1' },
  paths: {
    '/things': {
      get: {
        operationId: 'listThings',
        parameters: [
          { name: 'sort', in: 'query', schema: { enum: ['name', 'date', 'size'] } },
          { name: 'deep', in: 'query', schema: { type: 'boolean' } },
          { name: 'page', in: 'query', schema: { type: 'integer' } },
        ],
        responses: { '200': { description: 'ok' } },
      },
      post: {
        operationId: 'createThing',
        requestBody: {
          content: {
            'application/json': {
              schema: { type: 'object', properties: { name: { type: 'string' }, kind: { enum: [1, 2] } } },
            },
          },
        },
        responses: {
          '201': {
            description: 'created',
            links: { readCreated: { operationId: 'getThing', parameters: { id: '$response.body#/id' } } },
          },
        },
      },
    },
    '/things/{id}': {
      get: {
        operationId: 'getThing',
        parameters: [{ name: 'id', in: 'path', required: true, schema: { type: 'string' } }],
        responses: { '200': { description: 'ok' }, '503': { description: 'busy' }, '4XX': { description: 'no' } },
      },
    },
  },
  components: {},
} as unknown as OpenApiDocument;

const call = (
  method: string,
  path: string,
  status: number,
  more: Partial<CoverageExchange> = {},
): CoverageExchange => ({
  method,
  path,
  status,
  ...more,
});
const operation = (report: ReturnType<typeof computeCoverage>, id: string) =>
  report.operations.find((op) => op.operationId === id)!;

describe('statuses', () => {
  it('lists each documented status as seen or not, a range by any status in it, and an undeclared one apart', () => {
    const report = computeCoverage(document, [
      call('GET', '/things/1', 200),
      call('GET', '/things/2', 404),
      call('GET', '/things/3', 302),
    ]);
    expect(operation(report, 'getThing').statuses).toEqual({
      documented: ['200', '503', '4XX'],
      seen: ['200', '4XX'],
      faultOnly: [],
      undocumented: ['302'],
    });
    expect(coverageGaps(report, 'statuses')).toEqual(['listThings 200', 'createThing 201', 'getThing 503']);
  });

  it('shows a status met only through a fault as such, covered, and one met both ways as plainly seen', () => {
    const report = computeCoverage(document, [
      call('GET', '/things/1', 503, { fault: true }),
      call('GET', '/things/1', 404, { fault: true }),
      call('GET', '/things/1', 404),
    ]);
    const { statuses, figures } = operation(report, 'getThing');
    expect(statuses.seen).toEqual(['503', '4XX']);
    expect(statuses.faultOnly).toEqual(['503']);
    expect(figures.statuses).toEqual([2, 3]);
    expect(coverageLine(operation(report, 'getThing'))).toBe(
      'getThing: statuses 2/3 (only by a fault: 503), parameters 1/1, links 0/0',
    );
  });

  it('counts a dropped connection as a request, with no status', () => {
    const { requests, statuses } = operation(computeCoverage(document, [call('GET', '/things/1', 0)]), 'getThing');
    expect({ requests, seen: statuses.seen }).toEqual({ requests: 1, seen: [] });
  });
});

describe('parameters and body properties', () => {
  it('names an enum value never sent and a boolean sent one way only; a repeated query value counts each', () => {
    const report = computeCoverage(document, [
      call('GET', '/things', 200, { query: { sort: ['name', 'date'], deep: 'true' } }),
      call('POST', '/things', 201, { body: { kind: 2 } }),
    ]);
    expect(coverageGaps(report, 'parameters')).toEqual([
      'listThings query sort = "size"',
      'listThings query deep = false',
      'listThings query page',
      'createThing body name',
      'createThing body kind = 1',
      'getThing path id',
    ]);
    expect(operation(report, 'listThings').figures.parameters).toEqual([3, 6]);
    expect(report.totals.parameters).toEqual([4, 10]);
  });

  it('matches a value by its JSON type in a body: "1" is not the enum value 1', () => {
    const report = computeCoverage(document, [call('POST', '/things', 201, { body: { kind: '1', name: 'a' } })]);
    expect(operation(report, 'createThing').bodyProperties).toEqual([
      { in: 'body', name: 'name', sent: true },
      {
        in: 'body',
        name: 'kind',
        sent: true,
        values: [
          { value: 1, sent: false },
          { value: 2, sent: false },
        ],
      },
    ]);
  });

  it('reads the booleans of the bundled document both ways: enabled true only leaves enabled = false', () => {
    const report = computeCoverage(bundled, [
      call('POST', '/cdn/logs_uploader/configs', 200, { body: { name: 'a', policy: 1, target: 2, enabled: true } }),
    ]);
    expect(coverageGaps(report, 'parameters').filter((gap) => gap.startsWith('createLogsUploaderConfig'))).toContain(
      'createLogsUploaderConfig body enabled = false',
    );
    expect(coverageGaps(report, 'parameters')).not.toContain('createLogsUploaderConfig body enabled = true');
  });
});

describe('links', () => {
  it('is followed when its target is called after a success of its source, not before it and not after a failure', () => {
    const before = computeCoverage(document, [call('GET', '/things/1', 200), call('POST', '/things', 201)]);
    expect(operation(before, 'createThing').links).toEqual([
      { name: 'readCreated', target: 'getThing', followed: false },
    ]);
    const afterFailure = computeCoverage(document, [call('POST', '/things', 400), call('GET', '/things/1', 200)]);
    expect(afterFailure.totals.links).toEqual([0, 1]);
    const afterFault = computeCoverage(document, [
      call('POST', '/things', 201, { fault: true }),
      call('GET', '/things/1', 200),
    ]);
    expect(afterFault.totals.links).toEqual([0, 1]);
    const followed = computeCoverage(document, [call('POST', '/things', 201), call('GET', '/things/1', 200)]);
    expect(followed.totals.links).toEqual([1, 1]);
  });
});

describe('exchanges it cannot place', () => {
  it.each([
    ['a path no operation has', call('GET', '/nothing', 404)],
    ['a method the path does not take', call('DELETE', '/things', 405)],
    ['an operationId the document does not have', call('GET', '/things', 200, { operationId: 'noSuchThing' })],
  ])('leaves out %s', (_, exchange) => {
    expect(computeCoverage(document, [exchange]).totals.operations).toEqual([0, 3]);
  });

  it.each([
    ['a path value that is not valid percent-encoding', '/things/%E0%A4%A'],
    ['a path value with an encoded slash', '/things/a%2Fb'],
  ])('reads %s without throwing', (_, path) => {
    expect(operation(computeCoverage(document, [call('GET', path, 200)]), 'getThing').parameters[0]!.sent).toBe(true);
  });

  it('places a HEAD as its GET, and a body that is not an object as no property sent', () => {
    const report = computeCoverage(document, [
      call('HEAD', '/things', 200),
      call('POST', '/things', 201, { body: 'x' }),
    ]);
    expect(operation(report, 'listThings').requests).toBe(1);
    expect(operation(report, 'createThing').figures.parameters).toEqual([0, 3]);
  });

  it('covers only the operations asked for, when asked', () => {
    expect(computeCoverage(document, [], ['getThing']).operations.map((op) => op.operationId)).toEqual(['getThing']);
  });
});

describe('a threshold', () => {
  it.each([
    [
      100,
      'statuses',
      'Coverage of statuses is 1/5 (20.0%), under --fail-under-statuses 100; never met: createThing 201, getThing 200, getThing 503, getThing 4XX',
    ],
    [20, 'statuses', undefined],
    [10, 'parameters', undefined],
    [
      10.5,
      'parameters',
      'Coverage of parameters is 1/10 (10.0%), under --fail-under-parameters 10.5; never met: listThings query sort = "name", listThings query sort = "date", listThings query deep = true, listThings query deep = false, listThings query page, createThing body name, createThing body kind = 1, createThing body kind = 2, getThing path id',
    ],
  ] as const)('of %s%% of %s', (minimum, kind, expected) => {
    const report = computeCoverage(document, [call('GET', '/things', 200, { query: { sort: 'size' } })]);
    expect(underThreshold(report, kind, minimum)).toBe(expected);
  });
});

describe('header and cookie parameters read where the request arrived (sentParameterReader)', () => {
  const withHeaders = {
    ...document,
    paths: {
      '/flags': {
        get: {
          operationId: 'listFlags',
          parameters: [
            { name: 'X-Mode', in: 'header', schema: { enum: ['fast', 'slow'] } },
            { name: 'X-Api-Key', in: 'header', schema: { enum: ['the-key', 'other'] } },
            { name: 'X-Trace', in: 'header', schema: { type: 'boolean' } },
            { name: 'session', in: 'cookie', schema: { enum: ['the-key'] } },
            { name: 'theme', in: 'cookie', schema: { enum: ['dark', 'light'] } },
          ],
          responses: { '200': { description: 'ok' } },
        },
      },
    },
  } as unknown as OpenApiDocument;
  const [route] = deriveRoutes(withHeaders);
  const read = sentParameterReader(withHeaders, { header: new Set(['x-api-key']), cookie: new Set(['session']) });

  it.each([
    ['nothing', {}, undefined],
    ['an empty header and cookie', { 'x-mode': '', cookie: 'theme=' }, undefined],
    ['an enum value', { 'x-mode': 'slow' }, [{ in: 'header', name: 'X-Mode', value: 'slow' }]],
    ['a value the enum has not', { 'x-mode': 'turbo' }, [{ in: 'header', name: 'X-Mode' }]],
    ['a boolean', { 'x-trace': 'false' }, [{ in: 'header', name: 'X-Trace', value: false }]],
    ['a cookie among others', { cookie: 'a=1; theme=light' }, [{ in: 'cookie', name: 'theme', value: 'light' }]],
    ["a credential's header, its value documented", { 'x-api-key': 'the-key' }, [{ in: 'header', name: 'X-Api-Key' }]],
    ["a credential's cookie, its value documented", { cookie: 'session=the-key' }, [{ in: 'cookie', name: 'session' }]],
  ])('%s: each sent kept, a documented value with it but never a hidden one', (_, headers, expected) => {
    expect(read(route!, headers)).toEqual(expected);
  });

  it('makes coverage count what it kept, as the headers themselves would count', () => {
    const headers = { 'x-mode': 'fast', 'x-trace': 'true', cookie: 'theme=dark' };
    const kept = computeCoverage(withHeaders, [call('GET', '/flags', 200, { sentParameters: read(route!, headers) })]);
    const whole = computeCoverage(withHeaders, [call('GET', '/flags', 200, { headers })]);
    expect(kept).toEqual(whole);
    expect(operation(kept, 'listFlags').figures.parameters).toEqual([3, 9]);
  });
});
