// The MCP server: the document's operations as tools (tools.ts), each call made through this project's
// client (so a retry never repeats a write) against one target, the emulator in process or a base URL.
// Read-only unless told: a POST or PATCH needs `allowWrites`, a DELETE `allowDeletes` too. A call is
// checked against the document's schema of its input (the one listed may say a rule in words: see
// portable-schema.ts), and the client checks each path value against the document, before anything is
// sent: a refusal is a tool error, never a request. Against a base URL, a write is planned first and
// sent only when confirmed (write-plan.ts), once (plan-tokens.ts). Every result and error is scrubbed of
// the key, as the client's errors are, and carries structured content only where it fits the tool's
// listed outputSchema (tool-results.ts). A tool this server does not list is a protocol error (-32602). What lasts between calls (checks, clients, open plans) is made once; each
// session or HTTP request gets a fresh protocol Server over it.
import { type CallToolResult, ProtocolError, ProtocolErrorCode, Server, type Tool } from '@modelcontextprotocol/server';
import { type CloudClient, CloudClientOptionError, createCloudClient, type Logger } from 'cloud-platform-api';
import {
  createRedactor,
  redactJson,
  secretsOfKey,
  securityOf,
  type FetchFunction,
  type JsonObject,
  type OpenApiDocument,
} from 'cloud-platform-api/toolbox';
import { createInputChecks, type InputCheck } from './input-check.js';
import { clientOptionsFor, sendOperation } from './operation-call.js';
import { journalTool } from './journal-tool.js';
import { createOutputChecks, type OutputCheck } from './output-check.js';
import { PlanBook } from './plan-tokens.js';
import { fitted, listedOutputSchema, replayed, successAnswer, textResult } from './tool-results.js';
import type { LeftOutTool, OperationTool } from './tools.js';
import { leftOutLine, nothingListedLine, toolSet } from './tool-set.js';
import {
  CONFIRM_ARGUMENT,
  createRehearsal,
  PLAN_ANSWER_SCHEMA,
  planAnswer,
  type Rehearse,
  type RehearsalStage,
  type WritePlan,
} from './write-plan.js';

export interface McpTarget {
  baseUrl: string;
  apiKey: string;
  /** The emulator's fetch, for a target in process. */
  fetch?: FetchFunction | undefined;
}

export interface McpServerOptions {
  /** The document whose operations are the tools: OpenAPI 3.0 or 3.1, read once by readDocument. */
  document: OpenApiDocument;
  target: McpTarget;
  /** List and allow POST and PATCH operations. */
  allowWrites: boolean;
  /** With allowWrites: list and allow DELETE operations too. */
  allowDeletes: boolean;
  /** The tools to list, by name or operationId as written (--tools); with `tags`, both; all when neither is given. */
  tools?: readonly string[] | undefined;
  /** The tags whose operations to list (--tags). */
  tags?: readonly string[] | undefined;
  /** The most bytes a tool's input schema may have, as compact JSON (--schema-budget); 32 KiB when undefined. */
  schemaBudget?: number | undefined;
  /** The emulator's journal, where the target is one: the `journal` tool lists what the tools sent. */
  journal?: ((operationId: string | undefined) => unknown[]) | undefined;
  version: string;
  /** Where the client's log lines go (never stdout, the protocol's). */
  logger: Logger;
  /**
   * With a base URL: an emulator in process to rehearse each write on, which then waits for its plan's
   * token before it is sent. Undefined (--no-confirm, or the emulator as target): writes are sent at once.
   */
  rehearsal?: RehearsalStage | undefined;
  /** The clock plans expire by; tests inject one. */
  now?: (() => number) | undefined;
}

/** The flags a method needs, as the command line spells them; none for a read. */
const flagsFor = (method: string) =>
  method === 'GET' ? [] : method === 'DELETE' ? ['--allow-writes', '--allow-deletes'] : ['--allow-writes'];

/** The API's error answer: its status and the body, as text (what the tool's outputSchema types is a success). */
const errorAnswer = (name: string, status: number, body: unknown): CallToolResult =>
  textResult(
    `${name} answered ${status}${body === undefined || body === '' ? ', with no body' : `: ${JSON.stringify(body)}`}`,
    true,
  );

/** A call refused before anything was sent. */
const notCalled = (name: string, why: string) => textResult(`${name} was not called: ${why}`, true);

const PLANNED = `Against the live API this call is planned first: its first answer is a plan (method, URL, body, and what the emulator answered) and sends nothing. Repeat the call with the same arguments and the plan's \`${CONFIRM_ARGUMENT}\` token to send it; the same again returns the first answer and sends nothing.`;

/** A planned write's input also takes the plan's token. */
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
    ? {
        outputSchema: (planned
          ? listedOutputSchema(tool.outputSchema, PLAN_ANSWER_SCHEMA)
          : listedOutputSchema(tool.outputSchema)) as Tool['outputSchema'],
      }
    : {}),
  ...(planned ? plannedForm(tool) : {}),
  annotations: { title: tool.title, ...tool.hints, openWorldHint: openWorld },
});

/** How an operation's call is answered: through the one client, scrubbed, its answer held to its schema. */
interface Answering {
  client: CloudClient;
  redact: (text: string) => string;
  /** Whether an answer fits the tool's answer schema as listed. */
  answerCheck: (tool: OperationTool) => OutputCheck;
}

/**
 * Makes what lasts between calls once (the tools, their checks, the client, the open plans), and returns
 * the factory of the protocol Server each session or HTTP request is served by.
 */
export function createMcpServerFactory(options: McpServerOptions): () => Server {
  const set = toolSet(options.document, options);
  const { tools, document } = set;
  const allowed = ({ method }: { method: string }) =>
    flagsFor(method).every((flag) => (flag === '--allow-writes' ? options.allowWrites : options.allowDeletes));
  const leftOut = set.leftOut.filter(allowed);
  for (const tool of leftOut) options.logger.warn(leftOutLine(tool));
  const checkOf = createInputChecks(document);
  const inputChecks = new Map<string, InputCheck>(tools.map((tool) => [tool.name, checkOf(tool.checkedSchema)]));
  const journal = options.journal && journalTool(tools, options.journal);
  if (journal) inputChecks.set(journal.tool.name, checkOf(journal.tool.inputSchema as JsonObject));
  // An emulator in process is a closed world: a tool reaches nothing outside it.
  const openWorld = options.target.fetch === undefined;
  const planned = (tool: OperationTool) => options.rehearsal !== undefined && tool.route.method !== 'GET';
  const listing = [
    ...tools.filter((tool) => allowed(tool.route)).map((tool) => listed(tool, openWorld, planned(tool))),
    ...(journal ? [journal.tool] : []),
  ];
  const nothing = nothingListedLine(set, listing.length - (journal ? 1 : 0));
  if (nothing) options.logger.warn(nothing);
  const { results, answers } = outputChecks(listing, tools);
  const answering = answeringOf(options, document, answers);
  const { redact } = answering;
  const planning: Planning | undefined = options.rehearsal && {
    plans: new PlanBook(options.now),
    rehearse: createRehearsal({
      baseUrl: options.target.baseUrl,
      stage: options.rehearsal,
      logger: options.logger,
      document,
    }),
    answering,
  };
  const offered = listing.map((tool) => tool.name);

  const callTool = async (name: string, given: Record<string, unknown>): Promise<CallToolResult> => {
    const tool = tools.find((each) => each.name === name);
    if (!offered.includes(name)) throw notOffered(name, tool ?? leftOut.find((each) => each.name === name), offered);
    const isPlanned = tool !== undefined && planned(tool);
    const { [CONFIRM_ARGUMENT]: token, ...rest } = given;
    const args = isPlanned ? rest : given;
    const problem = inputChecks.get(name)!(args);
    if (problem) return notCalled(name, redact(problem));
    if (!tool) return journal!.call(args.operationId as string | undefined);
    return isPlanned ? planOrSend(planning!, tool, args, token) : callOperation(answering, tool, args);
  };

  return () =>
    protocolServer(options.version, listing, async (name, args) =>
      fitted(name, await callTool(name, args), results.get(name)),
    );
}

type Named = { name: string; outputSchema?: object | undefined };

/**
 * Each listed outputSchema compiled once, which every result is held to; and each answer's schema alone, a
 * branch of the listed one, which an operation's answer is held to (or sent as one off the document).
 */
function outputChecks(listing: readonly Named[], tools: readonly Named[]) {
  const checkOf = createOutputChecks();
  const checksOf = (named: readonly Named[]) =>
    new Map(named.flatMap(({ name, outputSchema }) => (outputSchema ? [[name, checkOf(outputSchema)] as const] : [])));
  return { results: checksOf(listing), answers: checksOf(tools) };
}

/** What a key stands for in a document, to scrub: the key, and HTTP basic's password where a scheme is basic. */
const keySecrets = (document: OpenApiDocument, key: string) => [
  key,
  ...securityOf(document).schemes.flatMap(({ slot }) => secretsOfKey(slot, key)),
];

/** The one client of the target, the key's redactor, and the answer checks. */
function answeringOf(
  options: McpServerOptions,
  document: OpenApiDocument,
  answers: ReadonlyMap<string, OutputCheck>,
): Answering {
  return {
    client: createCloudClient({
      apiKey: options.target.apiKey,
      baseUrl: options.target.baseUrl,
      ...(options.target.fetch ? { fetch: options.target.fetch } : {}),
      logger: options.logger,
      ...clientOptionsFor(document),
    }),
    redact: createRedactor(keySecrets(document, options.target.apiKey)),
    answerCheck: (tool) => answers.get(tool.name)!,
  };
}

/**
 * A call of a tool this server does not list: a protocol error naming the tools it does, and the flag
 * that would list this one, or why it was left out.
 */
function notOffered(
  name: string,
  tool: OperationTool | LeftOutTool | undefined,
  offered: readonly string[],
): ProtocolError {
  const why =
    tool === undefined
      ? `There is no tool ${JSON.stringify(name)}`
      : 'reason' in tool
        ? `${name} is left out: ${tool.reason}`
        : `${name} is a ${tool.route.method}, which this server does not send: start it with ${flagsFor(tool.route.method).join(' ')} to allow it`;
  return new ProtocolError(ProtocolErrorCode.InvalidParams, `${why}. The tools are ${offered.join(', ')}`);
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

/** What a planned write needs: the rehearsal that makes its plan, the open plans, and how its call is answered. */
interface Planning {
  plans: PlanBook<CallToolResult>;
  rehearse: Rehearse;
  answering: Answering;
}

/**
 * A planned write: without a token, its plan; with its plan's token, the call itself, once. The same
 * call with the same token again gets the first call's answer, marked as a replay, and sends nothing.
 */
async function planOrSend(
  planning: Planning,
  tool: OperationTool,
  args: Record<string, unknown>,
  token: unknown,
): Promise<CallToolResult> {
  const { redact } = planning.answering;
  if (token === undefined) {
    try {
      const plan = redactJson(await planning.rehearse(tool, args), redact) as WritePlan;
      return planAnswer(tool.name, plan, planning.plans.open(tool.name, args));
    } catch (thrown) {
      const message = (thrown as Error).message;
      return refusedByClient(tool, thrown, redact) ?? notCalled(tool.name, `its rehearsal failed: ${message}`);
    }
  }
  if (typeof token !== 'string')
    return notCalled(tool.name, `${CONFIRM_ARGUMENT} must be the token of this call's plan, a string`);
  const confirmed = planning.plans.confirm(token, tool.name, args, () => callOperation(planning.answering, tool, args));
  switch (confirmed.kind) {
    case 'refused':
      return notCalled(tool.name, confirmed.why);
    case 'sent':
      return confirmed.answer;
    case 'replay':
      return replayed(await confirmed.answer, confirmed.sentAt);
    case 'sent-before':
      return textResult(
        `${tool.name} was not sent again: the call this token confirmed was sent at ${new Date(confirmed.sentAt).toISOString()}, and its answer was kept until ${new Date(confirmed.expiresAt).toISOString()}, the token's lifetime. Read the service's state to see what that call did.`,
        true,
      );
  }
}

/** A call the client refused before sending anything (a path value the document refuses); undefined for any other throw. */
const refusedByClient = (tool: OperationTool, thrown: unknown, redact: (text: string) => string) =>
  thrown instanceof CloudClientOptionError ? notCalled(tool.name, redact(thrown.message)) : undefined;

/** A call that threw: before anything was sent, or in the client. */
function thrownAnswer(tool: OperationTool, thrown: unknown, redact: (text: string) => string): CallToolResult {
  const refused = refusedByClient(tool, thrown, redact);
  if (refused) return refused;
  // The client's own errors (network, timeout, an answer that is not JSON) carry no key.
  const message = (thrown as Error).message;
  if (tool.route.method === 'GET') return textResult(`${tool.name} failed: ${message}`, true);
  // A write whose answer was lost may have been applied all the same: never say it failed.
  return textResult(
    `${tool.name} got no answer it could read (${message}): the service may have applied it all the same. Read its state before you call it again.`,
    true,
  );
}

/**
 * Calls the operation through the client: its answer as structured content and as JSON text (off the
 * document where it does not fit the tool's schema), or a tool error with the API's status and body.
 */
async function callOperation(
  answering: Answering,
  tool: OperationTool,
  args: Record<string, unknown>,
): Promise<CallToolResult> {
  const { client, redact } = answering;
  try {
    const { data, error, response } = await sendOperation(client, tool, args);
    if (!response.ok) return errorAnswer(tool.name, response.status, redactJson(error, redact));
    const answer = data === undefined ? undefined : redactJson(data, redact);
    if (!tool.outputSchema)
      return textResult(
        answer === undefined ? `${response.status}: done, no content` : JSON.stringify(answer, null, 2),
      );
    return successAnswer(tool.name, response.status, answer, tool.structured(answer), answering.answerCheck(tool));
  } catch (thrown) {
    return thrownAnswer(tool, thrown, redact);
  }
}
