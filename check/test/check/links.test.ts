// The document's OpenAPI links, as the contract runner reads them: every link names an operation
// and parameters the document has, its runtime expressions are ones the runner evaluates, and a
// link that names what the document lacks is refused with its name.
import { describe, expect, it } from 'vitest';
import { evaluate, LinkError, linksByOperation, type ExpressionSource } from '../../src/check/links.js';
import { exampleCase } from '../../src/check/request-cases.js';
import { loadBundledDocument } from '../../src/contract/bundled-document.js';
import { deriveRoutes } from '../../../src/contract/routes.js';

const document = loadBundledDocument();
const routes = deriveRoutes(document);
const route = (id: string) => routes.find((r) => r.operationId === id)!;

describe("the document's links", () => {
  it('each names an operation and parameters the document has, and only expressions the runner evaluates', () => {
    const links = [...linksByOperation(document, routes)].flatMap(([source, list]) =>
      list.map((link) => ({ source, link })),
    );
    expect(links.length).toBeGreaterThan(0);
    for (const { source, link } of links) {
      const exchange: ExpressionSource = {
        request: exampleCase(document, route(source)),
        status: route(source).status,
        headers: new Headers(),
        body: {},
      };
      for (const expression of [...Object.values(link.parameters), link.requestBody])
        expect(() => evaluate(expression, exchange), `${source} ${link.name}`).not.toThrow();
    }
  });

  const broken: [string, (links: Record<string, any>) => void, RegExp][] = [
    [
      'an operation it lacks',
      (l) => (l.operationId = 'updateLogsUploaderConfg'),
      /names operationId "updateLogsUploaderConfg", which the document does not have/,
    ],
    [
      'a parameter the target does not take',
      (l) => (l.parameters = { id: '$response.body#/id' }),
      /sets parameter "id", which updateLogsUploaderConfig does not take/,
    ],
  ];

  it.each(broken)('refuses a link that names %s', (_, breakIt, message) => {
    const copy = structuredClone(document);
    breakIt(copy.components.links!.UpdateCreatedLogsUploaderConfig!);
    expect(() => linksByOperation(copy, deriveRoutes(copy))).toThrow(message);
  });
});

describe('runtime expressions', () => {
  const request = {
    ...exampleCase(document, route('addStorageEvent')),
    params: { client_id: 3 },
    body: { name: 'x', 'a/b': [10, 20] },
  };
  const exchange: ExpressionSource = {
    request,
    status: 200,
    headers: new Headers({ location: '/there' }),
    body: { id: 7, nested: { list: ['a', 'b'] } },
  };
  const table: [unknown, unknown][] = [
    ['$response.body#/id', 7],
    ['$response.body#/nested/list/1', 'b'],
    ['$response.body#/missing', undefined],
    ['$response.body', exchange.body],
    ['$request.body#/a~1b/0', 10],
    ['$request.body', request.body],
    ['$request.query.client_id', 3],
    ['$request.path.client_id', undefined],
    ['$response.header.location', '/there'],
    ['$statusCode', 200],
    ['a literal', 'a literal'],
    [42, 42],
  ];
  it.each(table)('%s reads %j', (expression, expected) => expect(evaluate(expression, exchange)).toEqual(expected));

  it('refuses an expression it does not evaluate, naming it', () => {
    expect(() => evaluate('$request.header.authorization', exchange)).toThrow(LinkError);
    expect(() => evaluate('$url', exchange)).toThrow(/Unsupported runtime expression \$url/);
  });
});
