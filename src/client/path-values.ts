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

/**
 * openapi-fetch's pathSerializer for a document's rules: the template filled with checked values, each
 * written by `write`, or a CloudClientOptionError.
 */
export function createPathSerializer(
  rules: PathRules,
  write: SegmentWriter,
): (url: string, values: Record<string, unknown>) => string {
  const templates = Object.keys(rules).sort((a, b) => b.length - a.length);
  return (url, values) => {
    const template = templates.find((each) => url.endsWith(each)) ?? url;
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
