// Path parameter values, checked against the document before they go into a URL. A value such as
// "." or ".." would make the URL name another resource (fetch folds `%2E%2E` too, so encoding alone
// cannot help): every caller that fills a path template (the client, the MCP tools through it, the
// checker) goes through fillCheckedPath, so a value is checked once, here. Browser-safe and small: the
// client carries the rules (generated/path-parameters.json), not the document; reading them from a
// document and writing values by any style is path-rules.ts, which a client of this API alone never loads.
import { templateParts } from './path-template.js';
import { kindOf } from './value-kind.js';

/** The part of a path parameter's schema a URL segment is checked against. */
export interface PathParameterRule {
  type?: string | string[];
  enum?: unknown[];
  pattern?: string;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  /** How a list or an object is written, where the document says (the default: simple, not exploded). */
  style?: string;
  explode?: boolean;
}

/** Each path template's parameters and their rules: `{ "/streaming/videos/{video_id}": { video_id: {...} } }`. */
export type PathRules = Record<string, Record<string, PathParameterRule>>;

/** A path value a template cannot take: no request is made with it. */
export class PathValueError extends TypeError {
  override name = 'PathValueError';
}

/** Segments that a URL resolves against its neighbours instead of taking as a name. */
const RESOLVED_SEGMENTS = new Set(['', '.', '..']);

function typeProblem(value: string | number | boolean, types: string[]): string | undefined {
  const fits = types.some((type) =>
    type === 'integer'
      ? Number.isSafeInteger(value)
      : type === 'number'
        ? typeof value === 'number' && Number.isFinite(value)
        : typeof value === type,
  );
  if (fits) return undefined;
  return `must be ${types.map((type) => (type === 'integer' ? 'a safe integer' : `a ${type}`)).join(' or ')}`;
}

const patterns = new Map<string, RegExp>();
const patternOf = (source: string) => {
  const known = patterns.get(source);
  if (known) return known;
  const pattern = new RegExp(source, 'u');
  patterns.set(source, pattern);
  return pattern;
};

function rangeProblem(value: string | number | boolean, rule: PathParameterRule): string | undefined {
  if (typeof value === 'number') {
    if (rule.minimum !== undefined && value < rule.minimum) return `must be at least ${rule.minimum}`;
    if (rule.maximum !== undefined && value > rule.maximum) return `must be at most ${rule.maximum}`;
  }
  if (typeof value === 'string') {
    const length = [...value].length;
    if (rule.minLength !== undefined && length < rule.minLength) return `must be at least ${rule.minLength} characters`;
    if (rule.maxLength !== undefined && length > rule.maxLength) return `must be at most ${rule.maxLength} characters`;
    if (rule.pattern !== undefined && !patternOf(rule.pattern).test(value))
      return `must match the pattern ${rule.pattern}`;
  }
  return undefined;
}

/** Why a list's or an object's parts cannot fill a path parameter whose type takes them, or undefined. */
function partsProblem(value: object): string | undefined {
  const parts = Array.isArray(value) ? value : Object.values(value);
  if (parts.length === 0) return 'must not be empty: the URL would name another path';
  const bad = parts.find((part) => !['string', 'number', 'boolean'].includes(typeof part));
  return bad === undefined ? undefined : `must hold strings or numbers, not ${kindOf(bad)}`;
}

/** Why a value cannot fill a path parameter, or undefined when it can. */
export function pathValueProblem(value: unknown, rule: PathParameterRule = {}): string | undefined {
  if (value === undefined) return 'is required';
  const types = rule.type === undefined ? [] : typeof rule.type === 'string' ? [rule.type] : rule.type;
  // A list or an object travels by its style, where the parameter's type takes one.
  if (value !== null && typeof value === 'object' && types.includes(Array.isArray(value) ? 'array' : 'object'))
    return partsProblem(value);
  if (typeof value !== 'string' && typeof value !== 'number' && typeof value !== 'boolean')
    return `must be a string or a number, not ${kindOf(value)}`;
  if (RESOLVED_SEGMENTS.has(String(value))) return 'must not be empty, "." or "..": the URL would name another path';
  // A name is one type, whatever its length (even ''); a list of none asks for nothing.
  if (rule.type !== undefined && (typeof rule.type === 'string' || rule.type.length > 0)) {
    const problem = typeProblem(value, types);
    if (problem) return problem;
  }
  if (rule.enum && !rule.enum.includes(value))
    return `must be one of ${rule.enum.map((each) => JSON.stringify(each)).join(', ')}`;
  return rangeProblem(value, rule);
}

/** How a checked value is written into its segment, encoded, by its parameter's rule. */
export type SegmentWriter = (name: string, value: unknown, rule: PathParameterRule) => string;

/**
 * A primitive value in the simple style, which is all a parameter with no style, a type of no list or
 * object, takes: what the client needs for this API's document (a test holds its rules to that), without
 * the styles' code, which an app calling this API alone does not ship.
 */
export const simpleSegment: SegmentWriter = (_name, value) => encodeURIComponent(String(value));

/**
 * A path template filled with checked, percent-encoded values: `/videos/{video_id}` and `{ video_id: 7 }`
 * give `/videos/7`. A value missing or against its rule is a PathValueError naming the parameter and the
 * rule. Rules come from pathRulesOf (or the generated copy); a template it does not know gets only the
 * checks every path parameter needs. Each value is written by `write` (path-rules.ts: by its style).
 */
export function fillCheckedPath(
  template: string,
  values: Record<string, unknown>,
  rules: PathRules,
  write: SegmentWriter,
): string {
  const own = rules[template] ?? {};
  return fillPath(
    template,
    (name) => {
      const value = Object.hasOwn(values, name) ? values[name] : undefined;
      const problem = pathValueProblem(value, own[name]);
      // The value is not quoted: a key passed as an id by mistake must not reach an error message.
      if (problem) throw new PathValueError(`path parameter ${name} of ${template} ${problem}`);
      return write(name, value, own[name] ?? {});
    },
    (segment) => segment,
  );
}

/**
 * A path template filled with percent-encoded values, unchecked: for a sender that means to break a
 * rule (the checker's invalid cases), having judged the value with pathValueProblem first. `encode`
 * is the identity for segments a style has written, encoded already.
 */
export function fillPath(
  template: string,
  textOf: (name: string) => string,
  encode: (text: string) => string = encodeURIComponent,
): string {
  const { literals, names } = templateParts(template);
  let filled = literals[0]!;
  for (let i = 0; i < names.length; i++) filled += encode(textOf(names[i]!)) + literals[i + 1]!;
  return filled;
}
