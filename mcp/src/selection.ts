// Which tools a session lists, as --tools (tool names, or operationIds as written) and --tags (the
// document's tags) name them: an agent sees only what its task needs. Each list is checked here, where
// the tools are made, for every caller: an empty name, one named twice or one the document does not
// have is a UsageError naming the option and the value, with the names most likely meant.
import { closestOptions, UsageError } from 'cloud-platform-api/toolbox';

/** What a tool is picked by. */
export interface Selectable {
  name: string;
  operationId: string | undefined;
  tags: readonly string[];
}

export interface Selection {
  /** Tool names, or operationIds as the document writes them. */
  tools?: readonly string[] | undefined;
  /** Tags of the document: every tool of each. */
  tags?: readonly string[] | undefined;
}

/** At most this many names are listed after an unknown one: beyond, --help lists them. */
const LISTED_NAMES = 20;

/** The names a user most likely meant: a typo or two away, whatever the case, or those it begins. */
function closest(typed: string, known: readonly string[]): string[] {
  const lower = known.map((name) => name.toLowerCase());
  return closestOptions(typed, lower).map((name) => known[lower.indexOf(name)]!);
}

function unknownName(option: string, name: string, known: readonly string[]): UsageError {
  const near = closest(name, known);
  const hint =
    near.length > 0
      ? `. Did you mean ${near.join(' or ')}?`
      : known.length === 0
        ? ': the document has none'
        : known.length <= LISTED_NAMES
          ? `: the names are ${known.join(', ')}`
          : `: --help lists the ${known.length}`;
  return new UsageError(`${option}: there is no ${JSON.stringify(name)}${hint}`);
}

/** A list's names, each one known (to `resolve`) and named once; what each names. */
function checked<T>(
  option: string,
  names: readonly string[],
  known: readonly string[],
  resolve: (name: string) => T | undefined,
): T[] {
  if (names.length === 0 || names.includes(''))
    throw new UsageError(
      `${option} takes names separated by commas, with none empty: got ${JSON.stringify(names.join(','))}`,
    );
  return names.map((name, i) => {
    if (names.indexOf(name) !== i) throw new UsageError(`${option} names ${JSON.stringify(name)} twice`);
    const found = resolve(name);
    if (found === undefined) throw unknownName(option, name, known);
    return found;
  });
}

/**
 * The tools to list: those `tools` names and those of every tag `tags` names; every tool when neither
 * is given. A name is a tool's, else an operationId as written.
 */
export function selectTools<T extends Selectable>(tools: readonly T[], selection: Selection = {}): T[] {
  if (selection.tools === undefined && selection.tags === undefined) return [...tools];
  const named =
    selection.tools === undefined
      ? []
      : checked(
          '--tools',
          selection.tools,
          tools.map((tool) => tool.name),
          (name) => tools.find((tool) => tool.name === name) ?? tools.find((tool) => tool.operationId === name),
        );
  const allTags = [...new Set(tools.flatMap((tool) => tool.tags))];
  const tagged =
    selection.tags === undefined
      ? []
      : checked('--tags', selection.tags, allTags, (tag) => (allTags.includes(tag) ? tag : undefined));
  return tools.filter((tool) => named.includes(tool) || tool.tags.some((tag) => tagged.includes(tag)));
}

/** A comma-separated option as its names (`a, b` -> ['a', 'b']): selectTools checks them. */
export const commaList = (value: string | undefined): string[] | undefined =>
  value?.split(',').map((name) => name.trim());

/** One line a tag, with how many tools it holds (those with none under "(no tag)"): for --help. */
export function toolsPerTag(tools: readonly Selectable[]): string {
  const counts = new Map<string, number>();
  for (const tool of tools)
    for (const tag of tool.tags.length > 0 ? tool.tags : ['(no tag)']) counts.set(tag, (counts.get(tag) ?? 0) + 1);
  return [...counts].map(([tag, count]) => `  ${tag}: ${count} ${count === 1 ? 'tool' : 'tools'}`).join('\n');
}
