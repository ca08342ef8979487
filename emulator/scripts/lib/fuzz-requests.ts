// Hostile requests for the emulator, derived from the document (fast-check), and the judge of its
// answers: used by `npm run stress` over real sockets and by the robustness test in-process.
// Every parameter and body field gets random and boundary values; bodies get deep nesting, prototype
// keys and integers past 2^53; requests get odd methods, odd headers and odd bodies.
import fc from 'fast-check';
import {
  deriveRoutes,
  operationsAt,
  resolveRef,
  schemaProperties,
  type JsonObject,
  type OpenApiDocument,
  type RouteSpec,
} from 'cloud-platform-api/toolbox';
import { createContractValidator, createResponseChecker } from 'cloud-platform-check/contract';

export interface FuzzRequest {
  method: string;
  /** Path and query, escaped as sent. */
  url: string;
  headers: Record<string, string>;
  /** The raw body text, or undefined for none. */
  body: string | undefined;
}

const PROTOTYPE_KEYS = ['__proto__', 'constructor', 'toString', 'hasOwnProperty', 'prototype'];
/** Integers written as text, since past 2^53 a JS number cannot hold them. */
const EDGE_INTEGERS = [
  '0',
  '-1',
  '1',
  '2147483647',
  '2147483648',
  '9007199254740991',
  '9007199254740992',
  '9007199254740993',
  '-9007199254740993',
  '18446744073709551616',
  '1e400',
  '-0',
  '1.5',
];
const EDGE_STRINGS = [
  '',
  ' ',
  'null',
  'true',
  'a'.repeat(253),
  'a'.repeat(254),
  'a'.repeat(5000),
  '\u00e9\u00ff',
  '\u{1F600}',
  '..',
  '../..',
  ...PROTOTYPE_KEYS,
];
const ODD_METHODS = [
  'GET',
  'POST',
  'PATCH',
  'DELETE',
  'PUT',
  'OPTIONS',
  'HEAD',
  'TRACE',
  'PROPFIND',
  'PURGE',
  'LOCK',
  'SEARCH',
];
const BAD_ESCAPES = ['%', '%zz', '%E0%A4%A', '%C0%AF', '%00'];

/** A value for a path or query parameter, as URL text. */
const urlValue = (example: unknown) =>
  fc.oneof(
    { weight: 3, arbitrary: fc.constant(encodeURIComponent(String(example))) },
    { weight: 2, arbitrary: fc.constantFrom(...EDGE_INTEGERS) },
    { weight: 2, arbitrary: fc.constantFrom(...EDGE_STRINGS).map(encodeURIComponent) },
    { weight: 1, arbitrary: fc.constantFrom(...BAD_ESCAPES) },
    { weight: 2, arbitrary: fc.string({ maxLength: 30, unit: 'binary' }).map(encodeURIComponent) },
  );

/** A JSON value for a body field, as JSON text: boundary, random or hostile. */
const fieldText = fc.oneof(
  fc.constantFrom(...EDGE_INTEGERS),
  fc.constantFrom(...EDGE_STRINGS).map((s) => JSON.stringify(s)),
  fc.jsonValue({ maxDepth: 3 }).map((v) => JSON.stringify(v)),
  fc.constantFrom(
    '{"__proto__":{"polluted":1}}',
    '{"constructor":{"prototype":{"polluted":1}}}',
    '[[[[[[[[]]]]]]]]',
    'null',
    '[]',
    '{}',
  ),
  fc.integer({ min: 100, max: 6000 }).map((depth) => `${'{"d":'.repeat(depth)}1${'}'.repeat(depth)}`),
  fc.integer({ min: 100, max: 6000 }).map((depth) => `${'['.repeat(depth)}${']'.repeat(depth)}`),
);

/** Every field name a body schema declares, across the branches of a union. */
function declaredFields(document: OpenApiDocument, schema: JsonObject): string[] {
  const resolved = resolveRef(document, schema);
  const branches = (resolved.oneOf ?? []) as JsonObject[];
  return [
    ...new Set([
      ...Object.keys(schemaProperties(document, resolved)),
      ...branches.flatMap((b) => declaredFields(document, b)),
    ]),
  ];
}

/** A body: the example, or it with one field dropped, replaced or added, or something else entirely. */
function bodyText(document: OpenApiDocument, route: RouteSpec) {
  const content = (route.operation.requestBody?.content ?? {}) as Record<string, { example?: unknown }>;
  const example = (Object.values(content)[0]?.example ?? {}) as Record<string, unknown>;
  const fields = route.body ? declaredFields(document, { $ref: route.body.schema }) : [];
  const names = fc.constantFrom(...fields, ...PROTOTYPE_KEYS, 'extra');
  const without = (name: string) =>
    JSON.stringify(Object.fromEntries(Object.entries(example).filter(([key]) => key !== name)));
  /** The example with `name` set to raw JSON text (which may be no JS value at all, such as 1e400). */
  const withField = (name: string, text: string) =>
    `${without(name).slice(0, -1)}${Object.keys(example).length > (Object.hasOwn(example, name) ? 1 : 0) ? ',' : ''}${JSON.stringify(name)}:${text}}`;
  return fc.oneof(
    { weight: 3, arbitrary: fc.constant(JSON.stringify(example)) },
    { weight: 2, arbitrary: names.map(without) },
    { weight: 6, arbitrary: fc.tuple(names, fieldText).map(([name, text]) => withField(name, text)) },
    { weight: 2, arbitrary: fc.jsonValue({ maxDepth: 3 }).map((v) => JSON.stringify(v)) },
    {
      weight: 1,
      arbitrary: fc.constantFrom(
        '',
        '{',
        'not json',
        '[1,',
        '""',
        'null',
        '{"a":}',
        '\ufeff{}',
        '{"a":1}{"b":2}',
        '\u0000',
      ),
    },
    { weight: 1, arbitrary: fc.constant(`{"name":"${'x'.repeat(1024 * 1024)}"}`) },
  );
}

const headers = fc.record({
  authorization: fc.constantFrom(
    'apikey fuzz',
    'apikey fuzz',
    'APIKEY fuzz-2',
    'apikey',
    'Bearer fuzz',
    'apikey a b',
    'apikey \u00e9\u00ff',
    'apikey __proto__',
    '',
  ),
  'content-type': fc.constantFrom(
    'application/json',
    'application/json',
    'application/json; charset=utf-8',
    'APPLICATION/JSON',
    'text/plain',
    'application/xml',
    'multipart/form-data; boundary=x',
    'application/json; charset=latin1',
    '',
  ),
  odd: fc.constantFrom<[string, string] | undefined>(
    undefined,
    undefined,
    ['x-http-method-override', 'DELETE'],
    ['accept', 'text/html'],
    ['x-forwarded-for', '10.0.0.1'],
    ['x-odd', 'a'.repeat(8000)],
    ['cookie', '__proto__=1'],
    ['accept-encoding', 'gzip, br'],
  ),
});

export function fuzzRequests(document: OpenApiDocument): fc.Arbitrary<FuzzRequest> {
  const routes = deriveRoutes(document);
  return fc.constantFrom(...routes).chain((route) => {
    const values = route.parameters.map((p) =>
      urlValue(resolveRef<JsonObject>(document, { $ref: p.schema }).examples?.[0] ?? 1),
    );
    return fc
      .record({
        method: fc.oneof(
          { weight: 6, arbitrary: fc.constant(route.method) },
          { weight: 1, arbitrary: fc.constantFrom(...ODD_METHODS) },
        ),
        values: fc.tuple(...values),
        present: fc.array(
          fc.oneof({ weight: 6, arbitrary: fc.constant(true) }, { weight: 1, arbitrary: fc.constant(false) }),
          { minLength: values.length, maxLength: values.length },
        ),
        extraQuery: fc.option(fc.tuple(fc.constantFrom('page', 'client_id', ...PROTOTYPE_KEYS), urlValue(1)), {
          nil: undefined,
          freq: 3,
        }),
        body: fc.option(bodyText(document, route), { nil: undefined, freq: route.body ? 8 : 2 }),
        headers,
      })
      .map(({ method, values: given, present, extraQuery, body, headers: h }): FuzzRequest => {
        let pathname = route.path;
        const query: string[] = [];
        route.parameters.forEach((p, i) => {
          if (p.in === 'path') pathname = pathname.replace(`{${p.name}}`, given[i]! || 'x');
          else if (present[i]) query.push(`${p.name}=${given[i]}`);
        });
        if (extraQuery) query.push(`${extraQuery[0]}=${extraQuery[1]}`);
        const sent: Record<string, string> = {};
        if (h.authorization) sent.authorization = h.authorization;
        if (body !== undefined && h['content-type']) sent['content-type'] = h['content-type'];
        if (h.odd) sent[h.odd[0]] = h.odd[1];
        return { method, url: query.length ? `${pathname}?${query.join('&')}` : pathname, headers: sent, body };
      });
  });
}

export interface Answer {
  status: number;
  contentType: string | undefined;
  body: string;
}

/**
 * What is wrong with an answer, or undefined when nothing is: a 5xx, or an answer the document does
 * not declare for the operation it went to (for a 405, any operation on that path).
 */
export function createJudge(document: OpenApiDocument) {
  const checkResponse = createResponseChecker(document, createContractValidator(document));
  return function judge(request: FuzzRequest, answer: Answer): string | undefined {
    if (answer.status >= 500) return `${answer.status}: ${answer.body.slice(0, 200)}`;
    if (request.method === 'HEAD') return undefined;
    const atPath = operationsAt(document, request.url.split('?')[0]!);
    const candidates = answer.status === 405 ? atPath : atPath.filter((op) => op.method === request.method);
    if (candidates.length === 0)
      return answer.status >= 400 ? undefined : `${answer.status} for a request no operation takes`;
    let parsed: unknown = answer.body === '' ? undefined : answer.body;
    if (answer.body !== '' && answer.contentType?.includes('json')) {
      try {
        parsed = JSON.parse(answer.body);
      } catch {
        return `a body labelled JSON that does not parse: ${answer.body.slice(0, 100)}`;
      }
    }
    const verdicts = candidates.map((op) => checkResponse(op.operationId, answer.status, parsed));
    if (verdicts.some((issues) => issues.length === 0)) return undefined;
    return `${candidates[0]!.operationId} ${answer.status}: ${verdicts[0]!.map((i) => `${i.path} ${i.message}`).join('; ')} [${answer.body.slice(0, 120)}]`;
  };
}
