// How a request carries its credentials, as the document's security says: the schemes it declares, each
// operation's requirement (its own `security`, `security: []` included, else the document's), and how a
// key is written into a header, the query or a cookie. The one reader of security: no code restates it.
import { listOperations, type JsonObject, type OperationRef } from './document.js';
import { authorizationValue } from './authorization-value.js';
import { jsonPointer } from './pointer.js';

export { authorizationValue };

/** How this repository's API carries the key: the header's name and the scheme word before the token. */
export interface AuthScheme {
  /** The header's name, as the document writes it (`Authorization`). */
  header: string;
  /** The word before the token, one space apart. */
  scheme: string;
}

/**
 * Where one security scheme puts the credential: a header (with the word before it, if any; `basic` for
 * HTTP basic, whose token, the `user:password` pair, goes in base64), a query parameter, or a cookie.
 */
export type CredentialSlot =
  | { header: string; scheme?: string | undefined; basic?: true | undefined }
  | { query: string }
  | { cookie: string };

/** One scheme of the document, by its name under components.securitySchemes. */
export interface NamedScheme {
  name: string;
  slot: CredentialSlot;
}

/**
 * What an operation asks for: any one of its alternatives, each with every scheme in it. An empty
 * alternative asks for nothing (`security: []`, or `{}` among others: the credentials are optional).
 */
export type Requirement = readonly (readonly NamedScheme[])[];

/** The document's security, read once. */
export interface DocumentSecurity {
  /** Every scheme some requirement names, in the order first named. */
  schemes: readonly NamedScheme[];
  /** The operation's requirement: its own `security`, else the document's; `[[]]` where none is declared. */
  requirementOf(operation: Pick<OperationRef, 'method' | 'path'>): Requirement;
}

/** A document whose security this toolkit cannot serve: one line, naming the place. */
export class SecurityError extends Error {
  override name = 'SecurityError';
}

/** The bearer schemes: HTTP bearer, and OAuth2 and OpenID Connect, whose access tokens go the same way. */
const BEARER = { header: 'Authorization', scheme: 'Bearer' } as const;

/** The slot of one declared scheme, or a SecurityError naming it and what is not supported. */
function slotOf(declared: JsonObject | undefined, at: string): CredentialSlot {
  const type = declared?.type;
  if (type === 'oauth2' || type === 'openIdConnect') return BEARER;
  if (type === 'http') {
    const word = String(declared!.scheme ?? '').toLowerCase();
    if (word === 'bearer') return BEARER;
    if (word === 'basic') return { header: 'Authorization', scheme: 'Basic', basic: true };
    throw new SecurityError(`${at}: HTTP scheme "${declared!.scheme}" is not supported (bearer and basic are)`);
  }
  if (type === 'apiKey' && typeof declared!.name === 'string' && declared!.name !== '') {
    const { in: where, name } = declared!;
    const word = declared!['x-authorization-scheme'];
    if (where === 'header')
      return typeof word === 'string' && word !== '' ? { header: name, scheme: word } : { header: name };
    if (where === 'query') return { query: name };
    if (where === 'cookie') return { cookie: name };
  }
  throw new SecurityError(
    `${at}: ${JSON.stringify(type ?? null)} is not a scheme this toolkit serves (apiKey in a header, query or cookie with a name; http bearer or basic; oauth2; openIdConnect)`,
  );
}

/**
 * The document's security: its schemes and each operation's requirement. A requirement that names a scheme
 * the document does not declare, or one this toolkit cannot serve (HTTP digest, mutual TLS), is a
 * SecurityError naming its JSON pointer.
 *
 * @example
 * const security = securityOf(document);
 * security.requirementOf({ method: 'GET', path: '/pets' }); // [[{ name: 'api_key', slot: { query: 'api_key' } }]]
 */
export function securityOf(document: JsonObject): DocumentSecurity {
  const declared = (document.components?.securitySchemes ?? {}) as Record<string, JsonObject>;
  const schemes = new Map<string, NamedScheme>();
  const requirement = (list: unknown, at: readonly (string | number)[]): Requirement => {
    if (!Array.isArray(list)) throw new SecurityError(`${jsonPointer(...at)}: security must be a list of requirements`);
    if (list.length === 0) return [[]];
    return list.map((alternative: JsonObject, index) =>
      Object.keys(alternative ?? {}).map((name) => {
        if (!Object.hasOwn(declared, name))
          throw new SecurityError(
            `${jsonPointer(...at, index)}: names the scheme "${name}", which components.securitySchemes does not declare`,
          );
        if (!schemes.has(name))
          schemes.set(name, { name, slot: slotOf(declared[name], jsonPointer('components', 'securitySchemes', name)) });
        return schemes.get(name)!;
      }),
    );
  };
  const fallback = document.security === undefined ? [[]] : requirement(document.security, ['security']);
  const byOperation = new Map<string, Requirement>();
  for (const op of listOperations({ paths: document.paths ?? {} })) {
    const own = op.operation.security;
    byOperation.set(
      `${op.method} ${op.path}`,
      own === undefined ? fallback : requirement(own, ['paths', op.path, op.method.toLowerCase(), 'security']),
    );
  }
  return {
    schemes: [...schemes.values()],
    requirementOf: ({ method, path }) => byOperation.get(`${method.toUpperCase()} ${path}`) ?? fallback,
  };
}

/** Whether a requirement lets a request without credentials through. */
export const credentialsOptional = (requirement: Requirement): boolean => requirement.some((alt) => alt.length === 0);

/**
 * The scheme the document's top-level `security` names first, as this repository's client sends it; an
 * error when it names none, or one that is not an `apiKey` in a header with an `x-authorization-scheme`.
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
export const keyHeaderOf = ({ header }: { header: string }): string => header.toLowerCase();

/**
 * The secrets a key stands for, to scrub from what is kept: the key, and for HTTP basic the password
 * too (the part after the first colon), which a server may echo alone.
 */
export function secretsOfKey(slot: CredentialSlot | undefined, key: string): string[] {
  if (!slot || !('basic' in slot) || !slot.basic) return [key];
  const password = key.slice(key.indexOf(':') + 1);
  return key.includes(':') && password !== '' ? [key, password] : [key];
}

/** How a person sends a credential in one slot, as a 401 and the emulator's banner show it: `Authorization: apikey <token>`. */
export function credentialHint(slot: CredentialSlot): string {
  if ('query' in slot) return `?${slot.query}=<token>`;
  if ('cookie' in slot) return `Cookie: ${slot.cookie}=<token>`;
  return `${slot.header}: ${slot.basic ? 'Basic <base64 of user:password>' : authorizationValue(slot, '<token>')}`;
}
