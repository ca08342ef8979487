// Who a request acts as: its token (after the document's scheme word), whether it may act (with
// --api-key, only the tokens given), and the client id the token stands for, given on first create.
import { authorizationValue, keyHeaderOf, type AuthScheme } from 'cloud-platform-api/toolbox';
import type { Store } from '../store/store.js';
import type { CoreRequest } from './messages.js';
import { stringListOption } from './common/option-values.js';
import { CLIENT_IDS, nextId, type CoreTables } from './state/state.js';
import { tokenHash } from './common/token-hash.js';

/**
 * The token of the scheme's header: after the scheme word in any case and one space, everything to the
 * end, spaces included, as the seed says it and as the official SDKs send a key (their own tests use
 * `My API Key`). Header names arrive in lower case.
 */
function tokenReader(auth: AuthScheme): (headers: CoreRequest['headers']) => string | undefined {
  const { scheme } = auth;
  const name = keyHeaderOf(auth);
  const pattern = new RegExp(`^${scheme.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')} (.+)$`, 'is');
  return (headers) => pattern.exec(headers[name] ?? '')?.[1];
}

/**
 * The secret the key's header carries (its value, given), to scrub from what is kept: what follows the
 * scheme word, however it is spaced (two spaces, a tab), trimmed; the whole value where it has no scheme
 * word. It is looser than tokenOf on purpose: the proxy forwards a header the emulator itself would refuse.
 */
export function credentialOf(headerValue: string | undefined): string | undefined {
  const value = headerValue?.trim();
  if (!value) return undefined;
  return /^\S+\s+(.+)$/s.exec(value)?.[1]?.trim() ?? value;
}

export function createApiKeys(store: Store<CoreTables>, apiKeys: readonly string[] | undefined, auth: AuthScheme) {
  const keys = apiKeys === undefined ? undefined : stringListOption('apiKeys', apiKeys, 'keys');
  const allowedKeys = keys?.length ? new Set(keys) : undefined;
  return {
    keysRequired: allowedKeys !== undefined,
    tokenOf: tokenReader(auth),
    /** Why a request may not act, or undefined: a well-formed token, and an accepted one when keys are set. */
    refusal(token: string | undefined): string | undefined {
      if (token === undefined)
        return `Missing or malformed ${auth.header} header: send "${auth.header}: ${authorizationValue(auth, '<token>')}"`;
      if (allowedKeys && !allowedKeys.has(token)) return 'Unknown API key';
      return undefined;
    },
    /**
     * The client id a token acts as. Tokens are kept only as SHA-256 hashes, and a token gets an id only
     * when it creates something: a token that only reads adds nothing to the state.
     */
    clientIdentity(token: string) {
      let hash: string | undefined;
      return (create?: { create: true }): number | undefined => {
        hash ??= tokenHash(token);
        const known = store.tables.clients.get(hash);
        if (known !== undefined || !create) return known;
        const id = nextId(store, CLIENT_IDS);
        store.tables.clients.put(hash, id);
        return id;
      };
    },
  };
}
