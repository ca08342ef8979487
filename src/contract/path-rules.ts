// A document's path parameters: their rules read from it (pathRulesOf, which the build writes into
// generated/path-parameters.json for this API), and values written by each parameter's style. The client
// of another document loads this with its first call; a client of this API alone never does.
import { listOperations, resolveRef, type JsonObject, type OpenApiDocument } from './document.js';
import { serializeParameter, type ParameterStyle } from './parameter-style.js';
import { operationParameters } from './parameters.js';
import { fillCheckedPath, type PathRules, type SegmentWriter } from './path-values.js';

const RULE_KEYWORDS = ['type', 'enum', 'pattern', 'minLength', 'maxLength', 'minimum', 'maximum'] as const;

/** The rules of every path parameter of the document, by path template. */
export function pathRulesOf(document: OpenApiDocument): PathRules {
  const rules: PathRules = {};
  for (const op of listOperations(document)) {
    for (const { parameter } of operationParameters(document, op)) {
      if (parameter.in !== 'path') continue;
      const schema = resolveRef(document, (parameter.schema ?? {}) as JsonObject);
      rules[op.path] ??= {};
      rules[op.path]![parameter.name] = {
        ...Object.fromEntries(RULE_KEYWORDS.filter((k) => k in schema).map((k) => [k, schema[k]])),
        ...(typeof parameter.style === 'string' ? { style: parameter.style } : {}),
        ...(typeof parameter.explode === 'boolean' ? { explode: parameter.explode } : {}),
      };
    }
  }
  return rules;
}

/** A value by its parameter's style (simple, label or matrix; exploded or not), a list or an object included. */
export const styledSegment: SegmentWriter = (name, value, rule) =>
  serializeParameter(
    {
      name,
      in: 'path',
      style: (rule.style ?? 'simple') as ParameterStyle,
      explode: rule.explode === true,
      json: false,
    },
    Array.isArray(value) || (value !== null && typeof value === 'object') ? value : String(value),
  );

/** fillCheckedPath with each value written by its parameter's style. */
export const expandPath = (template: string, values: Record<string, unknown>, rules: PathRules): string =>
  fillCheckedPath(template, values, rules, styledSegment);
