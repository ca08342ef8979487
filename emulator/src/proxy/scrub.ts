// What the proxy keeps (violations, log lines, recordings) is scrubbed first: the API key, in every
// form the client's redactor knows and in base64 at any alignment, and the value of every field the
// document marks as a secret (`x-secret: true`: an inference key's `secret`).
import { createRedactor, REDACTED, redactJson, type OpenApiDocument } from 'cloud-platform-api/contract';

/** The names of the properties the document marks as secrets, in any of its schemas. */
export function secretFieldNames(document: OpenApiDocument): Set<string> {
  const names = new Set<string>();
  const visit = (node: unknown): void => {
    if (node === null || typeof node !== 'object') return;
    if (Array.isArray(node)) return node.forEach(visit);
    const { properties } = node as { properties?: Record<string, Record<string, unknown> | undefined> };
    for (const [name, schema] of Object.entries(properties ?? {})) if (schema?.['x-secret'] === true) names.add(name);
    Object.values(node).forEach(visit);
  };
  visit(document);
  return names;
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * The runs of base64 (standard and URL-safe) that encode the key whatever falls before it: for each
 * of the three alignments, the characters that depend on the key's bytes alone.
 */
function base64Forms(token: string): string[] {
  // Web APIs only (TextEncoder, btoa): the in-process emulator runs in browsers too.
  const bytes = new TextEncoder().encode(token);
  const forms: string[] = [];
  for (const offset of [0, 1, 2]) {
    const encoded = btoa(String.fromCharCode(...new Uint8Array(offset), ...bytes));
    const start = offset === 0 ? 0 : offset + 1;
    const end = Math.floor((offset + bytes.length) / 3) * 4;
    const run = encoded.slice(start, end);
    if (run.length >= 8) forms.push(run, run.replaceAll('+', '-').replaceAll('/', '_'));
  }
  return forms;
}

/** A redactor of every form of the token, or of nothing where there is no token. */
function keyRedactor(token: string | undefined): (text: string) => string {
  if (!token) return (text) => text;
  const echoed = createRedactor(token);
  const encoded = base64Forms(token);
  const pattern = encoded.length > 0 ? new RegExp(encoded.map(escapeRegExp).join('|'), 'g') : undefined;
  return (text) => {
    const scrubbed = echoed(text);
    return pattern ? scrubbed.replace(pattern, REDACTED) : scrubbed;
  };
}

export function createScrubber(document: OpenApiDocument) {
  const secrets = secretFieldNames(document);

  function scrubbing(token: string | undefined) {
    const redact = keyRedactor(token);
    return { value: (node: unknown) => redactJson(node, redact, secrets), text: redact };
  }

  // The last token's scrubber, kept: an app sends one token request after request, and making one
  // compiles its patterns. One entry only, as for the token's hash.
  let last: { token: string | undefined; scrubber: ReturnType<typeof scrubbing> } | undefined;

  /** For one exchange's token: a scrubbed copy of any JSON value, and of a text. */
  return function scrubberFor(token: string | undefined) {
    if (!last || last.token !== token) last = { token, scrubber: scrubbing(token) };
    return last.scrubber;
  };
}

export type Scrubber = ReturnType<ReturnType<typeof createScrubber>>;
