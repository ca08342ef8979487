// Whether a schema can be used as written: every `$ref` it reaches can be followed (a user's document
// may hold one that names nothing, names another file or URL, has a malformed escape, or only leads to
// itself), and every pattern it holds can be run, as the caller judges. Found once, where the document
// is taken, so that it is refused naming the `$ref` or the pattern rather than failing every request.
import { refTarget, type JsonObject } from './document.js';

/** Keywords whose values are data, not schemas: a `$ref` key inside an example is a field like any other. */
const DATA_KEYWORDS = new Set(['example', 'examples', 'const', 'enum', 'default']);
/** Keywords whose values are maps of schemas by name: a property may be named `example`. */
const SCHEMA_MAPS = new Set(['properties', 'patternProperties', '$defs', 'definitions', 'dependentSchemas']);

/** Why this `$ref` cannot be followed one step, or undefined when it can. */
function oneStepProblem(document: JsonObject, $ref: string): string | undefined {
  if (!$ref.startsWith('#')) return 'is not a reference inside the document (#/...)';
  try {
    decodeURIComponent($ref);
  } catch {
    return 'has a malformed percent-escape';
  }
  const target = refTarget(document, $ref);
  return target !== null && typeof target === 'object' ? undefined : 'names nothing in the document';
}

/** Why the `$ref`s from this node on cannot be followed to a schema, or undefined when they can. */
function chainProblem(document: JsonObject, node: JsonObject): string | undefined {
  const followed = new Set<string>();
  let at: unknown = node;
  while (at !== null && typeof at === 'object' && typeof (at as JsonObject).$ref === 'string') {
    const $ref: string = (at as JsonObject).$ref;
    if (followed.has($ref)) return `$ref ${JSON.stringify($ref)} leads only to $refs, back to itself`;
    followed.add($ref);
    const problem = oneStepProblem(document, $ref);
    if (problem) return `$ref ${JSON.stringify($ref)} ${problem}`;
    at = refTarget(document, $ref);
  }
  return undefined;
}

/** Why a pattern of the document cannot be used (the engine that runs it refuses it), or undefined. */
export type PatternProblem = (source: string) => string | undefined;

/** The first pattern of a schema node (`pattern`, each `patternProperties` name) that `patternProblem` refuses. */
function nodePatternProblem(node: JsonObject, patternProblem: PatternProblem | undefined): string | undefined {
  if (!patternProblem) return undefined;
  const sources = [
    ...(typeof node.pattern === 'string' ? [node.pattern] : []),
    ...(node.patternProperties !== null && typeof node.patternProperties === 'object'
      ? Object.keys(node.patternProperties)
      : []),
  ];
  for (const source of sources) {
    const problem = patternProblem(source);
    if (problem) return problem;
  }
  return undefined;
}

/**
 * The first `$ref` reachable from `schema` that cannot be followed, and why (`$ref "#/x" names nothing in
 * the document`), or the first pattern `patternProblem` refuses; undefined when there is none. A schema
 * that recurses through its properties is fine; a `$ref` that leads only to `$ref`s back to itself is not.
 */
export function schemaProblem(
  document: JsonObject,
  schema: unknown,
  patternProblem?: PatternProblem,
): string | undefined {
  const seen = new Set<object>();
  const stack: { node: unknown; map: boolean }[] = [{ node: schema, map: false }];
  while (stack.length > 0) {
    const { node, map } = stack.pop()!;
    if (node === null || typeof node !== 'object' || seen.has(node)) continue;
    seen.add(node);
    if (!map && !Array.isArray(node)) {
      const problem = nodeProblem(document, node as JsonObject, patternProblem);
      if (problem) return problem;
      if (typeof (node as JsonObject).$ref === 'string')
        stack.push({ node: refTarget(document, (node as JsonObject).$ref), map: false });
    }
    for (const [key, value] of Object.entries(node)) {
      if (map || Array.isArray(node)) stack.push({ node: value, map: false });
      else if (!DATA_KEYWORDS.has(key)) stack.push({ node: value, map: SCHEMA_MAPS.has(key) });
    }
  }
  return undefined;
}

/** What is wrong with one schema node: its `$ref`, or one of its patterns. */
const nodeProblem = (document: JsonObject, node: JsonObject, patternProblem: PatternProblem | undefined) =>
  (typeof node.$ref === 'string' ? chainProblem(document, node) : undefined) ??
  nodePatternProblem(node, patternProblem);
