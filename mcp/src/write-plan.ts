// A plan before a live write: what a POST, PATCH or DELETE would send to the base URL (method, URL and the
// body the document's schema passed), and what the emulator in process answered when it ran the same call,
// made by the same client so the URL is the one a confirmed call goes to. Nothing reaches the base URL:
// the rehearsal's client sends to the emulator only, with a key of its own. Each plan is rehearsed on the
// emulator's fixtures, one at a time: no plan sees what another plan's rehearsal changed.
import type { CallToolResult } from '@modelcontextprotocol/server';
import { createCloudClient, type Logger } from 'cloud-platform-api';
import { createRedactor, type OpenApiDocument } from 'cloud-platform-api/toolbox';
import { clientOptionsFor, sendOperation } from './operation-call.js';
import type { OperationTool } from './tools.js';

/** The argument that confirms a planned call with its token. */
export const CONFIRM_ARGUMENT = 'confirm';

/** The key the rehearsal sends the emulator: the real one never enters a plan. */
const REHEARSAL_KEY = 'cloud-platform-mcp-rehearsal';
const hideRehearsalKey = createRedactor(REHEARSAL_KEY);

export interface WritePlan {
  method: string;
  url: string;
  body?: unknown;
  /** What the emulator in process answered to the same call: a rehearsal, not a promise of the API's answer. */
  emulator: { status: number; answer?: unknown };
}

export type EmulatorFetch = (request: Request) => Promise<Response>;

/** The emulator plans are rehearsed on: its fetch, and how to put its fixtures back. */
export interface RehearsalStage {
  fetch: EmulatorFetch;
  reset(): void;
}

/** The structured answer of a call that was planned, not sent (planAnswer's). */
export const PLAN_ANSWER_SCHEMA = {
  type: 'object',
  description: 'A call not sent: its plan, and the token that sends it when the call is repeated with it.',
  properties: {
    sent: { const: false },
    plan: {
      type: 'object',
      properties: {
        method: { type: 'string' },
        url: { type: 'string' },
        body: {},
        emulator: {
          type: 'object',
          properties: { status: { type: 'integer' }, answer: {} },
          required: ['status'],
        },
      },
      required: ['method', 'url', 'emulator'],
    },
    [CONFIRM_ARGUMENT]: { type: 'string' },
    expiresAt: { type: 'string', format: 'date-time' },
  },
  required: ['sent', 'plan', CONFIRM_ARGUMENT, 'expiresAt'],
  additionalProperties: false,
};

export type Rehearse = (tool: OperationTool, args: Record<string, unknown>) => Promise<WritePlan>;

/** Rehearses one call at a time, each on the stage's fixtures. */
/** Where a rehearsal's client aims (the base URL, as the real call), the stage it runs on, and the document it is made from. */
interface RehearsalTarget {
  baseUrl: string;
  stage: RehearsalStage;
  logger: Logger;
  document: OpenApiDocument;
}

export function createRehearsal(target: RehearsalTarget): Rehearse {
  let previous: Promise<unknown> = Promise.resolve();
  return (tool, args) => {
    const turn = previous.then(() => {
      target.stage.reset();
      return rehearse(tool, args, target);
    });
    previous = turn.catch(() => undefined);
    return turn;
  };
}

/** Runs the call on the emulator through a client aimed at the base URL, and says what it sent and got. */
async function rehearse(
  tool: OperationTool,
  args: Record<string, unknown>,
  target: RehearsalTarget,
): Promise<WritePlan> {
  let sent: Omit<WritePlan, 'emulator'> = { method: tool.route.method, url: '' };
  const client = createCloudClient({
    apiKey: REHEARSAL_KEY,
    baseUrl: target.baseUrl,
    logger: target.logger,
    ...clientOptionsFor(target.document),
    fetch: async (request: Request) => {
      const text = await request.clone().text();
      // A document's key in the query is in the URL: the rehearsal's own, shown redacted as the real one would be.
      const url = hideRehearsalKey(request.url);
      sent = { method: request.method, url, ...(text === '' ? {} : { body: JSON.parse(text) }) };
      return target.stage.fetch(request);
    },
  });
  const { response, data, error } = await sendOperation(client, tool, args);
  const answer = response.ok ? data : error;
  return { ...sent, emulator: { status: response.status, ...(answer === undefined ? {} : { answer }) } };
}

/** The plan as a tool's answer: nothing was sent, and how to send it. */
export function planAnswer(
  name: string,
  plan: WritePlan,
  confirmation: { token: string; expiresAt: number },
): CallToolResult {
  const expires = new Date(confirmation.expiresAt).toISOString();
  const structured = { sent: false, plan, [CONFIRM_ARGUMENT]: confirmation.token, expiresAt: expires };
  const how = `To send it, call ${name} again with the same arguments and "${CONFIRM_ARGUMENT}": "${confirmation.token}", before ${expires}.`;
  return {
    content: [
      {
        type: 'text',
        text: `${name} was not sent: this is its plan. ${how}\n\n${JSON.stringify(structured, null, 2)}`,
      },
    ],
    structuredContent: structured,
  };
}
