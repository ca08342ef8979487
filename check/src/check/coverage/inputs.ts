// What a request can carry that coverage counts: each parameter (path, query, header, cookie) and each
// request-body property of an operation, with the values worth sending each on their own (every enum
// value, a boolean both ways), all read from the document; and whether an exchange sent them, each
// parameter read by its style (the toolbox's one reader). What keeps requests without their headers (an
// emulator's journal) reads their header and cookie parameters where they arrive, with sentParameterReader.
// Only the contract's walkers: the emulator loads this module, and the MCP server bundles it, without
// the checker's random values (fast-check).
import {
  cookiePairs,
  everyProperty,
  operationParameters,
  readParameters,
  resolveRef,
  type JsonObject,
  type OpenApiDocument,
  type RouteSpec,
} from 'cloud-platform-api/toolbox';

/** One value of a parameter or body property worth sending on its own, and whether it was. */
export interface ValueCoverage {
  value: unknown;
  sent: boolean;
}

/** A parameter or body property: sent at all, and each of its enum values or boolean sides. */
export interface InputCoverage {
  in: 'path' | 'query' | 'header' | 'cookie' | 'body';
  name: string;
  sent: boolean;
  /** Every enum value, or true and false for a boolean; absent for other types. */
  values?: ValueCoverage[];
}

/** What an exchange sent, as the inputs read it: each place's value by name (text on the wire, JSON in a body). */
export interface SentInputs {
  /** Path parameters as sent, still percent-escaped. */
  path: Record<string, string>;
  query: Record<string, string | readonly string[]>;
  header: Record<string, string>;
  body: unknown;
  /** Header and cookie parameters read where the request arrived: each counts as sent, as its headers would. */
  sentParameters?: readonly SentParameter[] | undefined;
}

/**
 * A header or cookie parameter a request carried, as what keeps no header holds it: its name, and the
 * documented value it matched where coverage counts values (an enum, a boolean); never what was sent.
 */
export interface SentParameter {
  in: 'header' | 'cookie';
  name: string;
  /** The documented value sent (an enum value, a boolean side); absent where coverage counts none, or it is hidden. */
  value?: unknown;
}

/** The values of a schema worth sending each on their own: its enum, or both booleans. */
function distinctValues(document: OpenApiDocument, schema: JsonObject): unknown[] | undefined {
  const resolved = resolveRef(document, schema);
  if (Array.isArray(resolved.enum)) return resolved.enum;
  if ('const' in resolved) return undefined;
  const types = Array.isArray(resolved.type) ? resolved.type : [resolved.type];
  return types.includes('boolean') ? [true, false] : undefined;
}

/** A fresh tally of one input: nothing sent yet. */
function inputOf(where: InputCoverage['in'], name: string, values: unknown[] | undefined): InputCoverage {
  return {
    in: where,
    name,
    sent: false,
    ...(values ? { values: values.map((value) => ({ value, sent: false })) } : {}),
  };
}

/** Every input of an operation, in the document's order: its parameters, then its body's properties. */
export function inputsOf(document: OpenApiDocument, route: RouteSpec): InputCoverage[] {
  const parameters = operationParameters(document, route).map(({ parameter }) =>
    inputOf(parameter.in, parameter.name, distinctValues(document, parameter.schema ?? {})),
  );
  const properties = route.body
    ? Object.entries(everyProperty(document, { $ref: route.body.schema })).map(([name, schema]) =>
        inputOf('body', name, distinctValues(document, schema)),
      )
    : [];
  return [...parameters, ...properties];
}

/** A parameter's texts as sent, where its style cannot read them (a value given twice): each counts. */
function sentTexts(p: RouteSpec['parameters'][number], sent: SentInputs): readonly unknown[] {
  const texts =
    p.in === 'query'
      ? sent.query[p.name]
      : p.in === 'header'
        ? sent.header[p.name.toLowerCase()]
        : p.in === 'cookie'
          ? cookiePairs(sent.header.cookie)[p.name]
          : sent.path[p.name];
  return texts === undefined ? [] : [texts].flat();
}

const inputKey = (p: { in: string; name: string }) => `${p.in}\u0000${p.name}`;

/** The values an exchange sent for each parameter of the route, by place and name; none for one not sent. */
function parameterValues(route: RouteSpec, sent: SentInputs): Map<string, readonly unknown[]> {
  const readings = readParameters(route.parameters, { path: sent.path, query: sent.query, headers: sent.header });
  const values = new Map<string, readonly unknown[]>();
  route.parameters.forEach((p, i) => {
    const reading = readings[i]!;
    if (reading.present) values.set(inputKey(p), 'problem' in reading ? sentTexts(p, sent) : [reading.value].flat());
  });
  for (const p of sent.sentParameters ?? []) values.set(inputKey(p), 'value' in p ? [p.value] : []);
  return values;
}

/** The body property's value an exchange sent, as a list; undefined when not sent. */
function bodyValues(input: InputCoverage, { body }: SentInputs): readonly unknown[] | undefined {
  const isObject = body !== null && typeof body === 'object' && !Array.isArray(body);
  return isObject && Object.hasOwn(body, input.name) ? [(body as Record<string, unknown>)[input.name]] : undefined;
}

/** Whether a parameter's value, read from its text, is a documented one: the same text. */
const sameText = (sent: unknown, documented: unknown) => String(sent) === String(documented);

/** Whether a value sent is this documented one (an enum value or a boolean): equal in a body, the same text elsewhere. */
const sameValue = (input: InputCoverage, sent: unknown, documented: unknown) =>
  input.in === 'body' ? sent === documented : sameText(sent, documented);

/** Marks what an exchange sent on the operation's inputs. */
export function markSent(inputs: readonly InputCoverage[], route: RouteSpec, sent: SentInputs): void {
  const parameters = parameterValues(route, sent);
  for (const input of inputs) {
    const values = input.in === 'body' ? bodyValues(input, sent) : parameters.get(inputKey(input));
    if (values === undefined) continue;
    input.sent = true;
    for (const documented of input.values ?? [])
      if (values.some((value) => sameValue(input, value, documented.value))) documented.sent = true;
  }
}

/** The header (lower case) and cookie names a credential travels in: such a parameter is kept as sent, never its value. */
export interface HiddenParameters {
  header: ReadonlySet<string>;
  cookie: ReadonlySet<string>;
}

/** How one route's header and cookie parameters are read: their codings, and each one's documented values kept. */
interface HeaderPlan {
  codings: RouteSpec['parameters'];
  /** Per coding, the values coverage counts, or undefined where it counts none or the parameter is hidden. */
  values: (unknown[] | undefined)[];
}

/** A route's header and cookie parameters, each with the values kept of it; undefined where it declares none. */
function headerPlan(document: OpenApiDocument, route: RouteSpec, hidden: HiddenParameters): HeaderPlan | undefined {
  const codings = route.parameters.filter((p) => p.in === 'header' || p.in === 'cookie');
  if (codings.length === 0) return undefined;
  const isHidden = (p: RouteSpec['parameters'][number]) =>
    p.in === 'header' ? hidden.header.has(p.name.toLowerCase()) : hidden.cookie.has(p.name);
  return {
    codings,
    values: codings.map((p) => (isHidden(p) ? undefined : distinctValues(document, { $ref: p.schema }))),
  };
}

/**
 * The reader of the header and cookie parameters a request to a route carried, each by its style (the
 * toolbox's one reader), for what keeps requests without their headers (an emulator's journal): the
 * parameters sent, each with the documented value it matched where coverage counts values; one a
 * credential travels in (`hidden`) only as sent. Undefined where the route declares none, or none was sent.
 */
export function sentParameterReader(
  document: OpenApiDocument,
  hidden: HiddenParameters,
): (route: RouteSpec, headers: Readonly<Record<string, string | undefined>>) => SentParameter[] | undefined {
  const plans = new WeakMap<RouteSpec, HeaderPlan | null>();
  return (route, headers) => {
    // One look-up a request: most routes declare none, and are answered by it.
    let plan = plans.get(route);
    if (plan === undefined) {
      plan = headerPlan(document, route, hidden) ?? null;
      plans.set(route, plan);
    }
    if (plan === null) return undefined;
    const readings = readParameters(plan.codings, { path: {}, query: {}, headers });
    const sent = plan.codings.flatMap((p, i): SentParameter[] => {
      const reading = readings[i]!;
      if (!reading.present) return [];
      const where = p.in as SentParameter['in'];
      const matched = 'value' in reading ? plan.values[i]?.find((value) => sameText(value, reading.value)) : undefined;
      return [matched === undefined ? { in: where, name: p.name } : { in: where, name: p.name, value: matched }];
    });
    return sent.length === 0 ? undefined : sent;
  };
}

/** An input's figure: one unit when it has no values worth sending apart, else one per value. */
export function inputFigure(input: InputCoverage): [covered: number, total: number] {
  if (!input.values) return [input.sent ? 1 : 0, 1];
  return [input.values.filter((v) => v.sent).length, input.values.length];
}

/** What is missing of an input, as a reader names it: `query with_broadcasts = false`, `body enabled`. */
export function inputGaps(input: InputCoverage): string[] {
  const where = `${input.in} ${input.name}`;
  if (!input.values) return input.sent ? [] : [where];
  return input.values.filter((v) => !v.sent).map((v) => `${where} = ${JSON.stringify(v.value)}`);
}
