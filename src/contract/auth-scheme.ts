// How a request carries the API key, as the document's security scheme says: the header, and the
// scheme word before the token (its `x-authorization-scheme`). Read here, so no code restates it.
import type { JsonObject } from './document.js';

/** How a request carries the key: the header's name and the scheme word before the token. */
export interface AuthScheme {
  /** The header's name, as the document writes it (`Authorization`). */
  header: string;
  /** The word before the token, one space apart. */
  scheme: string;
}

/**
 * The scheme the document's top-level `security` names first; an error when it names none, or one that
 * is not an `apiKey` in a header with an `x-authorization-scheme`.
 *
 * @example
 * const { header, scheme } = authSchemeOf(document); // { header: 'Authorization', scheme: 'apikey' }
 */
export function authSchemeOf(document: JsonObject): AuthScheme {
  const name = Object.keys((document.security as JsonObject[] | undefined)?.[0] ?? {})[0];
  const declared =
    name === undefined ? undefined : (document.components?.securitySchemes?.[name] as JsonObject | undefined);
  if (
    declared?.type !== 'apiKey' ||
    declared.in !== 'header' ||
    typeof declared['x-authorization-scheme'] !== 'string'
  ) {
    throw new Error(
      `security: the document's first scheme (${name ?? 'none'}) must be an apiKey in a header with an x-authorization-scheme word`,
    );
  }
  return { header: declared.name as string, scheme: declared['x-authorization-scheme'] };
}

/** The name the key's header arrives under: Node's and fetch's Headers give header names in lower case. */
export const keyHeaderOf = ({ header }: AuthScheme): string => header.toLowerCase();

/** The header value that carries `key`: the scheme word, one space, the key. */
export const authorizationValue = ({ scheme }: AuthScheme, key: string): string => `${scheme} ${key}`;
