// An operation is secured when it names at least one requirement itself, or inherits one from the
// root. An empty list (`security: []`) on the operation opts it out, so that counts as unsecured.
const METHODS = ['get', 'put', 'post', 'delete', 'patch', 'options', 'head', 'trace'];

const hasRequirement = (security) => Array.isArray(security) && security.length > 0;

/** @param {any} document the whole OpenAPI document */
export default function operationSecured(document) {
  const results = [];
  const rootSecured = hasRequirement(document?.security);
  for (const [path, pathItem] of Object.entries(document?.paths ?? {})) {
    for (const method of METHODS) {
      const operation = pathItem?.[method];
      if (!operation) continue;
      const secured = operation.security === undefined ? rootSecured : hasRequirement(operation.security);
      if (!secured) {
        results.push({
          message: `${method.toUpperCase()} ${path} has no security requirement`,
          path: ['paths', path, method],
        });
      }
    }
  }
  return results;
}
