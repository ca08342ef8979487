// The one test of a base URL every tool of the project takes (the client's baseUrl, the checker's
// --base-url, the emulator's --proxy and the MCP server's --base-url), with the one message for a
// value that fails it.

/** `text` as a URL when it is an absolute http or https URL; undefined for anything else. */
export function httpUrl(text: string): URL | undefined {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return undefined;
  }
  return url.protocol === 'http:' || url.protocol === 'https:' ? url : undefined;
}

/** What is wrong with a value httpUrl refused, naming the option it was given as. */
export const notHttpUrl = (option: string, text: string): string =>
  `${option} must be an absolute http or https URL, got ${JSON.stringify(text)}`;
