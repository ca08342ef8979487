// What the proxy keeps (violations, log lines, recordings) is scrubbed first: the API key, in every
// form the client's redactor knows, and the value of every field the
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

/** A redactor of every form of the token, or of nothing where there is no token. */
const keyRedactor = (token: string | undefined): ((text: string) => string) =>
  token ? createRedactor(token) : (text) => text;

/** For one exchange's token: a scrubbed copy of any JSON value, and of a text. */
export interface Scrubber {
  value(node: unknown): unknown;
  text(text: string): string;
}

export function createScrubber(document: OpenApiDocument): (token: string | undefined) => Scrubber {
  const secrets = secretFieldNames(document);

  function scrubbing(token: string | undefined): Scrubber {
    const redact = keyRedactor(token);
    return { value: (node: unknown) => redactJson(node, redact, secrets), text: redact };
  }

  // The last token's scrubber, kept: an app sends one token request after request, and making one
  // compiles its patterns. One entry only, as for the token's hash.
  let last: { token: string | undefined; scrubber: Scrubber } | undefined;

  /** For one exchange's token: a scrubbed copy of any JSON value, and of a text. */
  return function scrubberFor(token) {
    if (!last || last.token !== token) last = { token, scrubber: scrubbing(token) };
    return last.scrubber;
  };
}
