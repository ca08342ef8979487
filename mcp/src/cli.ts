// `cloud-platform-mcp`: the MCP server over stdio, or Streamable HTTP with --http. Its target is the emulator in process unless
// --base-url names another, whose key is read from GCORE_API_KEY only (never an argument or a tool's
// input). Writes and deletes need their flags; against --base-url each is planned on an emulator in process
// and sent only when confirmed, unless --no-confirm. stdout is the protocol's: everything else goes to stderr.
import { createRequire } from 'node:module';
import { parseArgs } from 'node:util';
import type { Logger } from 'cloud-platform-api';
import {
  httpUrl,
  isLoopback,
  notHttpUrl,
  optionErrorMessage,
  parsePort,
  UsageError,
  type OpenApiDocument,
} from 'cloud-platform-api/toolbox';
import bundled from 'cloud-platform-api/openapi.json' with { type: 'json' };
import { DocumentError } from 'cloud-platform-check/contract';
import type { Server } from '@modelcontextprotocol/server';
import { serveStdio } from '@modelcontextprotocol/server/stdio';
import type { Emulator } from 'cloud-platform-emulator';
import { createServerEmulator } from 'cloud-platform-emulator/server';
import { LineTransport, MessageTooLargeError } from './line-transport.js';
import { parseBudget, DEFAULT_SCHEMA_BUDGET } from './schema-budget.js';
import { commaList, toolsPerTag } from './selection.js';
import { type ToolChoice, type ToolSet, toolSet } from './tool-set.js';
import { createMcpServerFactory, type McpServerOptions, type McpTarget } from './server.js';
import { type HttpMcpServer, serveHttp } from './http-server.js';

/** The port --http listens on unless --port says another. */
const DEFAULT_HTTP_PORT = 3939;

const USAGE = `Usage: cloud-platform-mcp [options]

An MCP server (stdio, or Streamable HTTP) with one tool per operation of the cloud-platform-api document. Read-only by default,
and aimed at an in-process emulator, so a first run can do no harm.

Options:
  --document FILE     the tools of this OpenAPI 3.0 or 3.1 document (YAML or JSON, its local $ref files
                      bundled in) instead of cloud-platform-api's (default: the package's)
  --emulator          call an emulator in this process (default), with a journal tool of what was sent
  --state FILE        with --emulator: keep its state in the SQLite file FILE (default: in memory)
  --base-url URL      call the API at URL instead, with the key in GCORE_API_KEY
  --allow-writes      list and allow the POST and PATCH operations (default: GETs only)
  --allow-deletes     with --allow-writes: the DELETE operations too
  --no-confirm        with --base-url: send a write when called, without a plan and its token first
  --http              serve MCP's Streamable HTTP at http://HOST:PORT/mcp instead of stdio
  --port N            with --http: the port (default: ${DEFAULT_HTTP_PORT}; 0 picks a free one)
  --host H            with --http: the address to listen on (default: 127.0.0.1, this machine only)
  --allow-remote      with --host: allow an address other machines can reach
  --tools NAMES       list only these tools (names or operationIds, separated by commas)
  --tags TAGS         list only the operations of these tags (separated by commas); with --tools, both
  --schema-budget N   leave out a tool whose input schema is over N bytes (default: ${DEFAULT_SCHEMA_BUDGET})
  --version           print the version and exit
  --help              show this text and exit
`;

interface HttpListen {
  host: string;
  port: number;
}

interface McpCommand {
  /** The document whose operations are the tools: --document's, else the package's. */
  document: OpenApiDocument;
  allowWrites: boolean;
  allowDeletes: boolean;
  confirmWrites: boolean;
  baseUrl: string | undefined;
  stateFile: string | undefined;
  choice: ToolChoice;
  /** Where to serve Streamable HTTP; undefined for stdio. */
  http: HttpListen | undefined;
}

/** Addresses that listen on every interface: a Host header then names an address the server never heard of. */
const WILDCARD_HOSTS = new Set(['0.0.0.0', '::', '[::]']);

/** --http, --port, --host and --allow-remote as where to listen, each checked. */
function httpListenOf(values: {
  http?: boolean | undefined;
  port?: string | undefined;
  host?: string | undefined;
  'allow-remote'?: boolean | undefined;
}): HttpListen | undefined {
  if (!values.http) {
    const stray = (['port', 'host', 'allow-remote'] as const).find((flag) => values[flag] !== undefined);
    if (stray) throw new UsageError(`--${stray} needs --http`);
    return undefined;
  }
  const { port = String(DEFAULT_HTTP_PORT), host = '127.0.0.1' } = values;
  if (host.trim() === '') throw new UsageError('--host takes an address or a name, got ""');
  if (WILDCARD_HOSTS.has(host))
    throw new UsageError(
      `--host ${host} listens on every address, under names the server cannot check: give the address clients use`,
    );
  if (!isLoopback(host) && !values['allow-remote'])
    throw new UsageError(
      `--host ${host} is reachable from other machines, which could call the tools with your key: add --allow-remote to mean it`,
    );
  if (values['allow-remote'] && values.host === undefined) throw new UsageError('--allow-remote needs --host');
  return { host, port: parsePort(port, '--port') };
}

const OPTIONS = {
  document: { type: 'string' },
  emulator: { type: 'boolean' },
  state: { type: 'string' },
  'base-url': { type: 'string' },
  'allow-writes': { type: 'boolean' },
  'allow-deletes': { type: 'boolean' },
  'no-confirm': { type: 'boolean' },
  http: { type: 'boolean' },
  port: { type: 'string' },
  host: { type: 'string' },
  'allow-remote': { type: 'boolean' },
  tools: { type: 'string' },
  tags: { type: 'string' },
  'schema-budget': { type: 'string' },
  help: { type: 'boolean' },
  version: { type: 'boolean' },
} as const;

/** --tools, --tags and --schema-budget as the server's options: toolSet checks them against the document. */
const choiceOf = (values: {
  tools?: string | undefined;
  tags?: string | undefined;
  'schema-budget'?: string | undefined;
}): ToolChoice => ({
  tools: commaList(values.tools),
  tags: commaList(values.tags),
  schemaBudget: values['schema-budget'] === undefined ? undefined : parseBudget(values['schema-budget']),
});

async function commandOf(
  argv: readonly string[],
  env: NodeJS.ProcessEnv,
): Promise<McpCommand | { help: ToolChoice; document: OpenApiDocument } | 'version'> {
  const { values } = parseArgs({ args: [...argv], options: OPTIONS, strict: true });
  if (values.version) return 'version';
  // The loader (a YAML parser, a $ref bundler) is loaded only for a file.
  const document =
    values.document === undefined
      ? (bundled as OpenApiDocument)
      : await (await import('cloud-platform-check/document')).loadDocument(values.document);
  if (values.help) return { help: choiceOf(values), document };
  const baseUrl = values['base-url'];
  if (baseUrl !== undefined && values.emulator)
    throw new UsageError('--base-url and --emulator name two targets: give one');
  if (baseUrl !== undefined && values.state !== undefined)
    throw new UsageError("--state keeps the emulator's state: it has no meaning with --base-url");
  if (baseUrl !== undefined && !httpUrl(baseUrl)) throw new UsageError(notHttpUrl('--base-url', baseUrl));
  if (baseUrl !== undefined && !env.GCORE_API_KEY)
    throw new UsageError('--base-url needs the API key in the environment variable GCORE_API_KEY (never an argument)');
  if (values['no-confirm'] && baseUrl === undefined)
    throw new UsageError('--no-confirm needs --base-url: writes to the emulator in process are never planned');
  if (values['allow-deletes'] && !values['allow-writes'])
    throw new UsageError('--allow-deletes needs --allow-writes too');
  return {
    document,
    allowWrites: values['allow-writes'] === true,
    allowDeletes: values['allow-deletes'] === true,
    confirmWrites: values['no-confirm'] !== true,
    baseUrl,
    stateFile: values.state,
    choice: choiceOf(values),
    http: httpListenOf(values),
  };
}

const stderrLogger: Logger = Object.fromEntries(
  (['error', 'warn', 'info', 'debug'] as const).map((level) => [
    level,
    (line: string) => void process.stderr.write(`${line}\n`),
  ]),
) as unknown as Logger;

/** Runs the server until its client closes stdin; the exit code. */
export async function main(argv: readonly string[], env: NodeJS.ProcessEnv = process.env): Promise<number> {
  const { version } = createRequire(import.meta.url)('cloud-platform-mcp/package.json') as { version: string };
  let command: Awaited<ReturnType<typeof commandOf>>;
  try {
    command = await commandOf(argv, env);
  } catch (error) {
    // A file is not a matter of usage: its line alone says what is wrong with it.
    if (error instanceof DocumentError) process.stderr.write(`cloud-platform-mcp: --document ${error.message}\n`);
    else process.stderr.write(`cloud-platform-mcp: ${optionErrorMessage(error, Object.keys(OPTIONS))}\n\n${USAGE}`);
    return 2;
  }
  if (command === 'version') {
    process.stdout.write(`${version}\n`);
    return 0;
  }
  const { document } = command;
  if ('help' in command) return printHelp(document, command.help);
  const served = await servedBy(command, document, env, version);
  let factory: () => Server;
  try {
    factory = createMcpServerFactory(served.options);
  } catch (error) {
    await served.close();
    if (!(error instanceof UsageError)) throw error;
    process.stderr.write(`cloud-platform-mcp: ${error.message}\n\n${USAGE}`);
    return 2;
  }
  try {
    return command.http ? await serveOverHttp(factory, command.http) : await serveOverStdio(factory);
  } finally {
    await served.close();
  }
}

/** --help: the usage, then the document's tools by tag and those the choice would leave out, with why. */
function printHelp(document: OpenApiDocument, choice: ToolChoice): number {
  let set: ToolSet;
  try {
    set = toolSet(document, choice);
  } catch (error) {
    if (!(error instanceof UsageError)) throw error;
    process.stderr.write(`cloud-platform-mcp: ${error.message}\n\n${USAGE}`);
    return 2;
  }
  const leftOut = set.leftOut.map((tool) => `  ${tool.name}: ${tool.reason}`).join('\n');
  process.stdout.write(
    `${USAGE}\nTools by tag:\n${toolsPerTag([...set.tools, ...set.leftOut]) || '  none: the document has no operations'}\n${leftOut ? `\nLeft out:\n${leftOut}\n` : ''}`,
  );
  return 0;
}

/** The server's options for the command's target, and how to close the emulators it started. */
async function servedBy(
  command: McpCommand,
  document: OpenApiDocument,
  env: NodeJS.ProcessEnv,
  version: string,
): Promise<{ options: McpServerOptions; close(): Promise<void> }> {
  let emulator: Emulator | undefined;
  let target: McpTarget;
  // Against a base URL, the emulator is only the rehearsal stage of planned writes: it gets no journal tool.
  let rehearsal: Emulator | undefined;
  if (command.baseUrl === undefined) {
    emulator = await createServerEmulator({ document, stateFile: command.stateFile });
    target = { baseUrl: 'http://emulator.local', apiKey: 'cloud-platform-mcp', fetch: emulator.fetch };
  } else {
    target = { baseUrl: command.baseUrl, apiKey: env.GCORE_API_KEY! };
    if (command.confirmWrites && command.allowWrites) rehearsal = await createServerEmulator({ document });
  }
  const journal = emulator
    ? (operationId: string | undefined) =>
        emulator.requests.list(operationId === undefined ? {} : { operationId: operationId as never })
    : undefined;
  const options = {
    document: emulator?.document ?? document,
    target,
    allowWrites: command.allowWrites,
    allowDeletes: command.allowDeletes,
    ...command.choice,
    journal,
    version,
    logger: stderrLogger,
    rehearsal,
  };
  return { options, close: async () => void (await Promise.all([emulator?.close(), rehearsal?.close()])) };
}

/** Serves one stdio session, until the client closes stdin; the exit code. */
async function serveOverStdio(factory: () => Server): Promise<number> {
  const transport = new LineTransport(process.stdin, process.stdout);
  // Every other error is the SDK's to answer on the protocol; this one ends the session.
  let tooLarge: MessageTooLargeError | undefined;
  // The SDK's stdio entry picks the protocol's era from the client's first message: the 2026-07-28
  // revision for a client that claims it, the 2025 handshake (initialize) for one that does not.
  serveStdio(factory, {
    transport,
    onerror: (error) => {
      if (error instanceof MessageTooLargeError) tooLarge = error;
    },
  });
  await transport.closed;
  if (!tooLarge) return 0;
  process.stderr.write(`cloud-platform-mcp: ${tooLarge.message}\n`);
  return 1;
}

/** Serves Streamable HTTP until SIGINT or SIGTERM; the line on stderr says where, once it listens. */
async function serveOverHttp(factory: () => Server, listen: HttpListen): Promise<number> {
  let server: HttpMcpServer;
  try {
    server = await serveHttp(factory, {
      ...listen,
      onerror: (error) => process.stderr.write(`cloud-platform-mcp: ${error.message}\n`),
    });
  } catch (error) {
    process.stderr.write(
      `cloud-platform-mcp: cannot listen on ${listen.host}:${listen.port}: ${(error as Error).message}\n`,
    );
    return 1;
  }
  process.stderr.write(`cloud-platform-mcp: serving MCP over Streamable HTTP at ${server.url}\n`);
  await new Promise((resolve) => {
    process.once('SIGINT', resolve);
    process.once('SIGTERM', resolve);
  });
  await server.close();
  return 0;
}
