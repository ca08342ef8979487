// The Deprecation header of each deprecated operation, as its success response declares it (the
// header's `const`): sent on every answer of the operation.
import { resolveRef, type JsonObject, type OpenApiDocument, type RouteSpec } from 'cloud-platform-api/toolbox';

function declaredDeprecation(document: OpenApiDocument, route: RouteSpec): string | undefined {
  if (!route.operation.deprecated) return undefined;
  const response = resolveRef<JsonObject>(
    document,
    (route.operation.responses as Record<string, JsonObject>)[String(route.status)] ?? {},
  );
  const header = Object.entries((response.headers ?? {}) as Record<string, JsonObject>).find(
    ([name]) => name.toLowerCase() === 'deprecation',
  )?.[1];
  const value = header ? resolveRef<JsonObject>(document, header).schema?.const : undefined;
  return typeof value === 'string' ? value : undefined;
}

export function deprecationHeaders(
  document: OpenApiDocument,
  routes: readonly RouteSpec[],
): Map<RouteSpec, Record<string, string>> {
  return new Map(
    routes.flatMap((route) => {
      const value = declaredDeprecation(document, route);
      return value === undefined ? [] : [[route, { deprecation: value }] as const];
    }),
  );
}
