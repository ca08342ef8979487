// One operation sent through a client of this project, from a tool's arguments: each parameter where the
// document puts it (a header or cookie parameter written by its style), the body as `body`. The client
// checks each path value and never retries a write; for another document than this API's, it is made from
// that document (its security, server and path rules).
import type { CloudClient, CloudClientOptions } from 'cloud-platform-api';
import bundled from 'cloud-platform-api/openapi.json' with { type: 'json' };
import { type OpenApiDocument, serializeParameter } from 'cloud-platform-api/toolbox';
import type { OperationTool } from './tools.js';

/** The client options a document asks for: none for this API's own (its generated defaults), else the document. */
export const clientOptionsFor = (document: OpenApiDocument): Pick<CloudClientOptions, 'document'> =>
  document === (bundled as OpenApiDocument) ? {} : { document };

export interface OperationAnswer {
  response: Response;
  data?: unknown;
  error?: unknown;
}

type Send = (path: string, init: object) => Promise<OperationAnswer>;

/** The call's path, query and header parameters as the client takes them; cookie parameters in one Cookie header. */
function clientParams(tool: OperationTool, args: Record<string, unknown>) {
  const params = { path: {}, query: {}, header: {} } as Record<'path' | 'query' | 'header', Record<string, unknown>>;
  const cookies: string[] = [];
  for (const p of tool.route.parameters) {
    const value = args[p.name];
    if (value === undefined) continue;
    if (p.in === 'path' || p.in === 'query') params[p.in][p.name] = value;
    else if (p.in === 'header') params.header[p.name] = serializeParameter(p, value);
    else cookies.push(serializeParameter(p, value));
  }
  // The client adds a key kept in a cookie to this header, as it does to any request's.
  if (cookies.length > 0) params.header.cookie = cookies.join('; ');
  return params;
}

/** Sends the call; throws the client's CloudClientOptionError, before anything is sent, for a path value the document refuses. */
export function sendOperation(
  client: CloudClient,
  tool: OperationTool,
  args: Record<string, unknown>,
): Promise<OperationAnswer> {
  const send = (client as unknown as Record<string, Send>)[tool.route.method]!;
  return send(tool.route.path, {
    params: clientParams(tool, args),
    ...(args.body === undefined ? {} : { body: args.body }),
  });
}
