// The media type of each operation's success answer, where the document declares one other than plain
// JSON (`application/hal+json`, `text/plain`): the answer then carries it, as the document says. A JSON
// type is preferred where a response declares several, as the answer checks read them.
import { responseFor, type OpenApiDocument, type RouteSpec } from 'cloud-platform-api/toolbox';

/** The declared success media type of each route whose answer is not `application/json`. */
export function successTypes(document: OpenApiDocument, routes: readonly RouteSpec[]): Map<RouteSpec, string> {
  const types = new Map<RouteSpec, string>();
  for (const route of routes) {
    const declared = responseFor(document, route, route.status)?.mediaTypes ?? [];
    const type = declared.find((each) => /json/.test(each)) ?? declared[0];
    if (type !== undefined && type !== 'application/json') types.set(route, type);
  }
  return types;
}
