// The one shape of every package's `fetch` option (the client's, the checker's, the MCP server's target):
// called with a Request and an init holding the signal to abort it by. `globalThis.fetch` and an
// emulator's in-process `fetch` both fit, so either can be passed to any of them.

/** A fetch as the packages call it: `fetch(request, { signal })`. */
export type FetchFunction = (request: Request, init: { signal: AbortSignal }) => Promise<Response>;
