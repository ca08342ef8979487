// How deep a JSON value nests. Deeper than MAX_NESTING, a value is refused where it enters (fixtures,
// snapshots, state files): serving it could overflow the stack of a recursive serializer.
export const MAX_NESTING = 32;

/** How deep a JSON value nests, walked without recursion, stopping once past `limit`. */
export function nestingDepth(value: unknown, limit = MAX_NESTING): number {
  let deepest = 0;
  const stack: [unknown, number][] = [[value, 0]];
  while (stack.length > 0) {
    const [at, depth] = stack.pop()!;
    if (at === null || typeof at !== 'object') continue;
    deepest = Math.max(deepest, depth + 1);
    if (deepest > limit) return deepest;
    for (const child of Object.values(at)) stack.push([child, depth + 1]);
  }
  return deepest;
}
