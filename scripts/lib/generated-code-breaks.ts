// Changes that redocly's diff rates as patches because the wire stays compatible, but that break code
// generated from the document: a renamed path parameter (clients pass path parameters by name) and
// a value removed from a response enum (the generated union type loses a member).
import type { DiffChange } from './contract-diff.js';

type Json = Record<string, any>;
const METHODS = ['get', 'put', 'post', 'delete', 'patch', 'options', 'head', 'trace'];

function resolve(doc: Json, node: Json | undefined, seen: Set<string>): Json | undefined {
  let current = node;
  while (current && typeof current.$ref === 'string') {
    if (seen.has(current.$ref)) return undefined;
    seen.add(current.$ref);
    current = String(current.$ref)
      .replace(/^#\//, '')
      .split('/')
      .map((s) => s.replaceAll('~1', '/').replaceAll('~0', '~'))
      .reduce<Json | undefined>((at, key) => at?.[key], doc);
  }
  return current;
}

/** Operations keyed by method and path shape (`GET /items/{}`), with their path parameter names in path order. */
function operations(doc: Json) {
  const found = new Map<string, { label: string; pathParams: string[]; operation: Json }>();
  for (const [route, item] of Object.entries<Json>(doc.paths ?? {})) {
    for (const method of METHODS) {
      if (!item[method]) continue;
      found.set(`${method.toUpperCase()} ${route.replace(/\{[^}]+\}/g, '{}')}`, {
        label: `${method.toUpperCase()} ${route}`,
        pathParams: [...route.matchAll(/\{([^}]+)\}/g)].map((m) => m[1]!),
        operation: item[method],
      });
    }
  }
  return found;
}

/** Every enum reachable from a schema, keyed by where it sits (`.state`, `[].kind`, ...). */
function enums(doc: Json, schema: Json | undefined, at: string, out: Map<string, unknown[]>, seen: Set<string>): void {
  const s = resolve(doc, schema, new Set(seen));
  if (!s || typeof s !== 'object') return;
  const refs = new Set(seen);
  if (schema?.$ref) refs.add(schema.$ref);
  if (Array.isArray(s.enum)) out.set(at, s.enum);
  for (const [name, sub] of Object.entries<Json>(s.properties ?? {})) enums(doc, sub, `${at}.${name}`, out, refs);
  if (s.items) enums(doc, s.items, `${at}[]`, out, refs);
  for (const key of ['allOf', 'oneOf', 'anyOf']) for (const sub of (s[key] ?? []) as Json[]) enums(doc, sub, at, out, refs);
}

function responseEnums(doc: Json, operation: Json): Map<string, unknown[]> {
  const out = new Map<string, unknown[]>();
  for (const [status, raw] of Object.entries<Json>(operation.responses ?? {})) {
    const response = resolve(doc, raw, new Set());
    for (const [type, media] of Object.entries<Json>(response?.content ?? {})) enums(doc, media.schema, `${status} ${type} $`, out, new Set());
  }
  return out;
}

export function generatedCodeBreaks(base: Json, revision: Json): DiffChange[] {
  const changes: DiffChange[] = [];
  const after = operations(revision);
  for (const [key, before] of operations(base)) {
    const now = after.get(key);
    if (!now) continue;
    before.pathParams.forEach((name, i) => {
      const renamed = now.pathParams[i];
      if (renamed !== undefined && renamed !== name) {
        changes.push({
          ruleId: 'path-parameter-renamed',
          impact: 'major',
          message: `Path parameter \`${name}\` of \`${before.label}\` was renamed to \`${renamed}\`: generated clients pass path parameters by name.`,
        });
      }
    });
    const revisionEnums = responseEnums(revision, now.operation);
    for (const [where, values] of responseEnums(base, before.operation)) {
      const kept = revisionEnums.get(where);
      const removed = kept ? values.filter((v) => !kept.includes(v)) : [];
      if (removed.length > 0) {
        changes.push({
          ruleId: 'response-enum-value-removed',
          impact: 'major',
          message: `\`${before.label}\` response ${where}: enum value(s) ${removed.map((v) => JSON.stringify(v)).join(', ')} removed; generated union types lose them.`,
        });
      }
    }
  }
  return changes;
}
