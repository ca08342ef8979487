// Tool names every MCP client takes: only `A-Z a-z 0-9 _ . -`, at most 64 characters, each unique in the
// listing (the limits of the strictest hosts, which refuse a whole server for one bad name). A valid
// operationId is the name as it is; any other is made one by a stable rule, documented in docs/mcp.md:
// accents dropped, each run of other characters one `_`, cut to 64; no operationId, the method and path
// (`get_pets_petId`); a name already taken, `_2`, `_3`... in the document's order, after every valid
// operationId has its own. The operationId as written stays in the tool's description (tools.ts).

/** The most characters a tool name may have. */
export const MAX_TOOL_NAME = 64;

const VALID_NAME = /^[A-Za-z0-9_.-]{1,64}$/;

/** One operation as its name is made: its operationId as written (if any), its method and path. */
export interface NamedOperation {
  operationId: string | undefined;
  method: string;
  path: string;
}

/** Text as a name's characters: accents dropped, each run of anything else one `_`, none at either end. */
function cleaned(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .replace(/[^A-Za-z0-9_.-]+/g, '_')
    .replace(/^_+|_+$/g, '')
    .slice(0, MAX_TOOL_NAME);
}

/** `GET /pets/{petId}` as `get_pets_petId`; a path of no segment, the method alone. */
const routeName = ({ method, path }: NamedOperation) => cleaned(`${method.toLowerCase()} ${path}`);

/** The name an operation asks for, before any other is known. */
function wanted(operation: NamedOperation): string {
  const own = operation.operationId === undefined ? '' : cleaned(operation.operationId);
  return own === '' ? routeName(operation) : own;
}

/** `name`, or the first of `name_2`, `name_3`... not taken, cut so it stays within 64 characters. */
function free(name: string, taken: ReadonlySet<string>): string {
  if (!taken.has(name)) return name;
  for (let n = 2; ; n++) {
    const suffix = `_${n}`;
    const candidate = name.slice(0, MAX_TOOL_NAME - suffix.length) + suffix;
    if (!taken.has(candidate)) return candidate;
  }
}

/** Whether an operationId is already a name every client takes. */
export const isValidToolName = (name: string | undefined): name is string =>
  name !== undefined && VALID_NAME.test(name);

/** Each operation's tool name, in the order given: valid operationIds first claim their own. */
export function toolNames(operations: readonly NamedOperation[]): string[] {
  const names = new Array<string>(operations.length);
  const taken = new Set<string>();
  const claim = (index: number, name: string) => {
    names[index] = free(name, taken);
    taken.add(names[index]);
  };
  operations.forEach((operation, i) => {
    if (isValidToolName(operation.operationId)) claim(i, operation.operationId);
  });
  operations.forEach((operation, i) => {
    if (!isValidToolName(operation.operationId)) claim(i, wanted(operation));
  });
  return names;
}
