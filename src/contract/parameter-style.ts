// How a parameter's value travels, by OpenAPI's `style` and `explode` (Parameter Object, Style Values),
// read both ways in one place: parsed where a request arrives (the emulator's call check, coverage) and
// serialised where one is made (the checker's requests, the client's path values). A value's shape
// (one value, a list, an object) comes from its schema when parsing, and from the value when serialising.
import { resolveRef, schemaProperties, type JsonObject } from './document.js';

/** Where a parameter travels: OpenAPI's `in`. */
export type ParameterLocation = 'path' | 'query' | 'header' | 'cookie';
/** How a parameter's value is laid out: OpenAPI's `style`. */
export type ParameterStyle = 'matrix' | 'label' | 'simple' | 'form' | 'spaceDelimited' | 'pipeDelimited' | 'deepObject';
/** What a parameter's schema holds: one value, a list or an object. */
export type ValueShape = 'primitive' | 'array' | 'object';

/** What reading or writing one parameter needs: where it travels, how, and the JSON types of its parts. */
export interface ParameterCoding {
  name: string;
  in: ParameterLocation;
  style: ParameterStyle;
  explode: boolean;
  shape: ValueShape;
  /** The JSON types a one-value parameter, or each item of a list, is read as. */
  itemTypes: string[];
  /** An object's declared properties, each with the JSON types it is read as. */
  properties: Record<string, string[]>;
  /** The parameter is given by `content` with a JSON media type: its value is JSON text. */
  json: boolean;
}

const DEFAULT_STYLE: Record<ParameterLocation, ParameterStyle> = {
  path: 'simple',
  query: 'form',
  header: 'simple',
  cookie: 'form',
};

const typesOf = (schema: JsonObject): string[] =>
  Array.isArray(schema.type) ? schema.type : typeof schema.type === 'string' ? [schema.type] : [];

function shapeOf(schema: JsonObject): ValueShape {
  const types = typesOf(schema);
  if (types.includes('array')) return 'array';
  const objectLike = types.length === 0 && (schema.properties || schema.additionalProperties || schema.allOf);
  return types.includes('object') || objectLike ? 'object' : 'primitive';
}

/** The schema a parameter's value is checked against: its `schema`, else its `content`'s one media type's. */
export function parameterSchema(parameter: JsonObject): { schema: JsonObject; media?: string } {
  if (parameter.schema) return { schema: parameter.schema as JsonObject };
  const [media, entry] = Object.entries((parameter.content ?? {}) as Record<string, JsonObject>)[0] ?? [];
  return media ? { schema: (entry?.schema ?? {}) as JsonObject, media } : { schema: {} };
}

/** How a resolved Parameter Object's value travels: its style and explode, or their defaults for its location. */
export function parameterCoding(document: JsonObject, parameter: JsonObject): ParameterCoding {
  const where = (parameter.in ?? 'query') as ParameterLocation;
  const style = (parameter.style ?? DEFAULT_STYLE[where]) as ParameterStyle;
  const { schema: declared, media } = parameterSchema(parameter);
  const schema = resolveRef(document, declared);
  const shape = shapeOf(schema);
  const itemSchema = shape === 'array' ? resolveRef(document, (schema.items ?? {}) as JsonObject) : schema;
  const properties =
    shape === 'object'
      ? Object.fromEntries(
          Object.entries(schemaProperties(document, schema)).map(([name, property]) => [
            name,
            typesOf(resolveRef(document, property)),
          ]),
        )
      : {};
  return {
    name: String(parameter.name),
    in: where,
    style,
    // deepObject has no unexploded form: it is exploded whatever `explode` says.
    explode: style === 'deepObject' || (typeof parameter.explode === 'boolean' ? parameter.explode : style === 'form'),
    shape,
    itemTypes: typesOf(itemSchema),
    properties,
    json: media !== undefined && /json/i.test(media),
  };
}

const INTEGER = /^-?\d+$/;
const NUMBER = /^-?(\d+\.?\d*|\.\d+)([eE][-+]?\d+)?$/;

/** Text read as its schema's type where it plainly is one; otherwise left for the schema to refuse. */
export function primitiveFromText(raw: string, types: readonly string[]): unknown {
  if (types.includes('integer') && INTEGER.test(raw)) return Number(raw);
  if (types.includes('number') && NUMBER.test(raw)) return Number(raw);
  if (types.includes('boolean') && (raw === 'true' || raw === 'false')) return raw === 'true';
  return raw;
}

/** A value's text as it travels: a string as it is, anything else as JSON (`7`, `true`). */
export const primitiveText = (value: unknown): string => (typeof value === 'string' ? value : JSON.stringify(value));

/** How a style lays values out (RFC 6570's operators, as OpenAPI maps its styles onto them). */
interface Layout {
  /** What the value starts with: `.` for label, `;` for matrix. */
  first: string;
  /** Between exploded items. */
  separator: string;
  /** Between the items of a list not exploded. */
  delimiter: string;
  /** Each item goes as `name=item` (matrix, form and the delimited styles). */
  named: boolean;
}

function layoutOf(coding: Pick<ParameterCoding, 'in' | 'style'>): Layout {
  const pairSeparator = coding.in === 'cookie' ? '; ' : coding.in === 'query' ? '&' : ',';
  switch (coding.style) {
    case 'label':
      return { first: '.', separator: '.', delimiter: ',', named: false };
    case 'matrix':
      return { first: ';', separator: ';', delimiter: ',', named: true };
    case 'simple':
      return { first: '', separator: ',', delimiter: ',', named: false };
    case 'spaceDelimited':
      return { first: '', separator: pairSeparator, delimiter: ' ', named: true };
    case 'pipeDelimited':
      return { first: '', separator: pairSeparator, delimiter: '|', named: true };
    default:
      return { first: '', separator: pairSeparator, delimiter: ',', named: true };
  }
}

// ---- Serialising: the checker's requests, the client's path values ----

/** application/x-www-form-urlencoded, as URLSearchParams writes it, but a space as %20 as a URL path has it too. */
const formEncode = (text: string) =>
  encodeURIComponent(text).replace(/[!'()~]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);

/** How each location's text is escaped: a label's own items have their dots escaped, or they would split. */
function encoderOf(coding: Pick<ParameterCoding, 'in' | 'style'>): (text: string) => string {
  if (coding.in === 'header') return (text) => text;
  if (coding.in === 'query') return formEncode;
  if (coding.style === 'label') return (text) => encodeURIComponent(text).replace(/\./g, '%2E');
  return encodeURIComponent;
}

const isObject = (value: unknown): value is Record<string, unknown> =>
  value !== null && typeof value === 'object' && !Array.isArray(value);

/**
 * A value as it travels, encoded: a path segment (`5`, `.a.b`, `;id=1,2`), a query's part (`tags=a&tags=b`,
 * `filter%5Ba%5D=1`), a header's value, or the cookies' text (`a=1; b=2`). A list or object with nothing
 * in it, exploded, is the empty string: nothing to send.
 */
export function serializeParameter(
  coding: Pick<ParameterCoding, 'name' | 'in' | 'style' | 'explode' | 'json'>,
  value: unknown,
): string {
  const layout = layoutOf(coding);
  const encode = encoderOf(coding);
  const name = encode(coding.name);
  const delimiter = coding.in === 'query' && layout.delimiter === ' ' ? '%20' : layout.delimiter;
  const named = (text: string) => (layout.named ? `${name}=${text}` : text);
  if (coding.json || (!Array.isArray(value) && !isObject(value)))
    return layout.first + named(encode(coding.json ? JSON.stringify(value) : primitiveText(value)));
  const items = Array.isArray(value) ? value.map((item) => encode(primitiveText(item))) : [];
  const entries = isObject(value) ? Object.entries(value).map(([k, v]) => [encode(k), encode(primitiveText(v))]) : [];
  if (!coding.explode) {
    const flat = Array.isArray(value) ? items : entries.flat();
    return layout.first + named(flat.join(delimiter));
  }
  if (Array.isArray(value)) return items.length === 0 ? '' : layout.first + items.map(named).join(layout.separator);
  if (entries.length === 0) return '';
  const pairs =
    coding.style === 'deepObject'
      ? entries.map(([k, v]) => `${name}${encode('[')}${k}${encode(']')}=${v}`)
      : entries.map(([k, v]) => `${k}=${v}`);
  return layout.first + pairs.join(layout.separator);
}

// ---- Parsing: the emulator's call check, coverage ----

/** Where an operation's parameters come from, as a request brings them. */
export interface ParameterSource {
  /** Path parameters as matched, still percent-escaped. */
  path: Readonly<Record<string, string>>;
  /** Query parameters, decoded; one given more than once is an array. */
  query: Readonly<Record<string, string | readonly string[]>>;
  /** Headers by lower-case name (`cookie` among them). */
  headers: Readonly<Record<string, string | undefined>>;
}

/** A rule of the style a value breaks, as a validation issue names one. */
export interface StyleProblem {
  rule: string;
  message: string;
}

/** One parameter as read: not sent, its value, or why its text cannot be read. */
export type ParameterReading =
  | { present: false }
  | { present: true; value: unknown }
  | { present: true; problem: StyleProblem };

/** Read failures: thrown inside a reading, and turned into its problem. */
class Unreadable extends Error {
  constructor(readonly problem: StyleProblem) {
    super(problem.message);
  }
}

const ABSENT: ParameterReading = { present: false };
/** The operation's parameters, of which an exploded object with no declared properties leaves the others' names alone. */
type Codings = readonly ParameterCoding[];
type Pairs = Readonly<Record<string, string | readonly string[]>>;
const valuesAt = (pairs: Pairs, key: string): readonly string[] => {
  const found = Object.hasOwn(pairs, key) ? pairs[key] : undefined;
  return found === undefined ? [] : typeof found === 'string' ? [found] : found;
};

function strictDecode(text: string): string {
  // No `%`, nothing to decode: the text as it is, with no copy made (an id in a path, most often).
  if (!text.includes('%')) return text;
  try {
    return decodeURIComponent(text);
  } catch {
    throw new Unreadable({ rule: 'encoding', message: 'has a malformed percent-escape' });
  }
}

function lenientDecode(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}

const asItIs = (text: string) => text;

const decoderOf = (where: ParameterLocation) =>
  where === 'path' ? strictDecode : where === 'cookie' ? lenientDecode : asItIs;

/** The cookies a Cookie header sends, by name, still escaped; a name sent twice is a list. */
export function cookiePairs(header: string | undefined): Record<string, string | string[]> {
  const pairs: Record<string, string | string[]> = Object.create(null);
  for (const part of (header ?? '').split(';')) {
    const at = part.indexOf('=');
    if (at < 0) continue;
    const key = part.slice(0, at).trim();
    const value = part.slice(at + 1).trim();
    const before = pairs[key];
    pairs[key] = before === undefined ? value : Array.isArray(before) ? [...before, value] : [before, value];
  }
  return pairs;
}

/** A value's text read as the types its schema gives, or as JSON for a `content` parameter. */
function typed(coding: ParameterCoding, text: string, types: readonly string[]): unknown {
  if (!coding.json) return primitiveFromText(text, types);
  try {
    return JSON.parse(text);
  } catch {
    throw new Unreadable({ rule: 'content', message: 'must be JSON text' });
  }
}

/** Alternate names and values (`R,100,G,200`) as an object, each value read as its property's types. */
function objectOfList(coding: ParameterCoding, list: readonly string[]): Record<string, unknown> {
  if (list.length % 2 !== 0)
    throw new Unreadable({ rule: 'style', message: `must be names and values in turn (style ${coding.style})` });
  const pairs: [string, string][] = [];
  for (let i = 0; i < list.length; i += 2) pairs.push([list[i]!, list[i + 1]!]);
  return objectOfPairs(coding, pairs);
}

/** `R=100` pairs as an object, each value read as its property's types. */
function objectOfPairs(
  coding: ParameterCoding,
  pairs: readonly (readonly [string, string])[],
): Record<string, unknown> {
  // A Map, then own properties: a name such as `__proto__` is a property like any other, never the prototype.
  const values = new Map<string, unknown>();
  for (const [key, text] of pairs) {
    const value = primitiveFromText(text, Object.hasOwn(coding.properties, key) ? coding.properties[key]! : []);
    const before = values.get(key);
    values.set(key, before === undefined ? value : Array.isArray(before) ? [...before, value] : [before, value]);
  }
  return Object.fromEntries(values);
}

const splitPair = (text: string): [string, string] => {
  const at = text.indexOf('=');
  return at < 0 ? [text, ''] : [text.slice(0, at), text.slice(at + 1)];
};

/** A value the style writes as one text without names: simple (path, header) and label. */
function readUnnamed(coding: ParameterCoding, text: string): unknown {
  const decode = decoderOf(coding.in);
  const single = coding.json || coding.shape === 'primitive';
  // One value in the simple style (an id in a path, most often): the text itself, with no layout to read.
  if (single && coding.style === 'simple') return typed(coding, decode(text), coding.itemTypes);
  const layout = layoutOf(coding);
  if (!text.startsWith(layout.first))
    throw new Unreadable({ rule: 'style', message: `must start with "${layout.first}" (style ${coding.style})` });
  const body = text.slice(layout.first.length);
  if (single) return typed(coding, decode(body), coding.itemTypes);
  const header = coding.in === 'header';
  const parts = (by: string) => body.split(by).map((part) => decode(header ? part.trim() : part));
  const by = coding.explode ? layout.separator : layout.delimiter;
  if (coding.shape === 'array') return parts(by).map((item) => primitiveFromText(item, coding.itemTypes));
  if (!coding.explode) return objectOfList(coding, parts(by));
  return objectOfPairs(
    coding,
    body.split(by).map((pair) => splitPair(header ? pair.trim() : pair).map(decode) as [string, string]),
  );
}

const read = (value: unknown): ParameterReading => ({ present: true, value });

/** An object exploded into pairs of its own: its properties' names (`R=100&G=200`), or `name[R]=100` for deepObject. */
function readExplodedObject(coding: ParameterCoding, pairs: Pairs, codings: Codings): ParameterReading {
  const decode = decoderOf(coding.in);
  const declared = Object.keys(coding.properties);
  const found: [property: string, key: string][] =
    coding.style === 'deepObject'
      ? Object.keys(pairs).flatMap((key) => {
          const inner =
            key.startsWith(`${coding.name}[`) && key.endsWith(']') ? key.slice(coding.name.length + 1, -1) : '';
          return inner === '' ? [] : [[inner, key] as [string, string]];
        })
      : (declared.length > 0 ? declared : undeclaredKeys(coding, pairs, codings))
          .filter((key) => valuesAt(pairs, key).length > 0)
          .map((key) => [key, key]);
  if (found.length === 0) return ABSENT;
  return read(
    objectOfPairs(
      coding,
      found.flatMap(([property, key]) => valuesAt(pairs, key).map((text) => [property, decode(text)] as const)),
    ),
  );
}

/** The keys an exploded object with no declared properties takes: all but the other parameters' names in its place. */
function undeclaredKeys(coding: ParameterCoding, pairs: Pairs, codings: Codings): string[] {
  const others = new Set(codings.filter((c) => c.in === coding.in && c !== coding).map((c) => c.name));
  return Object.keys(pairs).filter((key) => !others.has(key));
}

/** A value the style writes as `name=...`: form, matrix, spaceDelimited, pipeDelimited and deepObject. */
function readNamed(coding: ParameterCoding, pairs: Pairs, codings: Codings): ParameterReading {
  const decode = decoderOf(coding.in);
  const structured = !coding.json && coding.shape !== 'primitive';
  if (structured && coding.explode && coding.shape === 'object') return readExplodedObject(coding, pairs, codings);
  if (!structured) {
    // Not given, or given once (a page number, most often): read where it is, with no list made.
    const found = Object.hasOwn(pairs, coding.name) ? pairs[coding.name] : undefined;
    if (found === undefined || found === '') return ABSENT;
    if (typeof found === 'string') return read(typed(coding, decode(found), coding.itemTypes));
  }
  const own = valuesAt(pairs, coding.name);
  if (structured && coding.explode) {
    if (own.every((text) => text === '')) return ABSENT;
    return read(own.map((text) => primitiveFromText(decode(text), coding.itemTypes)));
  }
  if (own.length === 0) return ABSENT;
  if (own.length > 1) throw new Unreadable({ rule: 'maxItems', message: 'must be given once' });
  const text = own[0]!;
  if (text === '') return ABSENT;
  if (!structured) return read(typed(coding, decode(text), coding.itemTypes));
  const list = text.split(layoutOf(coding).delimiter).map(decode);
  return read(
    coding.shape === 'array'
      ? list.map((item) => primitiveFromText(item, coding.itemTypes))
      : objectOfList(coding, list),
  );
}

/** A matrix segment's pairs (`;id=1;id=2`), names decoded, values still escaped until they are split. */
function matrixPairs(coding: ParameterCoding, text: string): Pairs {
  if (!text.startsWith(';'))
    throw new Unreadable({ rule: 'style', message: `must start with ";" (style ${coding.style})` });
  const pairs: Record<string, string[]> = Object.create(null);
  for (const part of text.slice(1).split(';')) {
    const [key, value] = splitPair(part);
    const name = strictDecode(key);
    pairs[name] = [...(pairs[name] ?? []), value];
  }
  return pairs;
}

const NO_CODINGS: Codings = [];

function readOne(coding: ParameterCoding, codings: Codings, source: ParameterSource, cookies: Pairs | undefined) {
  if (coding.in === 'query') return readNamed(coding, source.query, codings);
  if (coding.in === 'cookie') return readNamed(coding, cookies!, codings);
  const texts = coding.in === 'path' ? source.path : source.headers;
  const key = coding.in === 'path' ? coding.name : coding.name.toLowerCase();
  const text = Object.hasOwn(texts, key) ? texts[key] : undefined;
  if (text === undefined || text === '') return ABSENT;
  if (coding.style === 'matrix') return readNamed(coding, matrixPairs(coding, text), NO_CODINGS);
  return read(readUnnamed(coding, text));
}

/**
 * An operation's parameters read off a request, each by its style and explode and its schema's types:
 * `?tags=dog&tags=cat` as `["dog", "cat"]`, `?ids=1,2` as `[1, 2]` (explode false), `?filter[a]=1` as
 * `{ a: 1 }` (deepObject). A text that is given but empty is not sent, as a missing one.
 */
export function readParameters(codings: Codings, source: ParameterSource): ParameterReading[] {
  // A loop, not a map: it runs for every request, and makes no function for it.
  const readings: ParameterReading[] = [];
  let cookies: Pairs | undefined;
  for (const coding of codings) {
    // The Cookie header is split once, and only for an operation that declares a cookie.
    if (coding.in === 'cookie') cookies ??= cookiePairs(source.headers.cookie);
    try {
      readings.push(readOne(coding, codings, source, cookies));
    } catch (error) {
      if (!(error instanceof Unreadable)) throw error;
      readings.push({ present: true, problem: error.problem });
    }
  }
  return readings;
}
