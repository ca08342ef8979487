// The MCP server in the test's own process, driven by the SDK's client over its in-memory transport:
// every tool listed (writes and deletes allowed), calls made as an agent makes them.
import { type CallToolResult, Client, InMemoryTransport, type Tool } from '@modelcontextprotocol/client';
import type { Logger } from 'cloud-platform-api';
import bundled from 'cloud-platform-api/openapi.json' with { type: 'json' };
import type { OpenApiDocument } from 'cloud-platform-api/toolbox';
import type { Emulator } from 'cloud-platform-emulator';
import { createMcpServerFactory, type McpServerOptions, type McpTarget } from '../../src/server.js';
import type { OperationRow } from '../../../test-kit/operation-table.js';

const silent: Logger = { error: () => {}, warn: () => {}, info: () => {}, debug: () => {} };

/** A server's options for a test: the bundled document, a silent log, reads only unless `given` says more. */
export const testServerOptions = (
  given: Pick<McpServerOptions, 'target'> & Partial<McpServerOptions>,
): McpServerOptions => ({
  document: bundled as OpenApiDocument,
  allowWrites: false,
  allowDeletes: false,
  version: '0.0.0',
  logger: silent,
  ...given,
});

export interface InMemorySession {
  call(name: string, args: Record<string, unknown>): Promise<CallToolResult>;
  tools(): Promise<Tool[]>;
  close(): Promise<void>;
}

export async function connectInMemory(
  target: McpTarget,
  journal?: (operationId: string | undefined) => unknown[],
  more: Partial<Omit<McpServerOptions, 'target' | 'journal'>> = {},
): Promise<InMemorySession> {
  const server = createMcpServerFactory(
    testServerOptions({ target, allowWrites: true, allowDeletes: true, journal, ...more }),
  )();
  const [serverSide, clientSide] = InMemoryTransport.createLinkedPair();
  await server.connect(serverSide);
  const client = new Client({ name: 'mcp-in-memory-test', version: '1.0.0' });
  await client.connect(clientSide);
  return {
    call: (name, args) => client.callTool({ name, arguments: args }) as Promise<CallToolResult>,
    tools: async () => (await client.listTools()).tools,
    close: () => client.close(),
  };
}

/** A session whose target is the emulator, in process, with its journal tool. */
export const connectToEmulator = (emulator: Emulator) =>
  connectInMemory({ baseUrl: 'http://emulator.local', apiKey: 'cloud-platform-mcp', fetch: emulator.fetch }, (id) =>
    emulator.requests.list(id === undefined ? {} : { operationId: id as never }),
  );

export const textOf = (result: CallToolResult) =>
  result.content.map((part) => (part.type === 'text' ? part.text : '')).join('\n');

/** A row's example request as a tool's arguments: each parameter by name, the body as `body`. */
export const exampleArgs = (row: OperationRow): Record<string, unknown> => ({
  ...row.params.path,
  ...row.params.query,
  ...(row.body === undefined ? {} : { body: row.body }),
});
