// Reads the bundled document and answers questions about its schemas (what properties, what types),
// following `$ref`s and `allOf`, so tests can compare it with the seed.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { projectRoot } from './sources.js';

export type Schema = Record<string, any>;
export type OpenApiDocument = { paths: Record<string, Record<string, any>>; components: Record<string, Record<string, any>> } & Schema;

export const bundled: OpenApiDocument = JSON.parse(readFileSync(path.join(projectRoot, 'generated', 'openapi.json'), 'utf8'));

export const HTTP_METHODS = ['get', 'put', 'post', 'delete', 'patch', 'options', 'head', 'trace'] as const;

/** Every operation of the document with its method and path. */
export function documentOperations(document: OpenApiDocument = bundled) {
  return Object.entries(document.paths).flatMap(([route, item]) =>
    HTTP_METHODS.filter((m) => item[m]).map((m) => ({ method: m.toUpperCase(), path: route, operation: item[m] as Schema })),
  );
}

/** Follows a local `$ref` (siblings of the `$ref` are dropped: they annotate, they don't type). */
export function resolve(schema: Schema, document: OpenApiDocument = bundled): Schema {
  let current = schema;
  for (let hops = 0; current?.$ref; hops++) {
    if (hops > 20) throw new Error(`$ref loop at ${schema.$ref}`);
    const segments = String(current.$ref).replace(/^#\//, '').split('/').map((s) => s.replaceAll('~1', '/').replaceAll('~0', '~'));
    current = segments.reduce<any>((node, key) => node?.[key], document);
    if (!current) throw new Error(`Unresolved $ref ${schema.$ref}`);
  }
  return current;
}

export const componentSchema = (name: string): Schema => {
  const schema = bundled.components.schemas?.[name];
  if (!schema) throw new Error(`No component schema ${name}`);
  return schema;
};

/** The properties a value of this schema can have: its own, its allOf parts', and (for a union) every branch's. */
export function propertiesOf(schema: Schema): Record<string, Schema> {
  const s = resolve(schema);
  const merged: Record<string, Schema> = { ...(s.properties ?? {}) };
  for (const part of [...(s.allOf ?? []), ...(s.oneOf ?? []), ...(s.anyOf ?? [])]) Object.assign(merged, propertiesOf(part));
  return merged;
}

/** The JSON types a schema admits, looking through `$ref`, type arrays, `const` and oneOf/anyOf branches. */
export function typesOf(schema: Schema): string[] {
  const s = resolve(schema);
  if (Array.isArray(s.type)) return s.type;
  if (typeof s.type === 'string') return [s.type];
  const branches: Schema[] = [...(s.oneOf ?? []), ...(s.anyOf ?? [])];
  if (branches.length > 0) return [...new Set(branches.flatMap(typesOf))];
  if (s.allOf) return [...new Set((s.allOf as Schema[]).flatMap(typesOf))];
  if ('const' in s) return [s.const === null ? 'null' : typeof s.const === 'number' ? 'number' : typeof s.const];
  return [];
}
