// Per-test overrides: one operation answers as a test says, for a case the fixtures do not hold (a video
// still processing, an odd page). The request still goes through auth, the checks and the journal; only
// the operation's behaviour is replaced. The answer is checked against what the document declares for
// the operation before it is sent, so a test cannot teach an app something the service never says.
import type { createAnswerChecker, RouteSpec } from 'cloud-platform-api/internal';
import { bodyText, headerProblems, lowerCased } from './override-shape.js';

/** The most overrides kept at once: each call of an operation looks through them. */
export const MAX_OVERRIDES = 100;

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

/**
 * `checkAnswer` is the document's answer check, made when first asked for: an emulator with no override needs
 * none. `proxied`: every call goes to an upstream, so no override would ever answer, and none is taken.
 */
export function createOverrides(
  routes: readonly RouteSpec[],
  checkAnswer: () => ReturnType<typeof createAnswerChecker>,
  { proxied = false }: { proxied?: boolean } = {},
) {
  const byId = new Map(routes.map((route) => [route.operationId, route]));
  let kept: Kept[] = [];
  let nextId = 1;

  /** Each way the answer is off, as `field: message (rule)`: its HTTP form and bounds first, then the document. */
  function problems(route: RouteSpec, answer: OverrideAnswer): string[] {
    if (typeof answer !== 'object' || answer === null || !Number.isInteger(answer.status))
      return ['status: must be a whole number (type)'];
    const shape = headerProblems(answer.headers);
    const body = bodyText(answer.body);
    if ('problem' in body) return [...shape, body.problem];
    if (shape.length > 0) return shape;
    const own = lowerCased(answer.headers ?? {});
    const type = answer.body === undefined || typeof answer.body === 'string' ? undefined : 'application/json';
    const headers = { ...(type ? { 'content-type': type } : {}), ...own };
    const { response, issues } = checkAnswer()(route, { status: answer.status, headers, text: body.text });
    const typeProblem =
      own['content-type'] !== undefined && response
        ? undeclaredType(route, answer.status, own['content-type'], response.mediaTypes)
        : undefined;
    return [
      ...(typeProblem ? [typeProblem] : []),
      ...issues
        .filter((issue) => !(typeProblem && issue.part === 'content-type'))
        .map((issue) => `${issue.path === '$' ? 'status' : issue.path}: ${issue.message} (${issue.rule})`),
    ];
  }

  /** The answer as sent: its headers under their lower-case names, so none is sent twice beside the core's. */
  function checked(route: RouteSpec, answer: OverrideAnswer): OverrideAnswer {
    const found = problems(route, answer);
    if (found.length > 0)
      throw new OverrideError(
        `The override of ${route.operationId} answers what the document does not declare: ${found.join('; ')}`,
      );
    return answer.headers === undefined ? answer : { ...answer, headers: lowerCased(answer.headers) };
  }

  return {
    /** Adds an override; a fixed answer is checked now, a function's answers as they are made. */
    add(operationId: string, source: OverrideSource, { count }: { count?: number } = {}): StoredOverride {
      if (proxied)
        throw new OverrideError(
          'overrides: not applied in proxy mode, where every call is answered by the upstream; use a fault rule, or run without the proxy',
        );
      if (kept.length >= MAX_OVERRIDES)
        throw new OverrideError(
          `overrides: at most ${MAX_OVERRIDES} at once (MAX_OVERRIDES); remove or clear some first`,
        );
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

/** A Content-Type the document does not declare for this status (none, for an answer declared without a body). */
function undeclaredType(route: RouteSpec, status: number, contentType: string, declared: readonly string[]) {
  const mediaType = contentType.split(';')[0]!.trim().toLowerCase();
  if (declared.some((type) => type.toLowerCase() === mediaType)) return undefined;
  return `headers.content-type: ${mediaType} is not a Content-Type ${route.operationId} declares for ${status} (declared: ${declared.join(', ') || 'none'}) (content-type)`;
}
