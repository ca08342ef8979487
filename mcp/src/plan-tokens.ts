// The one-time tokens of the plans a live write answers with first (write-plan.ts). A token is bound to
// its tool and the exact arguments it was planned with, confirms one call only, and expires: whatever
// does not match is refused, so a call reaches the API only as it was shown in its plan.
import { randomBytes } from 'node:crypto';

/** How long a plan may wait for its confirmation. */
export const PLAN_LIFETIME_MS = 5 * 60_000;
/** Plans held at once: an agent asking for plans without end cannot grow the server's memory. */
const MAX_OPEN_PLANS = 100;

interface OpenPlan {
  tool: string;
  args: string;
  expiresAt: number;
}

/** A value as one string, object keys sorted at every depth: the same call however its keys are ordered. */
function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (value === null || typeof value !== 'object') return JSON.stringify(value);
  const entries = Object.entries(value).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return `{${entries.map(([key, item]) => `${JSON.stringify(key)}:${canonicalJson(item)}`).join(',')}}`;
}

const NEW_PLAN = 'call it again without confirm for a new plan';

export class PlanBook {
  readonly #plans = new Map<string, OpenPlan>();

  constructor(private readonly now: () => number = Date.now) {}

  /** A token for this call, and when it expires (milliseconds since the epoch). */
  open(tool: string, args: Record<string, unknown>): { token: string; expiresAt: number } {
    const now = this.now();
    for (const [token, plan] of this.#plans) if (plan.expiresAt <= now) this.#plans.delete(token);
    // A Map keeps insertion order: the first key is the oldest plan.
    while (this.#plans.size >= MAX_OPEN_PLANS) this.#plans.delete(this.#plans.keys().next().value as string);
    const token = randomBytes(18).toString('base64url');
    const expiresAt = now + PLAN_LIFETIME_MS;
    this.#plans.set(token, { tool, args: canonicalJson(args), expiresAt });
    return { token, expiresAt };
  }

  /**
   * Why the token does not confirm this call, or undefined when it does. A token this server gave is spent
   * by its first use, matching or not: a plan is confirmed as shown, or planned anew.
   */
  redeem(token: string, tool: string, args: Record<string, unknown>): string | undefined {
    const plan = this.#plans.get(token);
    if (!plan) return `the confirm token is not one this server gave, or it was used already: ${NEW_PLAN}`;
    this.#plans.delete(token);
    if (this.now() >= plan.expiresAt)
      return `the confirm token expired (a plan waits ${PLAN_LIFETIME_MS / 60_000} minutes): ${NEW_PLAN}`;
    if (plan.tool !== tool || plan.args !== canonicalJson(args))
      return `the confirm token was given for ${plan.tool === tool ? 'other arguments' : `the tool ${plan.tool}`}, and is now spent: ${NEW_PLAN}`;
    return undefined;
  }
}
