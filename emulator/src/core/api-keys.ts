// Who a request acts as: its credentials, read where the document's security puts them (a header, after
// its scheme word; the query; a cookie), whether it may act (with --api-key, only the keys given), and the
// client id its token stands for, given on first create.
import {
  cookiePairs,
  credentialHint,
  credentialsOptional,
  keyHeaderOf,
  secretsOfKey,
  type CredentialSlot,
  type DocumentSecurity,
  type NamedScheme,
  type Requirement,
} from 'cloud-platform-api/toolbox';
import type { HiddenParameters } from 'cloud-platform-check/coverage';
import type { Store } from '../store/store.js';
import type { CoreRequest } from './messages.js';
import { stringListOption } from './common/option-values.js';
import { CLIENT_IDS, nextId, type CoreTables } from './state/state.js';
import { tokenHash } from './common/token-hash.js';

type Headers = CoreRequest['headers'];
type Query = CoreRequest['query'];

/** What a request may do: act with its token ('' for none), or be refused with why. */
export type Verdict = { token: string; refused?: undefined } | { refused: string; token?: undefined };

/** One cookie's value out of a Cookie header, as sent: the first where it is given twice. */
function cookieValue(header: string | undefined, name: string): string | undefined {
  const value = cookiePairs(header)[name];
  return Array.isArray(value) ? value[0] : value;
}

/** HTTP basic's token: base64 of `user:password`, the pair; undefined where it is not one. */
function basicPair(encoded: string): string | undefined {
  try {
    const pair = new TextDecoder('utf-8', { fatal: true }).decode(
      Uint8Array.from(atob(encoded.trim()), (char) => char.charCodeAt(0)),
    );
    return pair.includes(':') ? pair : undefined;
  } catch {
    return undefined;
  }
}

const escaped = (word: string) => word.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * How a slot's credential is read off a request: after the scheme word in any case and one space,
 * everything to the end, spaces included, as the seed says it and as the official SDKs send a key (their
 * own tests use `My API Key`); HTTP basic's pair decoded; a query parameter given once; a cookie.
 */
function slotReader(slot: CredentialSlot): (headers: Headers, query: Query) => string | undefined {
  if ('query' in slot)
    return (_, query) => (typeof query[slot.query] === 'string' ? (query[slot.query] as string) : undefined);
  if ('cookie' in slot) return (headers) => cookieValue(headers.cookie, slot.cookie) || undefined;
  const name = keyHeaderOf(slot);
  if (slot.scheme === undefined) return (headers) => headers[name] || undefined;
  const pattern = new RegExp(`^${escaped(slot.scheme)} (.+)$`, 'is');
  // A client sends the same header request after request: its token is read once, not matched again.
  let lastValue: string | undefined;
  let lastToken: string | undefined;
  const token = (headers: Headers) => {
    const value = headers[name];
    if (value !== lastValue) {
      lastValue = value;
      lastToken = pattern.exec(value ?? '')?.[1];
    }
    return lastToken;
  };
  return slot.basic
    ? (headers) => {
        const encoded = token(headers);
        return encoded === undefined ? undefined : basicPair(encoded);
      }
    : token;
}

/**
 * The secret a header carries, to scrub from what is kept: what follows the scheme word, however it is
 * spaced (two spaces, a tab), trimmed; the whole value where it has no word. It is looser than the
 * readers on purpose: the proxy forwards a header the emulator itself would refuse.
 */
export function credentialOf(headerValue: string | undefined): string | undefined {
  const value = headerValue?.trim();
  if (!value) return undefined;
  return /^\S+\s+(.+)$/s.exec(value)?.[1]?.trim() ?? value;
}

/** The secrets one slot's text carries, read loosely (credentialOf): HTTP basic's pair and password decoded too. */
function looseSecrets(slot: CredentialSlot, text: string | undefined): string[] {
  if (text === undefined) return [];
  if ('cookie' in slot) return [cookieValue(text, slot.cookie) ?? ''].filter(Boolean);
  if ('query' in slot) return [text];
  const secret = slot.scheme === undefined ? text.trim() : credentialOf(text);
  if (!secret) return [];
  const pair = slot.basic ? basicPair(secret) : undefined;
  return pair === undefined ? [secret] : [secret, ...secretsOfKey(slot, pair)];
}

/** Where a request's credentials travel, for what keeps requests to scrub them from. */
export interface CredentialTexts {
  /**
   * The texts outside the query a request's credentials travel in (their headers' values, its Cookie
   * header), as one string: cheap to keep with each request. Undefined where there are none.
   */
  carried(headers: Headers): string | undefined;
  /** The secrets in what `carried` kept and in the query, to scrub. */
  secrets(carried: string | undefined, query: Query): string[];
  /** The query parameters a credential travels in: their values are secrets whole. */
  queryNames: ReadonlySet<string>;
  /** The headers (lower case) and cookies a credential travels in: a parameter of one is kept only as sent. */
  hidden: HiddenParameters;
}

/** How the document's schemes carry secrets, for the journal and the proxy to scrub them. */
export function credentialTexts(security: Pick<DocumentSecurity, 'schemes'>): CredentialTexts {
  const slots = security.schemes.map(({ slot }) => slot);
  const sourceOf = (slot: CredentialSlot) =>
    'cookie' in slot ? 'cookie' : 'header' in slot ? keyHeaderOf(slot) : undefined;
  const sources = [...new Set(slots.map(sourceOf).filter((name) => name !== undefined))];
  const queryNames = new Set(slots.flatMap((slot) => ('query' in slot ? [slot.query] : [])));
  const hidden: HiddenParameters = {
    header: new Set(slots.flatMap((slot) => ('header' in slot ? [keyHeaderOf(slot)] : []))),
    cookie: new Set(slots.flatMap((slot) => ('cookie' in slot ? [slot.cookie] : []))),
  };
  return {
    queryNames,
    hidden,
    // One header, as for this repository's document: its value as it is, no string made.
    carried:
      sources.length === 1
        ? (headers) => headers[sources[0]!]
        : (headers) =>
            sources.some((name) => headers[name]) ? sources.map((name) => headers[name] ?? '').join('\n') : undefined,
    secrets(carried, query) {
      const texts = sources.length === 1 ? [carried] : (carried?.split('\n') ?? []);
      const fromHeaders = slots.flatMap((slot) => {
        const source = sourceOf(slot);
        return source === undefined ? [] : looseSecrets(slot, texts[sources.indexOf(source)] || undefined);
      });
      const fromQuery = [...queryNames].flatMap((name) => [query[name] ?? []].flat().filter(Boolean));
      return [...fromHeaders, ...fromQuery];
    },
  };
}

/** The headers the document's credentials go in, in lower case, as CORS lists them: `authorization`, `x-api-key, authorization`. */
export const credentialHeaders = ({ schemes }: Pick<DocumentSecurity, 'schemes'>): string =>
  [...new Set(schemes.flatMap(({ slot }) => ('header' in slot ? [keyHeaderOf(slot)] : [])))].join(', ');

/** Why a requirement's credentials are missing, as a 401 says it: what to send. */
function missing(requirement: Requirement): string {
  const only = requirement.length === 1 && requirement[0]!.length === 1 ? requirement[0]![0]!.slot : undefined;
  const send = `send ${requirement.map((alt) => alt.map(({ slot }) => `"${credentialHint(slot)}"`).join(' and ')).join(' or ')}`;
  if (only && 'query' in only) return `Missing ${only.query} query parameter: ${send}`;
  if (only && 'cookie' in only) return `Missing ${only.cookie} cookie: ${send}`;
  if (only) return `Missing or malformed ${only.header} header: ${send}`;
  return `Missing or malformed credentials: ${send}`;
}

/**
 * The client id a token acts as. Tokens are kept only as SHA-256 hashes, and a token gets an id only
 * when it creates something: a token that only reads adds nothing to the state.
 */
function clientIdentities(store: Store<CoreTables>) {
  return (token: string) => {
    let hash: string | undefined;
    return (create?: { create: true }): number | undefined => {
      hash ??= tokenHash(token);
      const known = store.tables.clients.get(hash);
      if (known !== undefined || !create) return known;
      const id = nextId(store, CLIENT_IDS);
      store.tables.clients.put(hash, id);
      return id;
    };
  };
}

/** Acting with no credentials, where the requirement allows it. */
const WITHOUT_TOKEN: Verdict = Object.freeze({ token: '' });

/** An alternative whose credentials are all there, one of them not a key --api-key lists. */
const NOT_ACCEPTED = Symbol('not accepted');

export function createApiKeys(
  store: Store<CoreTables>,
  apiKeys: readonly string[] | undefined,
  security: DocumentSecurity,
) {
  const keys = apiKeys === undefined ? undefined : stringListOption('apiKeys', apiKeys, 'keys');
  const allowedKeys = keys?.length ? new Set(keys) : undefined;
  const readers = new Map(security.schemes.map(({ name, slot }) => [name, slotReader(slot)]));
  const read = (scheme: NamedScheme, request: Pick<CoreRequest, 'headers' | 'query'>) =>
    readers.get(scheme.name)!(request.headers, request.query);
  // The emulator's own routes, when keys are required, take a key in any of the document's schemes.
  const anyScheme: Requirement = security.schemes.map((scheme) => [scheme]);

  /**
   * The first token of an alternative whose credentials are all there, NOT_ACCEPTED where one of them is
   * not a listed key, undefined where one is missing. No array is made: it runs for every request.
   */
  function presented(alternative: readonly NamedScheme[], request: Pick<CoreRequest, 'headers' | 'query'>) {
    let first: string | undefined;
    let accepted = true;
    for (const scheme of alternative) {
      const token = read(scheme, request);
      if (token === undefined) return undefined;
      if (allowedKeys && !allowedKeys.has(token)) accepted = false;
      first ??= token;
    }
    return accepted ? first : NOT_ACCEPTED;
  }

  /**
   * What a request may do under a requirement: act with the first alternative whose credentials are all
   * there and accepted (its first one the token); be refused one it presented but that is not accepted;
   * act with none ('') where the requirement allows; else be refused with what to send.
   */
  // The verdict last given to act with a token, given again to the same token: no object is made for it.
  let lastActing: Verdict = WITHOUT_TOKEN;
  const acting = (token: string): Verdict => {
    if (token !== lastActing.token) lastActing = Object.freeze({ token });
    return lastActing;
  };

  function authorize(request: Pick<CoreRequest, 'headers' | 'query'>, requirement: Requirement = anyScheme): Verdict {
    let unknown = false;
    for (const alternative of requirement) {
      if (alternative.length === 0) continue;
      const token = presented(alternative, request);
      if (token === NOT_ACCEPTED) unknown = true;
      else if (token !== undefined) return acting(token);
    }
    if (unknown) return { refused: 'Unknown API key' };
    if (credentialsOptional(requirement) || requirement.length === 0) return WITHOUT_TOKEN;
    return { refused: missing(requirement) };
  }

  return {
    keysRequired: allowedKeys !== undefined && anyScheme.length > 0,
    authorize,
    clientIdentity: clientIdentities(store),
  };
}
