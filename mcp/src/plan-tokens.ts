// The one-time tokens of the plans a live write answers with first (write-plan.ts). A token is bound to
// its tool and the exact arguments it was planned with, and expires: whatever does not match is refused,
// so a call reaches the API only as it was shown in its plan. A token sends its call once. The same call
// with it again (a client whose stream broke sends its request again) is answered with the first call's
// answer, shared while that is still on its way, and kept for the token's lifetime; after that, with
// when it was sent. Never a second send, and never the advice to plan anew a call that was sent.
import { randomBytes } from 'node:crypto';

/** How long a plan may wait for its confirmation, and a sent call's answer is kept for a re-issue. */
export const PLAN_LIFETIME_MS = 5 * 60_000;
/** Plans held at once: an agent asking for plans without end cannot grow the server's memory. */
const MAX_OPEN_PLANS = 100;
/** Sent calls remembered (when, for which tool and arguments), so that a re-issued token never sends again. */
export const MAX_SENT_REMEMBERED = 1_000;

interface PlannedCall {
  tool: string;
  args: string;
  expiresAt: number;
}

interface SentCall<T> extends PlannedCall {
  sentAt: number;
  /** The first call's answer, until the token's lifetime is over and it has come. */
  answer: Promise<T> | undefined;
  settled: boolean;
}

/** What a token does for a call. */
export type Confirmation<T> =
  /** Nothing sent: why the token does not confirm this call. */
  | { kind: 'refused'; why: string }
  /** Sent now, once. */
  | { kind: 'sent'; answer: Promise<T> }
  /** Sent before: its first answer again (awaited with it, while it is on its way); nothing sent. */
  | { kind: 'replay'; answer: Promise<T>; sentAt: number }
  /** Sent before, past the token's lifetime: its answer is no longer kept; nothing sent. */
  | { kind: 'sent-before'; sentAt: number; expiresAt: number };

/** A value as one string, object keys sorted at every depth: the same call however its keys are ordered. */
function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (value === null || typeof value !== 'object') return JSON.stringify(value);
  const entries = Object.entries(value).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return `{${entries.map(([key, item]) => `${JSON.stringify(key)}:${canonicalJson(item)}`).join(',')}}`;
}

const NEW_PLAN = 'call it again without confirm for a new plan';

/** Drops the oldest entries (a Map keeps insertion order) until there is room for one more. */
function makeRoom(entries: Map<string, unknown>, limit: number): void {
  while (entries.size >= limit) entries.delete(entries.keys().next().value as string);
}

export class PlanBook<T> {
  readonly #open = new Map<string, PlannedCall>();
  readonly #sent = new Map<string, SentCall<T>>();

  constructor(private readonly now: () => number = Date.now) {}

  /** A token for this call, and when it expires (milliseconds since the epoch). */
  open(tool: string, args: Record<string, unknown>): { token: string; expiresAt: number } {
    const now = this.now();
    for (const [token, plan] of this.#open) if (plan.expiresAt <= now) this.#open.delete(token);
    this.#forgetAnswers();
    makeRoom(this.#open, MAX_OPEN_PLANS);
    const token = randomBytes(18).toString('base64url');
    const expiresAt = now + PLAN_LIFETIME_MS;
    this.#open.set(token, { tool, args: canonicalJson(args), expiresAt });
    return { token, expiresAt };
  }

  /**
   * What the token does for this call: `send` runs only when the token's plan matches it and was never
   * sent. A plan's token is spent by its first use that does not match: a plan is confirmed as shown, or
   * planned anew.
   */
  confirm(token: string, tool: string, args: Record<string, unknown>, send: () => Promise<T>): Confirmation<T> {
    const sent = this.#sent.get(token);
    if (sent) return this.#again(sent, tool, args);
    const plan = this.#open.get(token);
    if (!plan)
      return {
        kind: 'refused',
        why: `the confirm token is not one this server gave (since it started, among its last ${MAX_SENT_REMEMBERED} calls sent): if its call may have been sent, read the service's state first; otherwise ${NEW_PLAN}`,
      };
    this.#open.delete(token);
    const now = this.now();
    if (now >= plan.expiresAt)
      return {
        kind: 'refused',
        why: `the confirm token expired unused (a plan waits ${PLAN_LIFETIME_MS / 60_000} minutes), so nothing was sent: ${NEW_PLAN}`,
      };
    const other = mismatch(plan, tool, args);
    if (other)
      return { kind: 'refused', why: `the confirm token was given for ${other}, and is now spent: ${NEW_PLAN}` };
    const answer = send();
    const record: SentCall<T> = { ...plan, sentAt: now, answer, settled: false };
    const settle = () => {
      record.settled = true;
    };
    answer.then(settle, settle);
    makeRoom(this.#sent, MAX_SENT_REMEMBERED);
    this.#sent.set(token, record);
    return { kind: 'sent', answer };
  }

  /**
   * Drops the answers of sent calls past their token's lifetime; when each was sent is kept. An answer
   * still on its way is kept whatever the clock says: its call is in flight, not over.
   */
  #forgetAnswers(): void {
    const now = this.now();
    for (const sent of this.#sent.values()) if (sent.settled && now >= sent.expiresAt) sent.answer = undefined;
  }

  /** A token whose call was sent, given again. */
  #again(sent: SentCall<T>, tool: string, args: Record<string, unknown>): Confirmation<T> {
    const other = mismatch(sent, tool, args);
    if (other)
      return {
        kind: 'refused',
        why: `the confirm token was given for ${other}, whose call was sent at ${new Date(sent.sentAt).toISOString()}; it confirms nothing else: ${NEW_PLAN}`,
      };
    this.#forgetAnswers();
    return sent.answer
      ? { kind: 'replay', answer: sent.answer, sentAt: sent.sentAt }
      : { kind: 'sent-before', sentAt: sent.sentAt, expiresAt: sent.expiresAt };
  }
}

/** What the token was given for, where that is not this call. */
function mismatch(call: PlannedCall, tool: string, args: Record<string, unknown>): string | undefined {
  if (call.tool !== tool) return `the tool ${call.tool}`;
  return call.args === canonicalJson(args) ? undefined : 'other arguments';
}
