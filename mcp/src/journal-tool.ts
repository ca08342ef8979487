// The `journal` tool, with an emulator as target: what the tools sent it, oldest first, as data its
// outputSchema types and as the same JSON in text. Proof of what the agent did, and that it did it once.
import type { CallToolResult, Tool } from '@modelcontextprotocol/server';
import { typedAnswer } from './tool-results.js';
import type { OperationTool } from './tools.js';

const TITLE = 'What the tools sent';

/** One request as the emulator's journal holds it: what every entry has typed, the rest left open. */
const ENTRY_SCHEMA = {
  type: 'object',
  properties: {
    time: { type: 'string', format: 'date-time', description: 'When the emulator took the request.' },
    method: { type: 'string' },
    path: { type: 'string' },
    query: { type: 'object', description: 'The query parameters, each a string or a list of strings.' },
    operationId: { type: 'string', description: 'The operation that took the request; absent where none did.' },
    body: { description: 'The request body as parsed (JSON), or its text; absent for none.' },
    status: { type: 'integer', description: 'The status the emulator answered.' },
    fault: { type: ['integer', 'string'], description: 'An injected fault: the status it answered, or the drop.' },
  },
  required: ['time', 'method', 'path', 'status'],
};

const OUTPUT_SCHEMA = {
  type: 'object',
  properties: { requests: { type: 'array', items: ENTRY_SCHEMA, description: 'Oldest first.' } },
  required: ['requests'],
  additionalProperties: false,
};

export interface JournalTool {
  tool: Tool;
  call(operationId: string | undefined): CallToolResult;
}

export function journalTool(
  tools: readonly OperationTool[],
  list: (operationId: string | undefined) => unknown[],
): JournalTool {
  // The journal names each request's operation by its operationId as written, which a renamed tool's description gives.
  const operationIds = [
    ...new Set(tools.flatMap((each) => (each.operationId === undefined ? [] : [each.operationId]))),
  ];
  const tool: Tool = {
    name: 'journal',
    title: TITLE,
    description:
      'What the tools sent to the emulator, oldest first: each request with its operationId, body, status and any fault. Filter by operationId.',
    inputSchema: {
      type: 'object',
      properties: {
        operationId: {
          type: 'string',
          ...(operationIds.length > 0 ? { enum: operationIds } : {}),
          description: 'Only the requests to this operation.',
        },
      },
      additionalProperties: false,
    },
    outputSchema: OUTPUT_SCHEMA as Tool['outputSchema'],
    annotations: {
      title: TITLE,
      readOnlyHint: true,
      destructiveHint: false,
      idempotentHint: true,
      openWorldHint: false,
    },
  };
  return { tool, call: (operationId) => typedAnswer({ requests: list(operationId) }) };
}
