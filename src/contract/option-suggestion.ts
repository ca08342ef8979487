// "Did you mean": the one place every command of the project (cloud-platform-check, -validate, -emulator,
// -mcp) turns an option it does not know into the options the user most likely meant. Free of Node's
// modules, as the rest of the toolbox: it reads the error node:util's parseArgs throws, by its code.

/** Edits (insert, delete, replace, swap two neighbours) from `a` to `b`: optimal string alignment. */
function editDistance(a: string, b: string): number {
  const rows = Array.from({ length: a.length + 1 }, (_, i) => [i, ...Array<number>(b.length).fill(0)]);
  for (let j = 1; j <= b.length; j++) rows[0]![j] = j;
  for (let i = 1; i <= a.length; i++) {
    for (let j = 1; j <= b.length; j++) {
      const row = rows[i]!;
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      row[j] = Math.min(rows[i - 1]![j]! + 1, row[j - 1]! + 1, rows[i - 1]![j - 1]! + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1])
        row[j] = Math.min(row[j]!, rows[i - 2]![j - 2]! + 1);
    }
  }
  return rows[a.length]![b.length]!;
}

/** A typed name shorter than this is too little to complete: `--f` would name half the options. */
const MIN_PREFIX = 3;

/**
 * The known options (names without dashes) a user most likely meant by `typed` (with or without its
 * dashes), best first: those a typo or two away (one for a name under five letters), else those it is the
 * start of (`--fail-under` for `--fail-under-statuses` and `--fail-under-parameters`), in the order given.
 */
export function closestOptions(typed: string, known: Iterable<string>): string[] {
  const name = typed.replace(/^-+/, '').toLowerCase();
  const names = [...known];
  const most = name.length < 5 ? 1 : 2;
  const near = names
    .map((option) => ({ option, edits: editDistance(name, option) }))
    .filter(({ edits }) => edits <= most);
  const fewest = Math.min(...near.map(({ edits }) => edits));
  if (near.length > 0) return near.filter(({ edits }) => edits === fewest).map(({ option }) => option);
  return name.length >= MIN_PREFIX ? names.filter((option) => option.startsWith(name)) : [];
}

/** `--a`, `--a or --b`, `--a, --b or --c`. */
const listed = (options: string[]) =>
  options.length === 1
    ? `--${options[0]}`
    : `${options
        .slice(0, -1)
        .map((option) => `--${option}`)
        .join(', ')} or --${options.at(-1)}`;

/**
 * The message of an error from node:util's parseArgs, with "Did you mean" and the closest of `known`
 * after an unknown option; any other error's message as it is.
 */
export function optionErrorMessage(error: unknown, known: Iterable<string>): string {
  const message = error instanceof Error ? error.message : String(error);
  if ((error as { code?: unknown } | null)?.code !== 'ERR_PARSE_ARGS_UNKNOWN_OPTION') return message;
  const unknown = /^(Unknown option '(-[^']*)')\.?\s*([\s\S]*)$/.exec(message);
  const closest = unknown ? closestOptions(unknown[2]!, known) : [];
  if (!unknown || closest.length === 0) return message;
  return `${unknown[1]}. Did you mean ${listed(closest)}?${unknown[3] ? ` ${unknown[3]}` : ''}`;
}
