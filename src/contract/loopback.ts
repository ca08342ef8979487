// Which hosts are this machine only, one rule for every tool: the checker (what it may send where),
// the MCP server (whether --host needs --allow-remote) and the servers' Host checks (the names a
// loopback server answers to). A host is read as a URL reads it, so every spelling of an address counts
// (`127.1`, `0x7f.0.0.1`, `[0:0:0:0:0:0:0:1]`, an IPv4-mapped `::ffff:127.0.0.1`).

/** The names a server on loopback answers to, as a Host header gives them (an IPv6 address in brackets). */
export const LOOPBACK_NAMES: readonly string[] = ['localhost', '127.0.0.1', '[::1]'];

/** The host as a URL holds it (lower case, an address in its shortest form), or undefined for none. */
function urlHostname(host: string): string | undefined {
  const bare = host.startsWith('[') && host.endsWith(']') ? host.slice(1, -1) : host;
  const shown = bare.includes(':') ? `[${bare}]` : bare;
  if (shown === '' || /[/?#@\s]/.test(shown)) return undefined;
  try {
    return new URL(`http://${shown}/`).hostname;
  } catch {
    return undefined;
  }
}

/** Whether a host (a name or an address, an IPv6 one with or without brackets) is this machine only. */
export function isLoopback(host: string): boolean {
  const hostname = urlHostname(host);
  if (hostname === undefined) return false;
  return (
    hostname === 'localhost' ||
    hostname === '[::1]' ||
    /^127\.\d+\.\d+\.\d+$/.test(hostname) ||
    /^\[::ffff:7f[0-9a-f]{2}:[0-9a-f]{1,4}\]$/.test(hostname)
  );
}
