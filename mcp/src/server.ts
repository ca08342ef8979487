// The MCP server: the document's operations as tools (tools.ts), each call made through this project's
// client (so a retry never repeats a write) against one target, the emulator in process or a base URL.
// Read-only unless told: a POST or PATCH needs `allowWrites`, a DELETE `allowDeletes` too. A call is
// checked against the document's schema of its input (the one listed may say a rule in words: see
// portable-schema.ts), and the client checks each path value against the document, before anything is
// sent: a refusal is a tool error, never a request. Against a base URL, a write is planned first and
// sent only when confirmed (write-plan.ts). Every result and error is scrubbed of the key, as the
// client's errors are. What lasts between calls (checks, clients, open plans) is made once; each
// session or HTTP request gets a fresh protocol Server over it.
import { type CallToolResult, Server, type Tool } from '@modelcontextprotocol/server';
import { type CloudClient, CloudClientOptionError, createCloudClient, type Logger } from 'cloud-platform-api';
import {
  createRedactor,
  redactJson,
  type FetchFunction,
  type JsonObject,
  type OpenApiDocument,
} from 'cloud-platform-api/toolbox';
import { createInputChecks, type InputCheck } from './input-check.js';
import { sendOperation } from './operation-call.js';
import { PlanBook } from './plan-tokens.js';
import { operationTools, type OperationTool } from './tools.js';
import {
  CONFIRM_ARGUMENT,
  type EmulatorFetch,
  planAnswer,
  plannedOutputSchema,
  rehearse,
  type WritePlan,
} from './write-plan.js';

export interface McpTarget {
  baseUrl: string;
  apiKey: string;
  /** The emulator's fetch, for a target in process. */
  fetch?: FetchFunction | undefined;
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
  /**
   * With a base URL: an emulator in process to rehearse each write on, which then waits for its plan's
   * token before it is sent. Undefined (--no-confirm, or the emulator as target): writes are sent at once.
   */
  rehearsal?: EmulatorFetch | undefined;
  /** The clock plans expire by; tests inject one. */
  now?: (() => number) | undefined;
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

const PLANNED = `Against the live API this call is planned first: its first answer is a plan (method, URL, body, and what the emulator answered) and sends nothing. Repeat the call with the same arguments and the plan's \`${CONFIRM_ARGUMENT}\` token to send it.`;

/** A planned write's input also takes the plan's token; its answer is a plan or the API's, so no one output schema. */
const plannedForm = (tool: OperationTool): Pick<Tool, 'description' | 'inputSchema'> => {
  const properties = {
    ...(tool.inputSchema.properties as JsonObject | undefined),
    [CONFIRM_ARGUMENT]: { type: 'string', description: "The token of this call's plan, to send it." },
  };
  return {
    description: `${tool.description}\n\n${PLANNED}`,
    inputSchema: { ...tool.inputSchema, properties } as unknown as Tool['inputSchema'],
  };
};

/** A tool as listed: its title and hints beside its input, the open world only where the target is not in process. */
const listed = (tool: OperationTool, openWorld: boolean, planned: boolean): Tool => ({
  name: tool.name,
  title: tool.title,
  description: tool.description,
  inputSchema: tool.inputSchema as Tool['inputSchema'],
  ...(tool.outputSchema
    ? { outputSchema: (planned ? plannedOutputSchema(tool.outputSchema) : tool.outputSchema) as Tool['outputSchema'] }
    : {}),
  ...(planned ? plannedForm(tool) : {}),
  annotations: { title: tool.title, ...tool.hints, openWorldHint: openWorld },
});

/**
 * Makes what lasts between calls once (the tools, their checks, the client, the open plans), and returns
 * the factory of the protocol Server each session or HTTP request is served by.
 */
export function createMcpServerFactory(options: McpServerOptions): () => Server {
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
  const planned = (tool: OperationTool) => options.rehearsal !== undefined && tool.route.method !== 'GET';
  const planning: Planning = {
    plans: new PlanBook(options.now),
    stage: { baseUrl: options.target.baseUrl, emulatorFetch: options.rehearsal!, logger: options.logger },
    redact,
    send: (tool, args) => callOperation(client, tool, args, redact),
  };

  const callTool = async (name: string, given: Record<string, unknown>): Promise<CallToolResult> => {
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
    const isPlanned = tool !== undefined && planned(tool);
    const { [CONFIRM_ARGUMENT]: token, ...rest } = given;
    const args = isPlanned ? rest : given;
    const problem = check(args);
    if (problem) return notCalled(name, redact(problem));
    if (!tool) return textResult(JSON.stringify(journal?.list(args.operationId as string | undefined), null, 2));
    return isPlanned ? planOrSend(planning, tool, args, token) : callOperation(client, tool, args, redact);
  };

  const listing = [
    ...tools.filter(allowed).map((tool) => listed(tool, openWorld, planned(tool))),
    ...(journal ? [journal.tool] : []),
  ];
  return () => protocolServer(options.version, listing, callTool);
}

/** One protocol Server: cheap, over the parts made once. */
function protocolServer(
  version: string,
  listing: Tool[],
  callTool: (name: string, args: Record<string, unknown>) => Promise<CallToolResult>,
): Server {
  const server = new Server({ name: 'cloud-platform-mcp', version }, { capabilities: { tools: {} } });
  server.setRequestHandler('tools/list', () => ({ tools: listing }));
  server.setRequestHandler('tools/call', (request) => callTool(request.params.name, request.params.arguments ?? {}));
  return server;
}

/** What a planned write needs: its open plans, the emulator it is rehearsed on, and the send it waits for. */
interface Planning {
  plans: PlanBook;
  stage: Parameters<typeof rehearse>[2];
  redact: (text: string) => string;
  send: (tool: OperationTool, args: Record<string, unknown>) => Promise<CallToolResult>;
}

/** A planned write: without a token, its plan; with its plan's token, the call itself. */
async function planOrSend(
  planning: Planning,
  tool: OperationTool,
  args: Record<string, unknown>,
  token: unknown,
): Promise<CallToolResult> {
  if (token === undefined) {
    try {
      const plan = redactJson(await rehearse(tool, args, planning.stage), planning.redact) as WritePlan;
      return planAnswer(tool.name, plan, planning.plans.open(tool.name, args));
    } catch (thrown) {
      return thrownAnswer(tool, thrown, planning.redact);
    }
  }
  if (typeof token !== 'string')
    return notCalled(tool.name, `${CONFIRM_ARGUMENT} must be the token of this call's plan, a string`);
  const refused = planning.plans.redeem(token, tool.name, args);
  return refused ? notCalled(tool.name, refused) : planning.send(tool, args);
}

/** A call that threw: before anything was sent (a path value the document refuses), or in the client. */
function thrownAnswer(tool: OperationTool, thrown: unknown, redact: (text: string) => string): CallToolResult {
  if (thrown instanceof CloudClientOptionError) return notCalled(tool.name, redact(thrown.message));
  // The client's own errors (network, timeout, an answer that is not JSON) carry no key.
  return textResult(`${tool.name} failed: ${(thrown as Error).message}`, true);
}

/**
 * Calls the operation through the client: its answer as structured content and as JSON text, or a tool
 * error with the API's status and body.
 */
async function callOperation(
  client: CloudClient,
  tool: OperationTool,
  args: Record<string, unknown>,
  redact: (text: string) => string,
): Promise<CallToolResult> {
  try {
    const { data, error, response } = await sendOperation(client, tool, args);
    if (!response.ok) return errorAnswer(tool.name, response.status, redactJson(error, redact));
    if (data === undefined) return textResult(`${response.status}: done, no content`);
    const structured = tool.structured(redactJson(data, redact));
    return { ...textResult(JSON.stringify(structured, null, 2)), structuredContent: structured };
  } catch (thrown) {
    return thrownAnswer(tool, thrown, redact);
  }
}
