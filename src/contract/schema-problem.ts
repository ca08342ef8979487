// Whether a schema can be used as written: every `$ref` it reaches can be followed (a user's document
// may hold one that names nothing, names another file or URL, has a malformed escape, or only leads to
// itself), and every pattern it holds can be run, as the caller judges. Found once, where the document
// is taken, so that it is refused naming the `$ref` or the pattern rather than failing every request.
import { refTarget, type JsonObject } from './document.js';

/** Keywords whose values are data, not schemas: a `$ref` key inside an example is a field like any other. */
const DATA_KEYWORDS = new Set(['example', 'examples', 'const', 'enum', 'default']);
/** Keywords whose values are maps of schemas by name: a property may be named `example`. */
const SCHEMA_MAPS = new Set(['properties', 'patternProperties', '$defs', 'definitions', 'dependentSchemas']);

/** Why this `$ref` cannot be followed one step, or undefined when it can: where it leads is `target`. */
function oneStepProblem($ref: string, target: unknown): string | undefined {
  if (!$ref.startsWith('#')) return 'is not a reference inside the document (#/...)';
  try {
    decodeURIComponent($ref);
  } catch {
    return 'has a malformed percent-escape';
  }
  return target !== null && typeof target === 'object' ? undefined : 'names nothing in the document';
}

/** Why the `$ref`s from this node on cannot be followed to a schema, or undefined when they can. */
function chainProblem(targetOf: (ref: string) => unknown, node: JsonObject): string | undefined {
  const followed = new Set<string>();
  let at: unknown = node;
  while (at !== null && typeof at === 'object' && typeof (at as JsonObject).$ref === 'string') {
    const $ref: string = (at as JsonObject).$ref;
    if (followed.has($ref)) return `$ref ${JSON.stringify($ref)} leads only to $refs, back to itself`;
    followed.add($ref);
    at = targetOf($ref);
    const problem = oneStepProblem($ref, at);
    if (problem) return `$ref ${JSON.stringify($ref)} ${problem}`;
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
  // Each `$ref` read once, however many nodes name it.
  const targets = new Map<string, unknown>();
  const targetOf = ($ref: string) => {
    if (!targets.has($ref)) targets.set($ref, refTarget(document, $ref));
    return targets.get($ref);
  };
  // A node is judged as a schema, and walked as a map of schemas by name, once each.
  const seen = { schema: new Set<object>(), map: new Set<object>() };
  const stack: { node: unknown; map: boolean }[] = [{ node: schema, map: false }];
  while (stack.length > 0) {
    const { node, map } = stack.pop()!;
    if (node === null || typeof node !== 'object') continue;
    const visited = map ? seen.map : seen.schema;
    if (visited.has(node)) continue;
    visited.add(node);
    const object = node as JsonObject;
    const array = Array.isArray(node);
    if (!map && !array) {
      const problem = nodeProblem(targetOf, object, patternProblem);
      if (problem) return problem;
      if (typeof object.$ref === 'string') stack.push({ node: targetOf(object.$ref), map: false });
    }
    const keys = Object.keys(object);
    for (let i = 0; i < keys.length; i++) {
      const key = keys[i]!;
      const value = object[key];
      if (value === null || typeof value !== 'object') continue;
      if (map || array) stack.push({ node: value, map: false });
      else if (!DATA_KEYWORDS.has(key)) stack.push({ node: value, map: SCHEMA_MAPS.has(key) });
    }
  }
  return undefined;
}

/** What is wrong with one schema node: its `$ref`, or one of its patterns. */
const nodeProblem = (
  targetOf: (ref: string) => unknown,
  node: JsonObject,
  patternProblem: PatternProblem | undefined,
) =>
  (typeof node.$ref === 'string' ? chainProblem(targetOf, node) : undefined) ??
  nodePatternProblem(node, patternProblem);
