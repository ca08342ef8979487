// Reads the bundled document and answers questions about its schemas (what properties, what types),
// following `$ref`s and `allOf`, so tests can compare it with the seed.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import {
  HTTP_METHODS,
  listOperations,
  operationsAt,
  resolveRef,
  type OpenApiDocument,
  type OperationRef,
} from '../src/contract/document.js';
import { projectRoot } from './project-root.js';

export { HTTP_METHODS, type OpenApiDocument };
export type Schema = Record<string, any>;

export const bundled = JSON.parse(
  readFileSync(path.join(projectRoot, 'generated', 'openapi.json'), 'utf8'),
) as OpenApiDocument;

/** Every operation of the document with its method and path. */
export const documentOperations = (document: OpenApiDocument = bundled) => listOperations(document);

/** The operation a request went to, by method and path template (the query is ignored); undefined for none. */
export function operationFor(
  method: string,
  url: string,
  document: OpenApiDocument = bundled,
): OperationRef | undefined {
  return operationsAt(document, url.split('?')[0]!).find((op) => op.method === method);
}

/** Follows a local `$ref` (siblings of the `$ref` are dropped: they annotate, they don't type). */
export const resolve = (schema: Schema, document: OpenApiDocument = bundled): Schema => resolveRef(document, schema);

export const componentSchema = (name: string): Schema => {
  const schema = bundled.components.schemas?.[name];
  if (!schema) throw new Error(`No component schema ${name}`);
  return schema;
};

/** The properties a value of this schema can have: its own, its allOf parts', and (for a union) every branch's. */
export function propertiesOf(schema: Schema): Record<string, Schema> {
  const s = resolve(schema);
  const merged: Record<string, Schema> = { ...(s.properties ?? {}) };
  for (const part of [...(s.allOf ?? []), ...(s.oneOf ?? []), ...(s.anyOf ?? [])])
    Object.assign(merged, propertiesOf(part));
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
