// A call's path values, checked against the document's rules (carried as generated/path-parameters.json)
// once, where openapi-fetch makes the URL (its `pathSerializer` option): every method and `request()` go
// through it. openapi-fetch hands the serializer the base URL and the template as one string, so the
// template is found as its end.
import pathParameters from '../../generated/path-parameters.json' with { type: 'json' };
import {
  fillCheckedPath,
  PathValueError,
  type PathRules,
  type SegmentWriter,
  simpleSegment,
} from '../contract/path-values.js';
import { CloudClientOptionError } from './option-error.js';

/** A URL as openapi-fetch makes it, without its query (or fragment). */
export const pathOfUrl = (url: string): string => url.split(/[?#]/, 1)[0]!;

/** The longest of the rules' templates that `url` ends with, if any. */
function templateFinder(rules: PathRules): (url: string) => string | undefined {
  const templates = Object.keys(rules).sort((a, b) => b.length - a.length);
  return (url) => templates.find((each) => url.endsWith(each));
}

/**
 * openapi-fetch's pathSerializer for a document's rules: the template filled with checked values, each
 * written by `write`, or a CloudClientOptionError.
 */
export function createPathSerializer(
  rules: PathRules,
  write: SegmentWriter,
): (url: string, values: Record<string, unknown>) => string {
  const templateOf = templateFinder(rules);
  return (url, values) => {
    const template = templateOf(url) ?? url;
    try {
      return url.slice(0, url.length - template.length) + fillCheckedPath(template, values, rules, write);
    } catch (error) {
      throw error instanceof PathValueError ? new CloudClientOptionError(error.message) : error;
    }
  };
}

/**
 * openapi-fetch's pathSerializer for this API's document (generated/path-parameters.json), whose path
 * parameters are all of the simple style and of no list or object type (a test holds them to that).
 */
export const serializePath = createPathSerializer(pathParameters as PathRules, simpleSegment);

const templateOfThisApi = templateFinder(pathParameters as PathRules);

/**
 * Where the path of a URL openapi-fetch made ends with one of this API's templates not filled in (it
 * fills a template only where `params.path` is given, and sends its braces otherwise), the
 * CloudClientOptionError naming the value missing. Braces elsewhere (a base URL's own) are the URL's.
 */
export function checkTemplateFilled(url: string): void {
  // Most calls have no brace left: the path is found only for those that do.
  if (!url.includes('{')) return;
  const path = pathOfUrl(url);
  const template = templateOfThisApi(path);
  if (template?.includes('{')) serializePath(path, {});
}
