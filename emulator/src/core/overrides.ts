// Per-test overrides: one operation answers as a test says, for a case the fixtures do not hold (a video
// still processing, an odd page). The request still goes through auth, the checks and the journal; only
// the operation's behaviour is replaced. The answer is checked against what the document declares for
// the operation before it is sent, so a test cannot teach an app something the service never says.
import type { createAnswerChecker, RouteSpec } from 'cloud-platform-api/internal';

/** What an override is given: the request as the checks read it (valid, with the document's defaults). */
export interface OverrideRequest {
  path: Record<string, unknown>;
  query: Record<string, unknown>;
  body: unknown;
  headers: Record<string, string | undefined>;
}

/** The answer an override gives: a status the operation declares, and its body and headers. */
export interface OverrideAnswer {
  status: number;
  body?: unknown;
  headers?: Record<string, string>;
}

export type OverrideSource = OverrideAnswer | ((request: OverrideRequest) => OverrideAnswer);

/** An override as kept: its id, its operation, and how many answers it has left. */
export interface StoredOverride {
  id: number;
  operationId: string;
  /** The answer given, where it is fixed; a function's answers are checked as each is made. */
  answer?: OverrideAnswer;
  /** Calls the override still answers, where it has a `count`. */
  remaining?: number;
}

/** An override that cannot be used: an unknown operation, a bad count, an answer off the document. */
export class OverrideError extends Error {
  override name = 'OverrideError';
}

interface Kept {
  stored: StoredOverride;
  source: OverrideSource;
}

/** `checkAnswer` is the document's answer check, made when first asked for: an emulator with no override needs none. */
export function createOverrides(
  routes: readonly RouteSpec[],
  checkAnswer: () => ReturnType<typeof createAnswerChecker>,
) {
  const byId = new Map(routes.map((route) => [route.operationId, route]));
  let kept: Kept[] = [];
  let nextId = 1;

  /** Each way the answer differs from what the document declares for the operation, as `field: message (rule)`. */
  function problems(route: RouteSpec, answer: OverrideAnswer): string[] {
    if (typeof answer !== 'object' || answer === null || !Number.isInteger(answer.status))
      return ['status: must be a whole number (type)'];
    const text =
      answer.body === undefined ? '' : typeof answer.body === 'string' ? answer.body : JSON.stringify(answer.body);
    const type = answer.body === undefined || typeof answer.body === 'string' ? undefined : 'application/json';
    const headers = { ...(type ? { 'content-type': type } : {}), ...lowerCased(answer.headers ?? {}) };
    return checkAnswer()(route, { status: answer.status, headers, text }).issues.map(
      (issue) => `${issue.path === '$' ? 'status' : issue.path}: ${issue.message} (${issue.rule})`,
    );
  }

  function checked(route: RouteSpec, answer: OverrideAnswer): OverrideAnswer {
    const found = problems(route, answer);
    if (found.length > 0)
      throw new OverrideError(
        `The override of ${route.operationId} answers what the document does not declare: ${found.join('; ')}`,
      );
    return answer;
  }

  return {
    /** Adds an override; a fixed answer is checked now, a function's answers as they are made. */
    add(operationId: string, source: OverrideSource, { count }: { count?: number } = {}): StoredOverride {
      const route = byId.get(operationId);
      if (!route)
        throw new OverrideError(
          `operationId: must be one of ${[...byId.keys()].map((id) => `"${id}"`).join(', ')}, got ${JSON.stringify(operationId)}`,
        );
      if (count !== undefined && (!Number.isInteger(count) || count < 1))
        throw new OverrideError(`count: must be a whole number from 1, got ${JSON.stringify(count)}`);
      if (typeof source !== 'function') checked(route, source);
      const stored: StoredOverride = {
        id: nextId++,
        operationId,
        ...(typeof source === 'function' ? {} : { answer: source }),
        ...(count === undefined ? {} : { remaining: count }),
      };
      kept.push({ stored, source });
      return { ...stored };
    },
    list: (): StoredOverride[] => kept.map(({ stored }) => ({ ...stored })),
    /** Removes one override; false when there was none by that id (spent, or removed before). */
    remove(id: number): boolean {
      const before = kept.length;
      kept = kept.filter(({ stored }) => stored.id !== id);
      return kept.length < before;
    },
    clear(): void {
      kept = [];
    },
    /**
     * The answer of the first override for this operation, its count spent, checked against the document
     * (an OverrideError names what is off); undefined when none applies.
     */
    answer(route: RouteSpec, request: OverrideRequest): OverrideAnswer | undefined {
      if (kept.length === 0) return undefined;
      const found = kept.find(({ stored }) => stored.operationId === route.operationId);
      if (!found) return undefined;
      if (found.stored.remaining !== undefined && --found.stored.remaining === 0)
        kept = kept.filter((each) => each !== found);
      return checked(route, typeof found.source === 'function' ? found.source(request) : found.source);
    },
  };
}

export type Overrides = ReturnType<typeof createOverrides>;

const lowerCased = (headers: Record<string, string>) =>
  Object.fromEntries(Object.entries(headers).map(([name, value]) => [name.toLowerCase(), value]));
