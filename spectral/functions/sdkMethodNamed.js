// Every operation names its method in the resource layer (`x-sdk-method`, `streaming.videos.get`): present,
// well formed (camelCase words joined by dots, an area, at least one resource, then the method), used by no
// other operation, and never both a method and a resource (`a.b` a method, `a.b.c` another: `a.b` cannot be both).
const METHODS = ['get', 'put', 'post', 'delete', 'patch', 'options', 'head', 'trace'];
const WELL_FORMED = /^[a-z][a-zA-Z0-9]*(\.[a-z][a-zA-Z0-9]*){2,}$/;
const EXTENSION = 'x-sdk-method';

/** @param {any} document the whole OpenAPI document */
export default function sdkMethodNamed(document) {
  const results = [];
  /** name -> the operation that declares it: its text and its path in the document */
  const seen = new Map();
  for (const [route, pathItem] of Object.entries(document?.paths ?? {})) {
    for (const method of METHODS) {
      const operation = pathItem?.[method];
      if (!operation) continue;
      const at = ['paths', route, method];
      const where = `${method.toUpperCase()} ${route}`;
      const name = operation[EXTENSION];
      if (typeof name !== 'string' || !WELL_FORMED.test(name)) {
        results.push({
          message: `${where}: ${EXTENSION} must be camelCase words joined by dots (area.resource.method), got ${JSON.stringify(name ?? null)}`,
          path: name === undefined ? at : [...at, EXTENSION],
        });
        continue;
      }
      if (seen.has(name)) {
        results.push({
          message: `${where}: ${EXTENSION} ${name} is also ${seen.get(name).where}'s`,
          path: [...at, EXTENSION],
        });
        continue;
      }
      seen.set(name, { where, at });
    }
  }
  for (const [name, { where, at }] of seen) {
    const deeper = [...seen.keys()].find((other) => other.startsWith(`${name}.`));
    if (deeper) {
      results.push({
        message: `${where}: ${EXTENSION} ${name} is a resource in ${seen.get(deeper).where}'s ${deeper}; a name is a method or a resource, not both`,
        path: [...at, EXTENSION],
      });
    }
  }
  return results;
}
