// Answers made of the document's examples, for `Prefer: example=NAME` (a named example of the response
// declared for the status) and for `Prefer: code=` of a declared 2xx that is not the operation's own
// (that response's example, else its schema's). The operation does not run: nothing changes.
import { responseExample, responseFor, type OpenApiDocument, type RouteSpec } from 'cloud-platform-api/toolbox';
import { withJsonType, type CoreResponse } from '../messages.js';

/** The answer made of the document's examples; a string says why the name asked for is not one. */
export type PreferredExample = (
  route: RouteSpec,
  status: number,
  name: string | undefined,
  headers: Readonly<Record<string, string>>,
) => CoreResponse | string;

export function createPreferredExamples(document: OpenApiDocument): PreferredExample {
  return function preferredExample(
    route: RouteSpec,
    status: number,
    name: string | undefined,
    headers: Readonly<Record<string, string>>,
  ): CoreResponse | string {
    const response = responseFor(document, route, status);
    const named = response?.namedExamples ?? {};
    if (name !== undefined && !Object.hasOwn(named, name)) {
      const known = Object.keys(named).map((each) => `"${each}"`);
      const listed =
        known.length > 0
          ? `one of ${known.join(', ')}`
          : `a name the ${status} response of ${route.operationId} gives an example, and it names none`;
      return `header.prefer: example must be ${listed}, got "${name}"`;
    }
    const body = name !== undefined ? named[name] : responseExample(document, response);
    return {
      status,
      headers: body === undefined ? headers : withJsonType(headers),
      body,
    };
  };
}
