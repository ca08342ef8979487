// What a document's schemas may hold beside JSON Schema's validation keywords, which Ajv's strict mode
// would refuse when it compiles them (so an emulator of the document would answer 500): OpenAPI's own
// annotations, each `x-` extension, and each format Ajv does not know (in 2020-12 an unknown format is
// an annotation, not a check). Found once per document; a misspelt JSON Schema keyword is still refused.

/** OpenAPI's schema keywords that annotate: `example` (3.0's, still allowed in 3.1), `xml`, `externalDocs`. */
const OPENAPI_ANNOTATIONS = ['example', 'xml', 'externalDocs'];

export interface DocumentAnnotations {
  /** Keywords to take as annotations: OpenAPI's, and each `x-` key found. */
  keywords: Set<string>;
  /** Each `format` name a schema gives. */
  formats: Set<string>;
}

/** Values that are data, not schemas: their keys are a value's fields, never keywords. */
const DATA = new Set(['example', 'examples', 'const', 'enum', 'default']);

/**
 * Maps whose keys are names, not keywords (a property or a response called `default`): each value is
 * walked, whatever its name.
 */
const NAMED = new Set([
  'properties',
  'patternProperties',
  '$defs',
  'dependentSchemas',
  'schemas',
  'responses',
  'parameters',
  'headers',
  'requestBodies',
  'content',
  'encoding',
  'callbacks',
  'pathItems',
]);

/** The names Ajv takes for a keyword. An `x-` key outside it (`x-code.samples`) is left out: in a schema Ajv compiles it stays an error. */
const KEYWORD_NAME = /^[a-z_$][a-z0-9_$:-]*$/i;

/** Walks the document's paths and components (not a node twice, nor data) for its annotations. */
export function annotationsOf(document: { paths?: unknown; components?: unknown }): DocumentAnnotations {
  const found: DocumentAnnotations = { keywords: new Set(OPENAPI_ANNOTATIONS), formats: new Set() };
  const seen = new Set<object>();
  const pending: unknown[] = [document.paths, document.components];
  while (pending.length > 0) {
    const node = pending.pop();
    if (node === null || typeof node !== 'object' || seen.has(node)) continue;
    seen.add(node);
    if (Array.isArray(node)) {
      pending.push(...node);
      continue;
    }
    for (const [key, value] of Object.entries(node)) {
      if (key.startsWith('x-')) {
        if (KEYWORD_NAME.test(key)) found.keywords.add(key);
      } else if (key === 'format' && typeof value === 'string') found.formats.add(value);
      else if (NAMED.has(key) && value !== null && typeof value === 'object') pending.push(...Object.values(value));
      else if (!DATA.has(key)) pending.push(value);
    }
  }
  return found;
}
