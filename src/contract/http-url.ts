// The one test of a base URL every tool of the project takes (the client's baseUrl, the checker's
// --base-url, the emulator's --proxy and the MCP server's --base-url), with the one message for a
// value that fails it.

function parsedHttp(text: string): URL | undefined {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return undefined;
  }
  return url.protocol === 'http:' || url.protocol === 'https:' ? url : undefined;
}

/**
 * Whether a base URL carries what a request path cannot be put after: credentials (fetch refuses them, in
 * an error that quotes them), a query or a fragment (the path would land inside them).
 */
const carriesExtras = (url: URL) =>
  url.username !== '' || url.password !== '' || /[?#]/.test(url.href.slice(url.origin.length));

/** `text` as a URL when it is an absolute http or https URL a path can follow; undefined for anything else. */
export function httpUrl(text: string): URL | undefined {
  const url = parsedHttp(text);
  return url && !carriesExtras(url) ? url : undefined;
}

/** What is wrong with a value httpUrl refused, naming the option it was given as, never its credentials. */
export function notHttpUrl(option: string, text: string): string {
  const shown = JSON.stringify(text.replace(/\/\/[^/?#]*@/, '//***@'));
  return parsedHttp(text)
    ? `${option} must not carry credentials, a query or a fragment, got ${shown}`
    : `${option} must be an absolute http or https URL, got ${shown}`;
}
