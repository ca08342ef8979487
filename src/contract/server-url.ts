// The document's default base URL, apart from document.ts's other readers: a client of another
// document needs this one at creation, and the rest only with its first call.
import type { JsonObject } from './document.js';

/**
 * The document's first server, its variables at their defaults: the base URL a client uses unless told
 * otherwise. Undefined where it declares none, or a variable has no default.
 */
export function serverUrlOf(document: JsonObject): string | undefined {
  const server = (
    document.servers as { url?: unknown; variables?: Record<string, { default?: unknown }> }[] | undefined
  )?.[0];
  if (typeof server?.url !== 'string') return undefined;
  let complete = true;
  const url = server.url.replace(/\{([^}]+)\}/g, (_, name: string) => {
    const value = server.variables?.[name]?.default;
    complete &&= typeof value === 'string';
    return String(value);
  });
  return complete ? url : undefined;
}
