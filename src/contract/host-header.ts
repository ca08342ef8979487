// Whether a request's Host header names the server it reached, and whether its Origin is one a server
// allows: one rule each for the emulator's and the MCP
// server's HTTP servers: what keeps a page that rebinds a name of its own to 127.0.0.1 (DNS rebinding)
// from reaching them. The name is compared, not the port: a port mapping or a proxy in front changes the
// port a client uses, never the name, and a rebinding page's Host carries its own name whatever the port.
// A request with no Host is taken: every browser sends one, so no page can leave it out, and node:http
// refuses an HTTP/1.1 request without one; only an HTTP/1.0 client, never a page, sends none.

/** The host name of a Host header, without its port, in lower case: `[::1]:4010` -> `[::1]`. */
export const hostName = (host: string): string =>
  (host.startsWith('[') ? host.slice(0, host.indexOf(']') + 1) : host.split(':')[0]!).toLowerCase();

/** Whether a Host header (undefined: none sent) names one of `names` (host names as a Host gives them). */
export const hostAnswered = (host: string | undefined, names: ReadonlySet<string>): boolean =>
  host === undefined || names.has(hostName(host));

/**
 * Whether a browser's Origin header is one of `allowed`: an exact origin, `*` for any, or `scheme://host:*`
 * for the host on any port (or none, the scheme's default). Compared as browsers write an Origin: scheme,
 * host and port only, in lower case; any other spelling (a path, upper case) is no origin of a page.
 */
export function originAllowed(origin: string, allowed: readonly string[]): boolean {
  return allowed.some(
    (pattern) =>
      pattern === '*' ||
      pattern === origin ||
      (pattern.endsWith(':*') &&
        (origin === pattern.slice(0, -2) ||
          (origin.startsWith(pattern.slice(0, -1)) && /^\d+$/.test(origin.slice(pattern.length - 1))))),
  );
}
