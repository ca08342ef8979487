// Finds every example in a bundled OpenAPI document, with the JSON Pointer of the schema it must satisfy.
import { jsonPointer } from '../../src/contract/pointer.js';
import { HTTP_METHODS, type OpenApiDocument, type Schema } from '../../test-kit/document.js';

export interface FoundExample {
  /** Where the example stands, for messages. */
  at: string;
  /** JSON Pointer of the schema the example must satisfy. */
  schema: string;
  value: unknown;
}

type Segments = (string | number)[];

const SUBSCHEMA_MAPS = ['properties', 'patternProperties', '$defs', 'dependentSchemas'] as const;
const SUBSCHEMA_LISTS = ['allOf', 'anyOf', 'oneOf', 'prefixItems'] as const;
const SUBSCHEMAS = [
  'items',
  'not',
  'if',
  'then',
  'else',
  'additionalProperties',
  'contains',
  'propertyNames',
  'unevaluatedProperties',
] as const;

function schemaExamples(schema: Schema, at: Segments, found: FoundExample[]): void {
  if (schema === null || typeof schema !== 'object') return;
  for (const [i, value] of (Array.isArray(schema.examples) ? schema.examples : []).entries()) {
    found.push({ at: `${jsonPointer(...at)} examples[${i}]`, schema: jsonPointer(...at), value });
  }
  if ('example' in schema)
    found.push({ at: `${jsonPointer(...at)} example`, schema: jsonPointer(...at), value: schema.example });
  for (const key of SUBSCHEMA_MAPS) {
    for (const [name, sub] of Object.entries<Schema>(schema[key] ?? {})) schemaExamples(sub, [...at, key, name], found);
  }
  for (const key of SUBSCHEMA_LISTS) {
    for (const [i, sub] of (schema[key] ?? []).entries()) schemaExamples(sub, [...at, key, i], found);
  }
  for (const key of SUBSCHEMAS)
    if (schema[key] && typeof schema[key] === 'object') schemaExamples(schema[key], [...at, key], found);
}

/** Examples of a media type (or parameter): `example`, each `examples` entry's value, and its schema's own. */
function mediaExamples(media: Schema, at: Segments, found: FoundExample[]): void {
  if (!media?.schema) return;
  const schema = jsonPointer(...at, 'schema');
  if ('example' in media) found.push({ at: `${jsonPointer(...at)} example`, schema, value: media.example });
  for (const [name, example] of Object.entries<Schema>(media.examples ?? {})) {
    found.push({ at: `${jsonPointer(...at)} examples.${name}`, schema, value: example.value });
  }
  schemaExamples(media.schema, [...at, 'schema'], found);
}

function contentExamples(content: Record<string, Schema> | undefined, at: Segments, found: FoundExample[]): void {
  for (const [type, media] of Object.entries(content ?? {})) mediaExamples(media, [...at, 'content', type], found);
}

export function findExamples(document: OpenApiDocument): FoundExample[] {
  const found: FoundExample[] = [];
  const { components } = document;
  for (const [name, schema] of Object.entries<Schema>(components.schemas ?? {}))
    schemaExamples(schema, ['components', 'schemas', name], found);
  for (const [name, parameter] of Object.entries<Schema>(components.parameters ?? {}))
    mediaExamples(parameter, ['components', 'parameters', name], found);
  for (const [name, response] of Object.entries<Schema>(components.responses ?? {}))
    contentExamples(response.content, ['components', 'responses', name], found);
  for (const [route, item] of Object.entries(document.paths)) {
    for (const method of HTTP_METHODS) {
      const operation = item[method];
      if (!operation) continue;
      const at = ['paths', route, method];
      for (const [i, parameter] of (operation.parameters ?? []).entries())
        if (!parameter.$ref) mediaExamples(parameter, [...at, 'parameters', i], found);
      if (operation.requestBody && !operation.requestBody.$ref)
        contentExamples(operation.requestBody.content, [...at, 'requestBody'], found);
      for (const [code, response] of Object.entries<Schema>(operation.responses ?? {})) {
        if (!response.$ref) contentExamples(response.content, [...at, 'responses', code], found);
      }
    }
  }
  return found;
}
