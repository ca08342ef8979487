// The MCP server: the document's operations as tools (tools.ts), each call made through this project's
// client (so a retry never repeats a write) against one target, the emulator in process or a base URL.
// Read-only unless told: a POST or PATCH needs `allowWrites`, a DELETE `allowDeletes` too. A call is
// checked against the document's schema of its input (the one listed may say a rule in words: see
// portable-schema.ts), and the client checks each path value against the document, before anything is
// sent: a refusal is a tool error, never a request. Every result and
// error is scrubbed of the key, as the client's errors are.
import { type CallToolResult, Server, type Tool } from '@modelcontextprotocol/server';
import { CloudClientOptionError, createCloudClient, type Logger } from 'cloud-platform-api';
import { createRedactor, redactJson, type JsonObject, type OpenApiDocument } from 'cloud-platform-api/toolbox';
import { createInputChecks, type InputCheck } from './input-check.js';
import { operationTools, type OperationTool } from './tools.js';

export interface McpTarget {
  baseUrl: string;
  apiKey: string;
  /** The emulator's fetch, for a target in process. */
  fetch?: ((input: Request) => Promise<Response>) | undefined;
}

export interface McpServerOptions {
  document: OpenApiDocument;
  target: McpTarget;
  /** List and allow POST and PATCH operations. */
  allowWrites: boolean;
  /** With allowWrites: list and allow DELETE operations too. */
  allowDeletes: boolean;
  /** The operations to list (--tools, --tags); all of them when undefined. */
  selected?: ReadonlySet<string> | undefined;
  /** The emulator's journal, where the target is one: the `journal` tool lists what the tools sent. */
  journal?: ((operationId: string | undefined) => unknown[]) | undefined;
  version: string;
  /** Where the client's log lines go (never stdout, the protocol's). */
  logger: Logger;
}

const JOURNAL_TOOL = 'journal';

/** The flags a method needs, as the command line spells them; none for a read. */
const flagsFor = (method: string) =>
  method === 'GET' ? [] : method === 'DELETE' ? ['--allow-writes', '--allow-deletes'] : ['--allow-writes'];

const textResult = (text: string, isError = false): CallToolResult => ({
  content: [{ type: 'text', text }],
  ...(isError ? { isError: true } : {}),
});

/** The API's error answer: its status and the document's error body, as text and as data. */
const errorAnswer = (name: string, status: number, body: unknown): CallToolResult => ({
  ...textResult(`${name} answered ${status}: ${JSON.stringify(body)}`, true),
  structuredContent: { status, error: body },
});

/** A call refused before anything was sent. */
const notCalled = (name: string, why: string) => textResult(`${name} was not called: ${why}`, true);

function journalTool(tools: readonly OperationTool[]): Tool {
  return {
    name: JOURNAL_TOOL,
    title: 'What the tools sent',
    description:
      'What the tools sent to the emulator, oldest first: each request with its operationId, body, status and any fault. Filter by operationId.',
    inputSchema: {
      type: 'object',
      properties: {
        operationId: {
          type: 'string',
          enum: tools.map((tool) => tool.name),
          description: 'Only the requests to this operation.',
        },
      },
      additionalProperties: false,
    },
    annotations: {
      title: 'What the tools sent',
      readOnlyHint: true,
      destructiveHint: false,
      idempotentHint: true,
      openWorldHint: false,
    },
  };
}

/** A tool as listed: its title and hints beside its input, the open world only where the target is not in process. */
const listed = (tool: OperationTool, openWorld: boolean): Tool => ({
  name: tool.name,
  title: tool.title,
  description: tool.description,
  inputSchema: tool.inputSchema as Tool['inputSchema'],
  ...(tool.outputSchema ? { outputSchema: tool.outputSchema as Tool['outputSchema'] } : {}),
  annotations: { title: tool.title, ...tool.hints, openWorldHint: openWorld },
});

export function createMcpServer(options: McpServerOptions): Server {
  const tools = operationTools(options.document).filter((tool) => options.selected?.has(tool.name) ?? true);
  const allowed = (tool: OperationTool) =>
    flagsFor(tool.route.method).every((flag) =>
      flag === '--allow-writes' ? options.allowWrites : options.allowDeletes,
    );
  const checkOf = createInputChecks(options.document);
  const inputChecks = new Map<string, InputCheck>(tools.map((tool) => [tool.name, checkOf(tool.checkedSchema)]));
  const journal = options.journal && { tool: journalTool(tools), list: options.journal };
  if (journal) inputChecks.set(JOURNAL_TOOL, checkOf(journal.tool.inputSchema as JsonObject));
  // An emulator in process is a closed world: a tool reaches nothing outside it.
  const openWorld = options.target.fetch === undefined;
  const redact = createRedactor(options.target.apiKey);
  const client = createCloudClient({
    apiKey: options.target.apiKey,
    baseUrl: options.target.baseUrl,
    ...(options.target.fetch ? { fetch: options.target.fetch } : {}),
    logger: options.logger,
  });
  const server = new Server({ name: 'cloud-platform-mcp', version: options.version }, { capabilities: { tools: {} } });

  server.setRequestHandler('tools/list', () => ({
    tools: [...tools.filter(allowed).map((tool) => listed(tool, openWorld)), ...(journal ? [journal.tool] : [])],
  }));

  server.setRequestHandler('tools/call', async (request): Promise<CallToolResult> => {
    const { name, arguments: args = {} } = request.params;
    // Only the tools this server made have a check: the operations', and the journal's where there is one.
    const check = inputChecks.get(name);
    const tool = tools.find((each) => each.name === name);
    if (!check)
      return textResult(
        `There is no tool ${JSON.stringify(name)}: the tools are ${tools.map((each) => each.name).join(', ')}`,
        true,
      );
    if (tool && !allowed(tool))
      return textResult(
        `${name} is a ${tool.route.method}, which this server does not send: start it with ${flagsFor(tool.route.method).join(' ')} to allow it`,
        true,
      );
    const problem = check(args);
    if (problem) return notCalled(name, redact(problem));
    if (!tool) return textResult(JSON.stringify(journal?.list(args.operationId as string | undefined), null, 2));
    return callOperation(client, tool, args, redact);
  });
  return server;
}

type Send = (path: string, init: object) => Promise<{ data?: unknown; error?: unknown; response: Response }>;

/**
 * Calls the operation through the client: its answer as structured content and as JSON text, or a tool
 * error with the API's status and body.
 */
async function callOperation(
  client: ReturnType<typeof createCloudClient>,
  tool: OperationTool,
  args: Record<string, unknown>,
  redact: (text: string) => string,
): Promise<CallToolResult> {
  const params = { path: {} as Record<string, unknown>, query: {} as Record<string, unknown> };
  for (const p of tool.route.parameters) if (args[p.name] !== undefined) params[p.in][p.name] = args[p.name];
  const send = (client as unknown as Record<string, Send>)[tool.route.method]!;
  try {
    const { data, error, response } = await send(tool.route.path, {
      params,
      ...(args.body === undefined ? {} : { body: args.body }),
    });
    if (!response.ok) return errorAnswer(tool.name, response.status, redactJson(error, redact));
    if (data === undefined) return textResult(`${response.status}: done, no content`);
    const structured = tool.structured(redactJson(data, redact));
    return { ...textResult(JSON.stringify(structured, null, 2)), structuredContent: structured };
  } catch (thrown) {
    // A path value the document refuses: the client threw before making a URL.
    if (thrown instanceof CloudClientOptionError) return notCalled(tool.name, redact(thrown.message));
    // The client's own errors (network, timeout, an answer that is not JSON) carry no key.
    return textResult(`${tool.name} failed: ${(thrown as Error).message}`, true);
  }
}
