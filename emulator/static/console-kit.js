// What both try-it consoles do to the description before Stoplight Elements renders it, and to the page
// around it: the emulator's /docs (served beside a running emulator) and the published site's console.html
// (with the emulator in the page). One module, written once: /docs loads it as /docs/console-kit.js, the
// site's build bundles it into console.js.

/** Where Elements (9.x) reads the console's key fields from, by security scheme name. */
const KEY_FIELDS = 'TryIt_securitySchemeValues';

/**
 * Elements keeps the key typed into its console in localStorage, and has no option against it. Called before
 * its bundle runs, this gives the page a storage that lasts as long as the page: a key is never written down.
 */
export function keepKeysInPage() {
  const kept = new Map();
  const pageStorage = {
    getItem: (name) => kept.get(String(name)) ?? null,
    setItem: (name, value) => void kept.set(String(name), String(value)),
    removeItem: (name) => void kept.delete(String(name)),
    clear: () => kept.clear(),
    key: (index) => [...kept.keys()][index] ?? null,
    get length() {
      return kept.size;
    },
  };
  Object.defineProperty(window, 'localStorage', { value: pageStorage, configurable: true });
}

/** The security schemes of the description, as [name, scheme] pairs. */
export const keySchemes = (description) => Object.entries(description.components?.securitySchemes ?? {});

const isBearer = (scheme) => scheme.type === 'http' && scheme.scheme?.toLowerCase() === 'bearer';
const isBasic = (scheme) => scheme.type === 'http' && scheme.scheme?.toLowerCase() === 'basic';
const isOAuth = (scheme) => scheme.type === 'oauth2' || scheme.type === 'openIdConnect';

/**
 * What a reader types in a scheme's key field for `token`, as Elements (9.x) sends the field: an API key
 * as the scheme's word (apikey) and the token; a bearer token alone (Elements writes "Bearer" before it);
 * for OAuth2 and OpenID Connect the whole header value, "Bearer" included; for basic, a user and password.
 */
export function keyValue(scheme, token) {
  if (isBearer(scheme)) return token;
  if (isOAuth(scheme)) return `Bearer ${token}`;
  if (isBasic(scheme)) return `user emulator, password ${token}`;
  return [scheme['x-authorization-scheme'], token].filter(Boolean).join(' ');
}

/** Where a scheme's key goes: the API key's header, query parameter or cookie, else the Authorization header. */
export const keyPlace = (scheme) => (scheme.type === 'apiKey' ? scheme.name : 'Authorization');

/** A key field's value as Elements keeps it: basic's user:password in base64, any other as typed. */
const fieldValue = (scheme, token) => (isBasic(scheme) ? btoa(`emulator:${token}`) : keyValue(scheme, token));

/** Fills every key field of the console with `token` (an empty token empties them, for a key the reader types). */
export function fillKeys(description, token) {
  const values = token ? keySchemes(description).map(([name, scheme]) => [name, fieldValue(scheme, token)]) : [];
  localStorage.setItem(KEY_FIELDS, JSON.stringify(Object.fromEntries(values)));
}

/**
 * Gives each parameter without an example of its own its schema's first example, which Elements reads to
 * prefill the field: a path parameter left empty would make the first Send fail.
 */
export function prefillParameters(description) {
  const parameters = [
    ...Object.values(description.components?.parameters ?? {}),
    ...Object.values(description.paths ?? {}).flatMap((item) => [
      ...(item.parameters ?? []),
      ...Object.values(item).flatMap((operation) => operation?.parameters ?? []),
    ]),
  ];
  for (const parameter of parameters) {
    const example = parameter.schema?.examples?.[0] ?? parameter.schema?.example;
    if (parameter.$ref || parameter.example !== undefined || parameter.examples || example === undefined) continue;
    parameter.example = example;
  }
}

/** The URL of the description's first server, its variables at their defaults: what the samples call. */
export function documentedServer(description) {
  const server = description.servers?.[0];
  if (!server) return undefined;
  return server.url.replace(/\{([^}]+)\}/g, (whole, name) => server.variables?.[name]?.default ?? whole);
}

/** Points the code samples the build wrote for the documented server at `base`. */
export function pointSamplesAt(description, base) {
  const documented = documentedServer(description);
  if (!documented) return;
  for (const item of Object.values(description.paths ?? {}))
    for (const operation of Object.values(item))
      for (const sample of operation?.['x-codeSamples'] ?? []) sample.source = sample.source.replaceAll(documented, base);
}

/** Fills `element` with text and tagged parts ([tag, text]; no tag for plain text), never markup. */
export function say(element, parts) {
  element.replaceChildren(
    ...parts.map(([tag, text]) => {
      if (!tag) return document.createTextNode(text);
      const part = document.createElement(tag);
      part.textContent = text;
      return part;
    }),
  );
}
