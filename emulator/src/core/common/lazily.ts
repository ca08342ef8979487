// A value made the first time it is asked for, then kept: what a fresh emulator may never need costs nothing.

/** `make()`'s value, made on the first call and returned on every one after. */
export function lazily<T>(make: () => T): () => T {
  let value: T | undefined;
  return () => (value ??= make());
}
