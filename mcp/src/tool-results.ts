// What a tool call answers, in shapes every client reads. The text holds the whole answer, always;
// structured content only what fits the tool's listed outputSchema (output-check.ts), since a client that
// finds it does not fit throws, and its agent reads nothing. An error is text only: its status and body
// are not the answer the schema types. An answer the document did not foresee (a live service newer than
// it: a new enum value, a null) is still the service's answer, and a write it answers was applied: it
// comes as `offDocument`, a branch every listed outputSchema holds, saying where it departs.
import type { CallToolResult } from '@modelcontextprotocol/server';
import type { JsonObject } from 'cloud-platform-api/toolbox';
import type { OutputCheck } from './output-check.js';

export const textResult = (text: string, isError = false): CallToolResult => ({
  content: [{ type: 'text', text }],
  ...(isError ? { isError: true } : {}),
});

const OFF_DOCUMENT_SCHEMA = {
  type: 'object',
  description:
    'An answer the document does not foresee (the service may be newer than it): its status, the answer as sent, and where it departs from the schema.',
  properties: {
    offDocument: {
      type: 'object',
      properties: { status: { type: 'integer' }, answer: {}, departs: { type: 'string' } },
      required: ['status', 'departs'],
    },
  },
  required: ['offDocument'],
  additionalProperties: false,
};

/** A tool's outputSchema as listed: its answer, one the document did not foresee, or what else it may answer (a plan). */
export const listedOutputSchema = (answer: JsonObject, ...others: JsonObject[]): JsonObject => ({
  type: 'object',
  anyOf: [answer, OFF_DOCUMENT_SCHEMA, ...others],
});

/** A success answer that fits the tool's answer schema: as data, and the same JSON as text. */
export function typedAnswer(structured: Record<string, unknown>): CallToolResult {
  return { ...textResult(JSON.stringify(structured, null, 2)), structuredContent: structured };
}

/**
 * A success answer: typed where it fits the tool's answer schema, off the document where it does not.
 * `structured` is the answer as the schema holds it (an object at the root); `answer` as the service sent it.
 */
export function successAnswer(
  name: string,
  status: number,
  answer: unknown,
  structured: Record<string, unknown>,
  check: OutputCheck,
): CallToolResult {
  const departs = check(structured);
  if (departs === undefined) return typedAnswer(structured);
  const text = `${name} answered ${status}, with an answer the document does not foresee (${departs}); here it is as the service sent it:\n\n${JSON.stringify(answer, null, 2)}`;
  return {
    ...textResult(text),
    structuredContent: { offDocument: { status, ...(answer === undefined ? {} : { answer }), departs } },
  };
}

/**
 * The result as sent: structured content only where it fits the listed schema, and never on an error.
 * A success left without it where the tool lists a schema would make a client throw: it says why instead.
 */
export function fitted(name: string, result: CallToolResult, check: OutputCheck | undefined): CallToolResult {
  const { structuredContent, ...rest } = result;
  if (structuredContent === undefined || result.isError) return rest;
  const departs = check?.(structuredContent);
  if (departs === undefined) return result;
  const texts = rest.content.map((part) => (part.type === 'text' ? part.text : '')).join('\n');
  return textResult(`${name}'s result does not fit its output schema (${departs}):\n\n${texts}`, true);
}

/** A call's first answer given again to the same call with the same token: marked, with when it was sent. */
export function replayed(result: CallToolResult, sentAt: number): CallToolResult {
  const at = new Date(sentAt).toISOString();
  return {
    ...result,
    content: [
      {
        type: 'text',
        text: `A replay: this call was sent once, at ${at}, and this is its answer; nothing was sent again.`,
      },
      ...result.content,
    ],
    _meta: { ...result._meta, 'cloud-platform-mcp/replay': { sentAt: at } },
  };
}
