// A path template read once for every use: its literal text and its parameters' names, and the pattern
// a request path is matched with. The template's text is literal (a `.` is a dot, not any character)
// and any `{name}` is a parameter, whatever characters its name has. Requests arrive percent-encoded
// (`/météo` as `/m%C3%A9t%C3%A9o`), so each literal character matches itself or its UTF-8 escapes, in
// either hex case; a `/` only itself, so an escaped `%2F` stays inside its segment.

/** A template's text around its parameters, and their names: `/a/{x}/b` is ['/a/', '/b'] and ['x']. */
export interface TemplateParts {
  literals: string[];
  names: string[];
}

// Split once per template: a client fills the same few templates on every call. Bounded, as a caller
// may hand any string as a template.
const known = new Map<string, TemplateParts>();
const MAX_TEMPLATES_KEPT = 1000;

/** The template's literal text and parameter names, in order. */
export function templateParts(template: string): TemplateParts {
  const kept = known.get(template);
  if (kept) return kept;
  // split with a capture group alternates text and names: ['/a/', 'x', '/b'].
  const pieces = template.split(/\{([^}]+)\}/);
  const parts = {
    literals: pieces.filter((_, i) => i % 2 === 0),
    names: pieces.filter((_, i) => i % 2 === 1),
  };
  if (known.size < MAX_TEMPLATES_KEPT) known.set(template, parts);
  return parts;
}

/** The names of a template's path parameters, in its order: `/zones/{zone-name}` -> ['zone-name']. */
export const pathParameterNames = (template: string): string[] => templateParts(template).names;

const utf8 = new TextEncoder();
const hexDigit = (digit: string) => (/[A-F]/.test(digit) ? `[${digit}${digit.toLowerCase()}]` : digit);
/** Text as a regular expression that matches it literally. */
export const regexEscaped = (text: string) => text.replace(/[\\^$.*+?()[\]{}|/]/g, '\\$&');

/** The pattern of each ASCII character, made once: a large document's templates repeat the same few. */
const asciiChars: string[] = [];

/** One literal character as a request may send it: itself, or its UTF-8 bytes percent-encoded. */
function literalChar(char: string): string {
  const code = char.charCodeAt(0);
  if (code >= 0x80) return charPattern(char);
  asciiChars[code] ??= charPattern(char);
  return asciiChars[code]!;
}

/** The pattern of one character: itself, or its UTF-8 bytes percent-encoded (a `/` only itself). */
function charPattern(char: string): string {
  if (char === '/') return '/';
  const bytes = [...utf8.encode(char)].map((byte) => {
    const hex = byte.toString(16).toUpperCase().padStart(2, '0');
    return `%${hexDigit(hex[0]!)}${hexDigit(hex[1]!)}`;
  });
  return `(?:${regexEscaped(char)}|${bytes.join('')})`;
}

const literalText = (text: string) => Array.from(text, literalChar).join('');

const patterns = new Map<string, RegExp>();

/**
 * A path template as a pattern for request paths, as sent: `/streaming/videos/{video_id}` matches
 * `/streaming/videos/1444`, with each parameter's segment captured still percent-escaped, in the
 * template's order. A path without parameters gives the pattern of the paths that name it.
 */
export function pathPattern(template: string): RegExp {
  const kept = patterns.get(template);
  if (kept) return kept;
  const pattern = new RegExp(`^${templateParts(template).literals.map(literalText).join('([^/]+)')}$`, 'u');
  if (patterns.size < MAX_TEMPLATES_KEPT) patterns.set(template, pattern);
  return pattern;
}
