// The requests the contract runner sends for one operation, derived from the document: the one its
// examples make, the same without a key, one per rule a parameter or body field can break, and
// random valid ones from the seed. Each is labelled valid or invalid by the document's validator.
import fc from 'fast-check';
import {
  everyProperty,
  pathValueProblem,
  primitiveText,
  readParameters,
  resolveRef,
  serializeParameter,
  schemaExample,
  type JsonObject,
  type OpenApiDocument,
  type ParameterReading,
  type ParameterSpec,
  type RouteSpec,
} from 'cloud-platform-api/toolbox';
import { schemaSample } from '../contract/schema-sample.js';
import type { ContractValidator, ValidationIssue } from '../contract/validator.js';
import { wireParameters, wireSource, type WireParameters } from './request-wire.js';
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

/** A parameter's value as it travels in a URL, where it is one value. */
export const wireText = primitiveText;

/** What makes a request invalid by the document; none when it is valid. */
export type RequestJudge = (route: RouteSpec, params: Record<string, unknown>, body: unknown) => ValidationIssue[];

/** The rules a value breaks by not being able to travel at all: such a request is never sent. */
export const UNSENDABLE_RULES: ReadonlySet<string> = new Set(['path', 'header']);

/** A header's value as fetch sends it unchanged: visible Latin-1 characters, spaces only inside. */
const SENDABLE_HEADER = /^[\x21-\x7e\xa1-\xff]([\x20-\x7e\xa0-\xff]*[\x21-\x7e\xa1-\xff])?$/;

function decodedSegment(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

/** Why a parameter's wire form cannot be sent as it is, or undefined. */
function unsendable(p: ParameterSpec, wire: WireParameters): ValidationIssue | undefined {
  const where = `${p.in}.${p.name}`;
  if (p.in === 'path' && pathValueProblem(decodedSegment(wire.path[p.name] ?? '')) !== undefined)
    return { path: where, rule: 'path', message: 'cannot travel as a path segment' };
  const header = p.in === 'header' ? wire.headers[p.name.toLowerCase()] : undefined;
  if (header !== undefined && !SENDABLE_HEADER.test(header))
    return { path: where, rule: 'header', message: 'cannot travel as a header value' };
  return undefined;
}

/**
 * The judge reads each parameter back off the wire as a server does (its style, its schema's types), so
 * a value is judged as it arrives, then checks it and the body with the document's validator.
 */
export function createRequestJudge(validator: ContractValidator): RequestJudge {
  const parameterIssues = (p: ParameterSpec, value: unknown, wire: WireParameters, reading: ParameterReading) => {
    const where = `${p.in}.${p.name}`;
    const cannot = value === undefined ? undefined : unsendable(p, wire);
    if (cannot) return [cannot];
    if (!reading.present) return p.required ? [{ path: where, rule: 'required', message: 'is required' }] : [];
    if ('problem' in reading) return [{ path: where, ...reading.problem }];
    return validator.check(p.schema, reading.value).map((issue) => ({ ...issue, path: where + issue.path.slice(1) }));
  };
  const bodyIssues = (route: RouteSpec, body: unknown): ValidationIssue[] => {
    if (!route.body) return [];
    if (body === undefined)
      return route.body.required ? [{ path: 'body', rule: 'required', message: 'a body is required' }] : [];
    return validator.check(route.body.schema, body).map((issue) => ({ ...issue, path: `body${issue.path.slice(1)}` }));
  };
  return function requestIssues(route, params, body) {
    const wire = wireParameters(route, params);
    const readings = readParameters(route.parameters, wireSource(wire));
    return [
      ...route.parameters.flatMap((p, i) => parameterIssues(p, params[p.name], wire, readings[i]!)),
      ...bodyIssues(route, body),
    ];
  };
}

const isObject = (value: unknown): value is Record<string, unknown> =>
  value !== null && typeof value === 'object' && !Array.isArray(value);

/** Whether a property is `readOnly`: beside its `$ref`, or in what it names. */
const readOnly = (document: OpenApiDocument, property: JsonObject) =>
  property.readOnly === true || resolveRef(document, property).readOnly === true;

/** How deep an example is walked for `readOnly` properties: request bodies nest a few levels. */
const READ_ONLY_DEPTH = 8;

/** A value with the `readOnly` properties its schema declares left out, at every level: a client never sends them. */
export function withoutReadOnly(document: OpenApiDocument, schema: JsonObject, value: unknown, depth = 0): unknown {
  if (depth > READ_ONLY_DEPTH) return value;
  if (Array.isArray(value)) {
    const items = resolveRef(document, schema).items as JsonObject | undefined;
    return items ? value.map((item) => withoutReadOnly(document, items, item, depth + 1)) : value;
  }
  if (!isObject(value)) return value;
  const properties = everyProperty(document, schema);
  return Object.fromEntries(
    Object.entries(value)
      .filter(([name]) => !(Object.hasOwn(properties, name) && readOnly(document, properties[name]!)))
      .map(([name, field]) => [
        name,
        Object.hasOwn(properties, name) ? withoutReadOnly(document, properties[name]!, field, depth + 1) : field,
      ]),
  );
}

/**
 * The body the operation's document shows (its example, its first named example, its schema's), else one
 * its schema allows (schemaSample); `readOnly` properties left out.
 */
export function bodyExample(document: OpenApiDocument, route: RouteSpec): unknown {
  if (!route.body) return undefined;
  const schema = { $ref: route.body.schema };
  const requestBody = resolveRef(document, route.operation.requestBody as JsonObject);
  const content = (requestBody.content ?? {}) as Record<string, JsonObject>;
  const media = content[Object.keys(content).find((type) => /json/.test(type)) ?? ''];
  const named = Object.values((media?.examples ?? {}) as Record<string, JsonObject>)[0];
  const shown =
    media && 'example' in media
      ? media.example
      : named
        ? resolveRef(document, named).value
        : schemaExample(document, schema);
  return withoutReadOnly(document, schema, shown ?? schemaSample(document, schema, 'request'));
}

/** The same generated values on every run: they stand in for an example, which does not change either. */
const GENERATED_SEED = 1;
const GENERATED_TRIES = 20;

/** Whether a value can be a path parameter's segment, written by its style. */
const travels = (p: ParameterSpec, value: unknown) =>
  pathValueProblem(decodedSegment(serializeParameter(p, value))) === undefined;

/**
 * A parameter's value for the example request: the document's example, else one its schema allows
 * (schemaSample, then seeded random values); in a path, only one that can be a segment.
 */
function parameterExample(document: OpenApiDocument, p: ParameterSpec): unknown {
  const schema = { $ref: p.schema };
  const fits = (value: unknown) => value !== undefined && (p.in !== 'path' || travels(p, value));
  const shown = [schemaExample(document, schema), schemaSample(document, schema, 'request')].find(fits);
  if (shown !== undefined || p.in !== 'path') return shown;
  return fc.sample(valueArbitrary(document, schema), { seed: GENERATED_SEED, numRuns: GENERATED_TRIES }).find(fits);
}

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
  for (const p of route.parameters) if (p.in === 'path' || p.required) params[p.name] = parameterExample(document, p);
  const example = bodyExample(document, route);
  const bodyValid = (body: unknown) =>
    !judge || judge(route, params, body).every((issue) => !issue.path.startsWith('body'));
  const generated = route.body !== undefined && (example === undefined || !bodyValid(example));
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
    if (p.in !== 'path' && p.required)
      variants.push([`${p.in} ${p.name} left out`, { ...base.params, [p.name]: undefined }, base.body]);
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
    const properties = everyProperty(document, { $ref: route.body.schema });
    const writable = (name: string) => !(Object.hasOwn(properties, name) && readOnly(document, properties[name]!));
    for (const name of requiredNames(document, { $ref: route.body.schema }).filter(writable)) {
      const { [name]: _dropped, ...rest } = example as Record<string, unknown>;
      variants.push([`body.${name} left out`, base.params, rest]);
    }
    for (const [name, property] of Object.entries(properties).filter(([name]) => writable(name))) {
      for (const value of invalidCandidates(document, property))
        variants.push([`body.${name} = ${shown(value)}`, base.params, { ...example, [name]: value }]);
    }
  }
  // One request per rule broken at one place: many candidates break the same rule the same way.
  const seen = new Set<string>();
  const cases: RequestCase[] = [];
  for (const [what, params, body] of variants) {
    const first = judge(route, params, body)[0];
    // A value that cannot travel (a segment that would send the request to another path): never sent.
    if (!first || UNSENDABLE_RULES.has(first.rule) || seen.has(`${first.path}|${first.rule}`)) continue;
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
