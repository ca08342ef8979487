// The system error code of a failed fetch, read the one way for the client, the contract runner and
// the emulator's proxy.

/** Node's fetch puts the system error code on the cause (an AggregateError when several addresses were tried). */
export function networkCode(error: unknown): string | undefined {
  const cause = (error as { cause?: { code?: unknown; errors?: { code?: unknown }[] } } | undefined)?.cause;
  if (typeof cause?.code === 'string') return cause.code;
  const codes = new Set((cause?.errors ?? []).map((e) => e.code).filter((c): c is string => typeof c === 'string'));
  return codes.size === 1 ? [...codes][0] : undefined;
}
