// The description the docs render (dist/docs/openapi.json: the bundle with its code samples), which the
// site's build bundles into console.js (scripts/lib/site.ts resolves this name).
declare module 'site:description' {
  import type { OpenApiDocument } from 'cloud-platform-api/toolbox';
  const description: OpenApiDocument;
  export default description;
}
