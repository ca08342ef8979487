// Which operations a session lists, as --tools (operationIds) and --tags (the document's tags) name
// them: an agent sees only what its task needs. Each list is checked against the document where it is
// read, so a typo is a usage error naming the flag, the value and the names it may take.
import { deriveRoutes, type OpenApiDocument, type RouteSpec } from 'cloud-platform-api/toolbox';

class SelectionError extends Error {}

const tagsOf = (route: RouteSpec) => ((route.operation as { tags?: string[] }).tags ?? []).filter(Boolean);

/** A flag's comma-separated names, each one known and named once. */
function namesIn(flag: string, value: string, known: readonly string[]): string[] {
  const names = value.split(',').map((name) => name.trim());
  if (names.some((name) => name === ''))
    throw new SelectionError(`${flag} takes names separated by commas, with none empty: got ${JSON.stringify(value)}`);
  for (const name of names) {
    if (!known.includes(name))
      throw new SelectionError(`${flag}: there is no ${JSON.stringify(name)}: the names are ${known.join(', ')}`);
    if (names.indexOf(name) !== names.lastIndexOf(name))
      throw new SelectionError(`${flag} names ${JSON.stringify(name)} twice`);
  }
  return names;
}

/**
 * The operationIds to list: those --tools names and those of every tag --tags names; undefined when
 * neither flag is given (every operation).
 */
export function selectOperations(
  document: OpenApiDocument,
  flags: { tools?: string | undefined; tags?: string | undefined },
): ReadonlySet<string> | undefined {
  if (flags.tools === undefined && flags.tags === undefined) return undefined;
  const routes = deriveRoutes(document);
  const tags = [...new Set(routes.flatMap(tagsOf))];
  const named =
    flags.tools === undefined
      ? []
      : namesIn(
          '--tools',
          flags.tools,
          routes.map((r) => r.operationId),
        );
  const tagged = flags.tags === undefined ? [] : namesIn('--tags', flags.tags, tags);
  return new Set([
    ...named,
    ...routes.filter((route) => tagsOf(route).some((tag) => tagged.includes(tag))).map((route) => route.operationId),
  ]);
}

/** One line a tag, with how many tools it holds: for --help. */
export function toolsPerTag(document: OpenApiDocument): string {
  const counts = new Map<string, number>();
  for (const tag of deriveRoutes(document).flatMap(tagsOf)) counts.set(tag, (counts.get(tag) ?? 0) + 1);
  return [...counts].map(([tag, count]) => `  ${tag}: ${count} ${count === 1 ? 'tool' : 'tools'}`).join('\n');
}
