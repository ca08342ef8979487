// What the proxy keeps (violations, log lines, recordings) is scrubbed first: the request's credentials
// (wherever the document's security puts them), in every form the client's redactor knows, and the value of every field the
// document marks as a secret (`x-secret: true`: an inference key's `secret`).
import { createRedactor, redactJson, type OpenApiDocument } from 'cloud-platform-api/toolbox';

/** The names of the properties the document marks as secrets, in any of its schemas. */
function secretFieldNames(document: OpenApiDocument): Set<string> {
  const names = new Set<string>();
  const visit = (node: unknown): void => {
    if (node === null || typeof node !== 'object') return;
    if (Array.isArray(node)) {
      for (const item of node) visit(item);
      return;
    }
    const { properties } = node as { properties?: Record<string, Record<string, unknown> | undefined> };
    for (const [name, schema] of Object.entries(properties ?? {})) if (schema?.['x-secret'] === true) names.add(name);
    Object.values(node).forEach(visit);
  };
  visit(document);
  return names;
}

/** For one exchange's secrets: a scrubbed copy of any JSON value, and of a text. */
export interface Scrubber {
  value(node: unknown): unknown;
  text(text: string): string;
}

export function createScrubber(document: OpenApiDocument): (secrets: readonly string[]) => Scrubber {
  const secretFields = secretFieldNames(document);

  function scrubbing(secrets: readonly string[]): Scrubber {
    const redact = createRedactor(secrets);
    return { value: (node: unknown) => redactJson(node, redact, secretFields), text: redact };
  }

  // The last secrets' scrubber, kept: an app sends one key request after request, and making one
  // compiles its patterns. One entry only, as for the token's hash.
  let last: { key: string; scrubber: Scrubber } | undefined;

  /** For one exchange's secrets: a scrubbed copy of any JSON value, and of a text. */
  return function scrubberFor(secrets) {
    const key = secrets.join('\n');
    if (!last || last.key !== key) last = { key, scrubber: scrubbing(secrets) };
    return last.scrubber;
  };
}
