// The scrubber of one request's secrets, for what keeps or tells of requests (the journal, the request log):
// the key may reach any text a request is made of (its path, a field's name), in any form.
import { createRedactor } from 'cloud-platform-api/toolbox';
import type { CredentialTexts } from '../api-keys.js';
import type { CoreRequest } from '../messages.js';

/** Where a request's secrets are read: what its credentials came in outside the query (CredentialTexts.carried), and its query. */
export interface SecretSources {
  carried: string | undefined;
  query: CoreRequest['query'];
}

/**
 * The redactor of a request's secrets: the last one made is kept, as an app sends the same key request
 * after request and making one compiles its patterns.
 */
export function requestRedactors(credentials: CredentialTexts): (sources: SecretSources) => (text: string) => string {
  let last: { key: string; redact: (text: string) => string } | undefined;
  return ({ carried, query }) => {
    const secrets = credentials.secrets(carried, query);
    const key = secrets.join('\n');
    if (last?.key !== key) last = { key, redact: createRedactor(secrets) };
    return last.redact;
  };
}
