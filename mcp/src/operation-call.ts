// One operation sent through a client of this project, from a tool's arguments: each parameter where the
// document puts it, the body as `body`. The client checks each path value and never retries a write; for
// another document than this API's, it is made from that document (its security, server and path rules).
import type { CloudClient, CloudClientOptions } from 'cloud-platform-api';
import bundled from 'cloud-platform-api/openapi.json' with { type: 'json' };
import type { OpenApiDocument } from 'cloud-platform-api/toolbox';
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

/** Sends the call; throws the client's CloudClientOptionError, before anything is sent, for a path value the document refuses. */
export function sendOperation(
  client: CloudClient,
  tool: OperationTool,
  args: Record<string, unknown>,
): Promise<OperationAnswer> {
  const params = { path: {} as Record<string, unknown>, query: {} as Record<string, unknown> };
  for (const p of tool.route.parameters)
    if ((p.in === 'path' || p.in === 'query') && args[p.name] !== undefined) params[p.in][p.name] = args[p.name];
  const send = (client as unknown as Record<string, Send>)[tool.route.method]!;
  return send(tool.route.path, { params, ...(args.body === undefined ? {} : { body: args.body }) });
}
