// Changes that redocly's diff rates as patches because the wire stays compatible, but that break code
// generated from the document: a renamed path parameter (clients pass path parameters by name), a
// value removed from a response enum (the generated union type loses a member), a component schema
// renamed or removed (the package exports `components['schemas'][name]`), and a request body field
// removed (an object literal that sets it becomes an excess-property error).
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

/** Calls `visit` with every schema reachable from `schema`, keyed by where it sits (`.state`, `[].kind`, ...); `seen` stops recursive schemas. */
function walk(
  doc: Json,
  schema: Json | undefined,
  at: string,
  visit: (at: string, schema: Json) => void,
  seen: Set<string>,
): void {
  if (!schema || typeof schema !== 'object' || (schema.$ref && seen.has(schema.$ref))) return;
  const s = resolveRef(doc, schema);
  const refs = new Set(seen);
  if (schema.$ref) refs.add(schema.$ref);
  visit(at, s);
  for (const [name, sub] of Object.entries<Json>(s.properties ?? {})) walk(doc, sub, `${at}.${name}`, visit, refs);
  if (s.items) walk(doc, s.items, `${at}[]`, visit, refs);
  for (const key of ['allOf', 'oneOf', 'anyOf'])
    for (const sub of (s[key] ?? []) as Json[]) walk(doc, sub, at, visit, refs);
}

function responseEnums(doc: Json, operation: Json): Map<string, unknown[]> {
  const out = new Map<string, unknown[]>();
  for (const [status, raw] of Object.entries<Json>(operation.responses ?? {})) {
    const response = resolveRef(doc, raw);
    for (const [type, media] of Object.entries<Json>(response?.content ?? {})) {
      walk(
        doc,
        media.schema,
        `${status} ${type} $`,
        (at, s) => Array.isArray(s.enum) && out.set(at, s.enum),
        new Set(),
      );
    }
  }
  return out;
}

/** Where each field of the request body sits (`application/json $.name`, `... $.tags[].key`). */
function requestFields(doc: Json, operation: Json): Set<string> {
  const out = new Set<string>();
  const body = operation.requestBody ? resolveRef(doc, operation.requestBody) : undefined;
  for (const [type, media] of Object.entries<Json>(body?.content ?? {})) {
    walk(
      doc,
      media.schema,
      `${type} $`,
      (at, s) => {
        for (const name of Object.keys(s.properties ?? {})) out.add(`${at}.${name}`);
      },
      new Set(),
    );
  }
  return out;
}

/** A component schema of the base that the revision no longer has: renamed or removed. */
function removedSchemas(base: Json, revision: Json): DiffChange[] {
  const kept = new Set(Object.keys(revision.components?.schemas ?? {}));
  return Object.keys(base.components?.schemas ?? {})
    .filter((name) => !kept.has(name))
    .map((name) => ({
      ruleId: 'component-schema-removed',
      impact: 'major',
      message: `Component schema \`${name}\` was renamed or removed: code that names \`components['schemas']['${name}']\` no longer compiles.`,
    }));
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
    const revisionFields = requestFields(revision, now.operation);
    const removedFields = [...requestFields(base, before.operation)].filter((field) => !revisionFields.has(field));
    for (const field of removedFields) {
      changes.push({
        ruleId: 'request-field-removed',
        impact: 'major',
        message: `\`${before.label}\` request body ${field} was removed: an object literal that sets it no longer type-checks.`,
      });
    }
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
  return [...changes, ...removedSchemas(base, revision)];
}
