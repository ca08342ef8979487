// The requests the contract runner sends for one operation, derived from the document: the one its
// examples make, the same without a key, one per rule a parameter or body field can break, and
// random valid ones from the seed. Each is labelled valid or invalid by the document's validator.
import fc from 'fast-check';
import {
  everyProperty,
  pathValueProblem,
  resolveRef,
  schemaExample,
  type JsonObject,
  type OpenApiDocument,
  type ParameterSpec,
  type RouteSpec,
} from 'cloud-platform-api/toolbox';
import type { ContractValidator, ValidationIssue } from '../contract/validator.js';
import { invalidCandidates, requiredNames, valueArbitrary } from './schema-values.js';

export type CaseKind = 'valid' | 'invalid' | 'unauthenticated' | 'linked';

export interface RequestCase {
  kind: CaseKind;
  route: RouteSpec;
  /** Parameter values by name (path and query); an absent name is not sent. */
  params: Record<string, unknown>;
  /** The JSON body; undefined sends none. */
  body: unknown;
  /** What this request is, for the report: "query page = 0: must be >= 1 (minimum)". */
  note: string;
  /** For a linked request: the status its link expects. */
  expectedStatus?: number;
  /** The status asked for with `Prefer: code=NNN`, which a mock (the emulator, Prism) answers instead. */
  requestedStatus?: number;
}

/** A parameter's value as it travels in a URL. */
export const wireText = (value: unknown): string => (typeof value === 'string' ? value : JSON.stringify(value));

/** A parameter's text read back as the type its schema wants, as a server reads it off the URL. */
function fromWire(text: string, types: readonly string[]): unknown {
  if ((types.includes('integer') || types.includes('number')) && /^-?\d+(\.\d+)?$/.test(text)) return Number(text);
  if (types.includes('boolean') && (text === 'true' || text === 'false')) return text === 'true';
  return text;
}

/** What makes a request invalid by the document; none when it is valid. */
export type RequestJudge = (route: RouteSpec, params: Record<string, unknown>, body: unknown) => ValidationIssue[];

export function createRequestJudge(validator: ContractValidator): RequestJudge {
  const parameterIssues = (p: ParameterSpec, value: unknown): ValidationIssue[] => {
    const where = `${p.in}.${p.name}`;
    if (value === undefined) return p.required ? [{ path: where, rule: 'required', message: 'is required' }] : [];
    const text = wireText(value);
    if (p.in === 'path' && pathValueProblem(text) !== undefined)
      return [{ path: where, rule: 'path', message: 'cannot travel as a path segment' }];
    return validator
      .check(p.schema, fromWire(text, p.types))
      .map((issue) => ({ ...issue, path: where + issue.path.slice(1) }));
  };
  const bodyIssues = (route: RouteSpec, body: unknown): ValidationIssue[] => {
    if (!route.body) return [];
    if (body === undefined)
      return route.body.required ? [{ path: 'body', rule: 'required', message: 'a body is required' }] : [];
    return validator.check(route.body.schema, body).map((issue) => ({ ...issue, path: `body${issue.path.slice(1)}` }));
  };
  return function requestIssues(route, params, body) {
    return [...route.parameters.flatMap((p) => parameterIssues(p, params[p.name])), ...bodyIssues(route, body)];
  };
}

/** The body example the operation gives, else its schema's. */
export function bodyExample(document: OpenApiDocument, route: RouteSpec): unknown {
  if (!route.body) return undefined;
  const requestBody = resolveRef(document, route.operation.requestBody as JsonObject);
  const media = Object.values((requestBody.content ?? {}) as Record<string, JsonObject>)[0];
  return media && 'example' in media ? media.example : schemaExample(document, { $ref: route.body.schema });
}

/** The same generated body on every run: it stands in for an example, which does not change either. */
const GENERATED_SEED = 1;
const GENERATED_TRIES = 20;

/**
 * A body the schema allows, for an operation whose document gives none: the first of a few seeded random
 * values that `accepts` takes (the judge, where the runner has one); undefined when none is.
 */
function generatedBody(document: OpenApiDocument, route: RouteSpec, accepts: (body: unknown) => boolean): unknown {
  const values = fc.sample(valueArbitrary(document, { $ref: route.body!.schema }), {
    seed: GENERATED_SEED,
    numRuns: GENERATED_TRIES,
  });
  return values.find(accepts);
}

/**
 * The request the document's examples make: every path and required query parameter, and the body. A
 * body the document gives no example of (a required field without one) is generated from its schema and,
 * given the judge, checked valid.
 */
export function exampleCase(document: OpenApiDocument, route: RouteSpec, judge?: RequestJudge): RequestCase {
  const params: Record<string, unknown> = {};
  for (const p of route.parameters)
    if (p.in === 'path' || p.required) params[p.name] = schemaExample(document, { $ref: p.schema });
  const example = bodyExample(document, route);
  const bodyValid = (body: unknown) =>
    !judge || judge(route, params, body).every((issue) => !issue.path.startsWith('body'));
  const generated = route.body && (example === undefined || !bodyValid(example));
  return {
    kind: 'valid',
    route,
    params,
    body: generated ? generatedBody(document, route, bodyValid) : structuredClone(example),
    note: generated
      ? "the document's examples, the body generated from its schema (no valid example)"
      : "the document's examples",
  };
}

const describe = (issue: ValidationIssue) => `${issue.path}: ${issue.message} (${issue.rule})`;
const shown = (value: unknown) => {
  const text = JSON.stringify(value) ?? 'undefined';
  return text.length > 40 ? `${text.slice(0, 37)}...` : text;
};

/** Requests that each break one rule: a parameter or body field past its bounds, of a wrong type, or missing. */
export function invalidCases(document: OpenApiDocument, judge: RequestJudge, base: RequestCase): RequestCase[] {
  const { route } = base;
  const variants: [string, Record<string, unknown>, unknown][] = [];
  for (const p of route.parameters) {
    if (p.in === 'query' && p.required)
      variants.push([`query ${p.name} left out`, { ...base.params, [p.name]: undefined }, base.body]);
    for (const value of invalidCandidates(document, { $ref: p.schema })) {
      if (value === null || typeof value !== 'object')
        variants.push([
          `${p.in} ${p.name} = ${shown(wireText(value))}`,
          { ...base.params, [p.name]: value },
          base.body,
        ]);
    }
  }
  if (route.body) {
    variants.push(['no body', base.params, undefined]);
    for (const value of invalidCandidates(document, { $ref: route.body.schema }))
      variants.push([`body = ${shown(value)}`, base.params, value]);
  }
  // A field left out or broken needs an object to leave it out of.
  const example = base.body;
  if (route.body && example !== null && typeof example === 'object' && !Array.isArray(example)) {
    for (const name of requiredNames(document, { $ref: route.body.schema })) {
      const { [name]: _dropped, ...rest } = example as Record<string, unknown>;
      variants.push([`body.${name} left out`, base.params, rest]);
    }
    for (const [name, property] of Object.entries(everyProperty(document, { $ref: route.body.schema }))) {
      for (const value of invalidCandidates(document, property))
        variants.push([`body.${name} = ${shown(value)}`, base.params, { ...example, [name]: value }]);
    }
  }
  // One request per rule broken at one place: many candidates break the same rule the same way.
  const seen = new Set<string>();
  const cases: RequestCase[] = [];
  for (const [what, params, body] of variants) {
    const first = judge(route, params, body)[0];
    // A value that cannot travel as a segment would send the request to another path: never sent.
    if (!first || first.rule === 'path' || seen.has(`${first.path}|${first.rule}`)) continue;
    seen.add(`${first.path}|${first.rule}`);
    cases.push({ kind: 'invalid', route, params, body, note: `${what}: ${describe(first)}` });
  }
  return cases;
}

/** The status to ask for to meet a response key: the code itself, or a range's first code the document does not declare apart. */
function statusFor(key: string, declared: readonly string[]): number | undefined {
  if (/^\d{3}$/.test(key)) return Number(key);
  const range = /^([1-5])XX$/.exec(key);
  if (!range) return undefined;
  const first = Number(range[1]) * 100;
  return Array.from({ length: 100 }, (_, i) => first + i).find((code) => !declared.includes(String(code)));
}

/**
 * The example request once for each other response the operation declares (a code, or a range as one of
 * its codes), asking for it with `Prefer: code=NNN` (RFC 7240: a server that does not know it ignores it).
 */
export function requestedStatusCases(base: RequestCase): RequestCase[] {
  const declared = Object.keys(base.route.operation.responses ?? {});
  return declared.flatMap((key) => {
    const status = statusFor(key, declared);
    if (status === undefined || status === base.route.status) return [];
    return [
      {
        ...base,
        requestedStatus: status,
        note: `the document's examples, asking for ${key} with Prefer: code=${status}`,
      },
    ];
  });
}

/** Up to `count` random requests the document allows, the same ones for the same seed. */
export function randomValidCases(
  document: OpenApiDocument,
  judge: RequestJudge,
  base: RequestCase,
  seed: number,
  count: number,
): RequestCase[] {
  const { route } = base;
  const params = Object.fromEntries(
    route.parameters.map((p) => {
      const random = fc.oneof(fc.constant(base.params[p.name]), valueArbitrary(document, { $ref: p.schema }));
      return [p.name, p.in === 'path' || p.required ? random : fc.option(random, { nil: undefined })];
    }),
  );
  const body = route.body
    ? fc.oneof(fc.constant(base.body), valueArbitrary(document, { $ref: route.body.schema }))
    : fc.constant(undefined);
  const samples = fc.sample(fc.record({ params: fc.record(params), body }), { seed, numRuns: count * 4 });
  const seen = new Set<string>();
  const cases: RequestCase[] = [];
  for (const sample of samples) {
    const key = JSON.stringify(sample);
    if (cases.length === count || seen.has(key) || judge(route, sample.params, sample.body).length > 0) continue;
    seen.add(key);
    cases.push({
      kind: 'valid',
      route,
      params: sample.params,
      body: sample.body,
      note: 'random values the document allows',
    });
  }
  return cases;
}
