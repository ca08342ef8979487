// The regular expressions a document holds (`pattern`, `patternProperties`), run by a linear-time engine:
// re2js, a pure-JavaScript port of RE2 (no native addon, so it runs in a browser and in every Node). A
// backtracking engine, as RegExp is, takes exponential time on a pattern such as `^(a+)+$`, and a
// 43-byte request would hold the event loop for minutes. RE2 matches in time linear in the input;
// what it cannot do in linear time (lookaround, backreferences) it refuses, and so do we, naming why.
import { RE2JS } from 're2js';

/** A pattern the linear-time engine cannot run: the document is refused rather than served slowly. */
export class DocumentPatternError extends Error {
  override name = 'DocumentPatternError';
}

/** A compiled document pattern, as Ajv takes one: `test` searches the string, as JSON Schema's `pattern` does. */
export interface DocumentPattern {
  test(text: string): boolean;
  toString(): string;
}

/** The pattern as the linear-time engine runs it; one it cannot run is a DocumentPatternError naming it and why. */
export function documentPattern(source: string): DocumentPattern {
  let compiled: RE2JS;
  try {
    compiled = RE2JS.compile(RE2JS.translateRegExp(source));
  } catch (error) {
    throw new DocumentPatternError(
      `the pattern ${JSON.stringify(source)} cannot be matched in linear time (${(error as Error).message}); lookaround and backreferences are not supported`,
    );
  }
  // Ajv keeps one compiled pattern per distinct toString(): it must name the source.
  return { test: (text) => compiled.test(text), toString: () => `/${source}/u` };
}

/** documentPattern as Ajv's `code.regExp` option takes it (its `code` names it in standalone code, which is not used). */
export const ajvRegExp = Object.assign((source: string) => documentPattern(source), { code: 'documentPattern' });
