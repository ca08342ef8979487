// Lookups keyed by what a client sends (a key name, a flavor, a client id) use null-prototype
// objects: in a plain object, `constructor`, `toString` or `__proto__` are found before anything
// is stored, and assigning `__proto__` replaces the prototype instead of adding a key.
export type Dictionary<T> = Record<string, T>;

/** A null-prototype object with the given entries (an object's own enumerable ones, or pairs). */
export function dictionary<T>(entries: object | Iterable<readonly [string, T]> = []): Dictionary<T> {
  const result = Object.create(null) as Dictionary<T>;
  const pairs = Symbol.iterator in entries ? (entries as Iterable<readonly [string, T]>) : Object.entries(entries);
  for (const [key, value] of pairs) result[key] = value as T;
  return result;
}
