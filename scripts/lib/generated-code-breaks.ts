// Changes that redocly's diff rates as patches because the wire stays compatible, but that break code
// generated from the document: a renamed path parameter (clients pass path parameters by name) and
// a value removed from a response enum (the generated union type loses a member).
import { listOperations, resolveRef, type OpenApiDocument } from '../../src/contract/document.js';
import type { DiffChange } from './contract-diff.js';

type Json = Record<string, any>;

/** Operations keyed by method and path shape (`GET /items/{}`), with their path parameter names in path order. */
function operations(doc: Json) {
  return new Map(
    listOperations(doc as OpenApiDocument).map(({ method, path, operation }) => [
      `${method} ${path.replace(/\{[^}]+\}/g, '{}')}`,
      { label: `${method} ${path}`, pathParams: [...path.matchAll(/\{([^}]+)\}/g)].map((m) => m[1]!), operation },
    ]),
  );
}

/** Every enum reachable from a schema, keyed by where it sits (`.state`, `[].kind`, ...); `seen` stops recursive schemas. */
function enums(doc: Json, schema: Json | undefined, at: string, out: Map<string, unknown[]>, seen: Set<string>): void {
  if (!schema || typeof schema !== 'object' || (schema.$ref && seen.has(schema.$ref))) return;
  const s = resolveRef(doc, schema);
  const refs = new Set(seen);
  if (schema.$ref) refs.add(schema.$ref);
  if (Array.isArray(s.enum)) out.set(at, s.enum);
  for (const [name, sub] of Object.entries<Json>(s.properties ?? {})) enums(doc, sub, `${at}.${name}`, out, refs);
  if (s.items) enums(doc, s.items, `${at}[]`, out, refs);
  for (const key of ['allOf', 'oneOf', 'anyOf']) for (const sub of (s[key] ?? []) as Json[]) enums(doc, sub, at, out, refs);
}

function responseEnums(doc: Json, operation: Json): Map<string, unknown[]> {
  const out = new Map<string, unknown[]>();
  for (const [status, raw] of Object.entries<Json>(operation.responses ?? {})) {
    const response = resolveRef(doc, raw);
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
