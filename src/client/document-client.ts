// createCloudClient's `document`: a client of another document's API. At creation it reads only the
// document's first server, the default base URL; the rest (path rules and styles, security) is
// document-profile.ts, loaded with the first call and applied by the middleware here, before any of the
// caller's own. An app calling this API alone ships none of it.
import type { Middleware } from 'openapi-fetch';
import type { OpenApiDocument } from '../contract/document.js';
import { serverUrlOf } from '../contract/server-url.js';
import type { DocumentProfile } from './document-profile.js';

export interface DocumentClient {
  /** The document's first server, or undefined where it declares no http(s) one. */
  baseUrl: string | undefined;
  /** openapi-fetch's pathSerializer: the template left as it is, for the middleware to fill. */
  pathSerializer: (url: string) => string;
  /** Fills the path, each value checked by the document's rules, and puts the key where the operation says. */
  middleware: (apiKey: string) => Middleware;
  /** What the key stands for, to scrub from errors and logs: the key, and HTTP basic's password. */
  secrets: (apiKey: string) => Promise<readonly string[]>;
}

export function documentClient(document: OpenApiDocument): DocumentClient {
  let loading: Promise<DocumentProfile> | undefined;
  // Read once; a load that failed (a chunk the network did not bring) is tried again by the next call.
  const profile = () =>
    (loading ??= import('./document-profile.js').then(
      (module) => module.documentProfile(document),
      (error: unknown) => {
        loading = undefined;
        throw error;
      },
    ));
  const server = serverUrlOf(document);
  return {
    baseUrl: server !== undefined && /^https?:\/\//i.test(server) ? server : undefined,
    pathSerializer: (url) => url,
    middleware: (apiKey) => ({
      async onRequest({ request, schemaPath, params, options }) {
        const call = { schemaPath, path: params.path, baseUrl: options.baseUrl };
        return (await profile()).prepare(request, call, apiKey);
      },
    }),
    secrets: async (apiKey) => (await profile()).secrets(apiKey),
  };
}
