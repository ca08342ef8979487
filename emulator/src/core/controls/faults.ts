// Injected faults, for testing how a client handles failure: per request with Prism's `Prefer:
// code=NNN` (and `delay=MS`), or scripted with rules (POST /__emulator/faults, emulator.faults.add)
// that match an operation and answer a status, wait, drop the connection, or hold the request.
import type { OperationId } from 'cloud-platform-api';
import { pathPattern, type RouteSpec } from 'cloud-platform-api/toolbox';
import { describeErrors, type ContractValidator } from 'cloud-platform-check/contract';
import { EmulatorError } from '../../emulator-error.js';

/** A scripted fault: which requests it takes, and what happens to them (a status, a delay, a dropped or held connection). */
export interface FaultRule {
  /** The operation to fail (a typo is a type error); or `method` and `path` (a path template, or one concrete path). */
  operationId?: OperationId;
  method?: string;
  path?: string;
  /** Answer this status (400 to 599) with the area's error body. */
  status?: number;
  /** Wait this long first (then answer as usual, or with `status`). */
  delay_ms?: number;
  /** Drop the connection without answering. */
  reset?: true;
  /** Hold the request until the client gives up. */
  timeout?: true;
  /**
   * Run the operation first (its change is applied and kept), then fail its answer: with `status`
   * (500, 502, 503 or 504), `reset` or `timeout`. A write lost on the wire, for testing that a client
   * does not repeat it.
   */
  after?: true;
  /** The Retry-After header sent with `status`, with or without `after`. */
  retry_after?: string;
  /** How many matching calls fail; then the rule is spent. Default: every one. */
  count?: number;
  /** The chance (0 to 1) that a matching call fails. Default: 1. */
  probability?: number;
}

/** A fault rule as kept: with its id and how many requests it has left. */
export interface StoredFault extends FaultRule {
  id: number;
  /** Matching calls the rule still fails, where it has a `count`. */
  remaining?: number;
}

/** How a fault ends a connection: dropped at once (reset), or held until the client gives up (timeout). */
export type DropKind = 'reset' | 'timeout';

/** What a fault does to one call. */
export interface FaultAction {
  status?: number;
  /** The named example of the declared response to answer with (`Prefer: example=NAME`). */
  example?: string;
  retryAfter?: string;
  delayMs?: number;
  drop?: DropKind;
  /** The operation runs first, and its answer is failed after. */
  after?: true;
}

/** The statuses an answer can be failed with after the operation ran: what a gateway or a crash sends. */
const AFTER_STATUSES: readonly number[] = [500, 502, 503, 504];

/** A rule or a Prefer header that cannot be used; its message names the field and the rule. */
export class FaultRuleError extends EmulatorError {
  override name = 'FaultRuleError';
}

const MAX_DELAY_MS = 60_000;
/** The most fault rules kept at once: each call looks through them. */
export const MAX_FAULT_RULES = 100;

function ruleSchema(routes: readonly RouteSpec[]) {
  return {
    type: 'object',
    additionalProperties: false,
    properties: {
      operationId: { enum: [...new Set(routes.map((r) => r.operationId))] },
      // HEAD is answered as its GET, so a rule for it is a rule for the GET.
      method: { enum: [...new Set(routes.map((r) => r.method))] },
      path: { type: 'string', pattern: '^/' },
      status: { type: 'integer', minimum: 400, maximum: 599 },
      delay_ms: { type: 'integer', minimum: 0, maximum: MAX_DELAY_MS },
      reset: { const: true },
      timeout: { const: true },
      after: { const: true },
      retry_after: { type: 'string', pattern: '^[\\x21-\\x7e][\\x20-\\x7e]{0,99}$' },
      count: { type: 'integer', minimum: 1 },
      probability: { type: 'number', exclusiveMinimum: 0, maximum: 1 },
    },
  };
}

/** The rules a schema cannot say plainly, each with a message that names the fields. */
function combinationProblem(rule: FaultRule): string | undefined {
  const byOperation = rule.operationId !== undefined;
  const byPath = rule.method !== undefined || rule.path !== undefined;
  if (byOperation === byPath) return 'give either operationId, or method and path';
  if (byPath && (rule.method === undefined || rule.path === undefined)) return 'method and path go together';
  if ([rule.status, rule.delay_ms, rule.reset, rule.timeout].every((v) => v === undefined))
    return 'give what happens: status, delay_ms, reset or timeout';
  if ([rule.status, rule.reset, rule.timeout].filter((v) => v !== undefined).length > 1)
    return 'status, reset and timeout exclude each other';
  if (rule.retry_after !== undefined && rule.status === undefined) return 'retry_after goes with status';
  if (rule.after && rule.status === undefined && !rule.reset && !rule.timeout)
    return 'after goes with status, reset or timeout: how the answer fails once the operation ran';
  if (rule.after && rule.status !== undefined && !AFTER_STATUSES.includes(rule.status)) {
    return `after: status must be one of ${AFTER_STATUSES.join(', ')} (an answer lost after the operation ran), got ${rule.status}`;
  }
  if (rule.count !== undefined && rule.probability !== undefined) return 'count and probability exclude each other';
  return undefined;
}

/** A method-and-path rule that no operation would ever match: the path is no operation's, for that method. */
function unmatchedPath(rule: FaultRule, routes: readonly RouteSpec[]): string | undefined {
  if (rule.path === undefined) return undefined;
  const matches = routes.some(
    (r) => r.method === rule.method && (r.path === rule.path || pathPattern(r.path).test(rule.path!)),
  );
  const known = routes.filter((r) => r.method === rule.method).map((r) => r.path);
  return matches
    ? undefined
    : `path: no operation answers ${rule.method} ${rule.path}, so the rule would never fire; ${rule.method} paths: ${known.join(', ')}`;
}

/** Whether a rule is for calls to this route at this path. */
const ruleMatches = (rule: FaultRule, route: RouteSpec, path: string) =>
  rule.operationId
    ? rule.operationId === route.operationId
    : rule.method === route.method &&
      (rule.path === route.path || (rule.path !== undefined && pathPattern(rule.path).test(path)));

/** The check of a fault rule against what the routes allow, compiled once per document. */
/** The check of a fault rule against the rule's schema, as the contract validator compiles it. */
export type FaultRuleCheck = ReturnType<ContractValidator['compile']>;

export const compileFaultRule = (routes: readonly RouteSpec[], validator: ContractValidator) =>
  validator.compile(ruleSchema(routes));

/** The scripted faults: emulator.faults and /__emulator/faults. */
export interface Faults {
  /** Checks and adds a rule; a rule that cannot be used is a FaultRuleError naming the field. */
  add(rule: unknown): StoredFault;
  list(): StoredFault[];
  clear(): void;
  /**
   * The fault for a call to this route at this path: the first matching rule, in the order they were
   * added, that fires (each draws its own probability); spends that rule's count.
   */
  match(route: RouteSpec, path: string): FaultAction | undefined;
}

export function createFaults(
  routes: readonly RouteSpec[],
  ruleCheck: () => FaultRuleCheck,
  random: () => number = Math.random,
): Faults {
  let rules: StoredFault[] = [];
  let nextId = 1;

  return {
    /** Checks and adds a rule; a rule that cannot be used is a FaultRuleError naming the field. */
    add(rule: unknown): StoredFault {
      if (rules.length >= MAX_FAULT_RULES)
        throw new FaultRuleError(
          `Invalid fault rule: at most ${MAX_FAULT_RULES} rules at once (MAX_FAULT_RULES); clear them first`,
        );
      const validate = ruleCheck();
      if (!validate(rule)) {
        throw new FaultRuleError(
          `Invalid fault rule: ${describeErrors(validate.errors)
            .map((i) => `${i.path.replace(/^\$\.?/, '') || 'rule'}: ${i.message} (${i.rule})`)
            .join('; ')}`,
        );
      }
      const problem = combinationProblem(rule as FaultRule) ?? unmatchedPath(rule as FaultRule, routes);
      if (problem) throw new FaultRuleError(`Invalid fault rule: ${problem}`);
      const stored: StoredFault = {
        ...(rule as FaultRule),
        id: nextId++,
        ...((rule as FaultRule).count ? { remaining: (rule as FaultRule).count } : {}),
      };
      rules.push(stored);
      return stored;
    },
    list: (): StoredFault[] => rules.map((rule) => ({ ...rule })),
    clear(): void {
      rules = [];
    },
    /**
     * The fault for a call to this route at this path: the first matching rule, in the order they were
     * added, that fires (each draws its own probability); spends that rule's count.
     */
    match(route: RouteSpec, path: string): FaultAction | undefined {
      if (rules.length === 0) return undefined;
      const rule = rules.find(
        (r) => ruleMatches(r, route, path) && (r.probability === undefined || random() < r.probability),
      );
      if (!rule) return undefined;
      if (rule.remaining !== undefined && --rule.remaining === 0) rules = rules.filter((r) => r !== rule);
      return {
        ...(rule.status !== undefined ? { status: rule.status } : {}),
        ...(rule.retry_after !== undefined ? { retryAfter: rule.retry_after } : {}),
        ...(rule.delay_ms !== undefined ? { delayMs: rule.delay_ms } : {}),
        ...(rule.reset ? { drop: 'reset' as const } : rule.timeout ? { drop: 'timeout' as const } : {}),
        ...(rule.after ? { after: true as const } : {}),
      };
    },
  };
}

/**
 * What a `Prefer` header asks for, in Prism's syntax: `code=NNN` answers that status (an error status;
 * the operation's own success status, which changes nothing; or another 2xx the operation declares,
 * answered from its example), `example=NAME` answers that named example of the declared response,
 * `delay=MS` waits first. Other preferences are ignored. A value that cannot be used is a FaultRuleError.
 */
export function preferredFault(header: string | undefined, route: RouteSpec): FaultAction | undefined {
  if (!header) return undefined;
  const action: FaultAction = {};
  for (const preference of header.split(/[,;]/)) {
    const [name, raw = ''] = preference.split('=').map((part) => part.trim());
    const value = raw.replace(/^"(.*)"$/, '$1');
    if (name?.toLowerCase() === 'code') {
      const code = Number(value);
      const successes = Object.keys(route.operation.responses ?? {}).filter((status) => /^2\d\d$/.test(status));
      if (!/^\d{3}$/.test(value) || ((code < 400 || code > 599) && !successes.includes(value))) {
        throw new FaultRuleError(
          `header.prefer: code must be an error status from 400 to 599, or a success status ${route.operationId} declares (${successes.join(', ')}), got "${value}"`,
        );
      }
      if (code !== route.status) action.status = code;
    } else if (name?.toLowerCase() === 'example') {
      action.example = value;
    } else if (name?.toLowerCase() === 'delay') {
      const ms = Number(value);
      if (!/^\d+$/.test(value) || ms > MAX_DELAY_MS)
        throw new FaultRuleError(
          `header.prefer: delay must be a whole number of milliseconds from 0 to ${MAX_DELAY_MS}, got "${value}"`,
        );
      action.delayMs = ms;
    }
  }
  return Object.keys(action).length > 0 ? action : undefined;
}
